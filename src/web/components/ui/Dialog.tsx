import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * Opens a native <dialog> as a modal while `open` holds (focus moves in, Esc cancels, the page
 * behind is inert) and closes it after; focus returns to what opened it.
 */
export function useModalDialog(open: boolean) {
	const ref = useRef<HTMLDialogElement>(null);
	useEffect(() => {
		const dialog = ref.current;
		if (!dialog) return;
		if (open && !dialog.open) dialog.showModal();
		if (!open && dialog.open) dialog.close();
	}, [open]);
	return ref;
}

/**
 * A modal dialog (native <dialog>: focus moves in, Esc closes, the page behind is inert), with
 * its title and a close button. Focus returns to what opened it when it closes.
 */
export function Dialog({
	open,
	title,
	children,
	onClose,
	closeLabel = "Fechar",
	testId,
}: {
	open: boolean;
	title: string;
	children: ReactNode;
	onClose: () => void;
	closeLabel?: string;
	testId?: string;
}) {
	const ref = useModalDialog(open);
	const titleId = useId();

	return (
		<dialog
			ref={ref}
			className="dialog"
			aria-labelledby={titleId}
			onCancel={(event) => {
				event.preventDefault();
				onClose();
			}}
			data-testid={testId}
		>
			<h2 id={titleId}>{title}</h2>
			<div className="dialog__body">{open ? children : null}</div>
			<div className="dialog__actions">
				<button type="button" className="btn btn--primary" onClick={onClose}>
					{closeLabel}
				</button>
			</div>
		</dialog>
	);
}
