import { type ReactNode, useId } from "react";
import { useModalDialog } from "../components/ui/Dialog";

/** A modal question with a confirm and a cancel button (native <dialog>: focus trap and Esc). */
export function ConfirmDialog({
	open,
	title,
	children,
	confirmLabel,
	onConfirm,
	onCancel,
}: {
	open: boolean;
	title: string;
	children: ReactNode;
	confirmLabel: string;
	onConfirm: () => void;
	onCancel: () => void;
}) {
	const ref = useModalDialog(open);
	const titleId = useId();

	return (
		<dialog ref={ref} className="mg-dialog" aria-labelledby={titleId} onCancel={onCancel}>
			<h2 id={titleId}>{title}</h2>
			<div className="mg-dialog__body">{children}</div>
			<div className="mg-dialog__actions">
				<button type="button" className="btn" onClick={onCancel}>
					Cancelar
				</button>
				<button type="button" className="btn btn--primary" onClick={onConfirm}>
					{confirmLabel}
				</button>
			</div>
		</dialog>
	);
}
