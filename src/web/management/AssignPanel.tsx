import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../api/client";
import { EmptyState, ErrorState } from "../components/ui/States";
import { useSubmitOnce } from "../lib/use-submit-once";
import { ConfirmDialog } from "./ConfirmDialog";
import { DeviceKeyBox } from "./DeviceKeyBox";

export interface SelectOption {
	value: string;
	label: string;
}

/** One of the two selects: its options come from a query with its own loading/error state. */
export interface AssignSelect {
	label: string;
	/** First option, shown while nothing is chosen. */
	placeholder: string;
	options: SelectOption[] | undefined;
	isLoading: boolean;
	error: unknown;
	onRetry: () => void;
	/** Shown when the list loaded and has nothing. */
	emptyText: string;
	testId: string;
}

/** The options and load state of a select whose items (each with an id) come from a query. */
export function optionsFromQuery<T extends { id: string }>(
	query: {
		data: readonly T[] | undefined;
		isLoading: boolean;
		error: unknown;
		refetch: () => unknown;
	},
	labelOf: (item: T) => string,
): Pick<AssignSelect, "options" | "isLoading" | "error" | "onRetry"> {
	return {
		options: query.data?.map((item) => ({ value: item.id, label: labelOf(item) })),
		isLoading: query.isLoading,
		error: query.error,
		onRetry: () => void query.refetch(),
	};
}

/** What an assignment takes from someone, said before it happens. */
export interface Consequences {
	title: string;
	/** One sentence per loss: "paula@x deixa de ter o logger 1." */
	lines: string[];
	confirmLabel: string;
}

interface AssignPanelProps {
	title: string;
	hint?: string;
	left: AssignSelect;
	right: AssignSelect;
	/** Performs the assignment; resolves once the lists are fresh again. */
	onAssign: (left: string, right: string) => Promise<unknown>;
	/** What the choice would take from someone; null or no lines: nothing to confirm. */
	consequences?: (left: string, right: string) => Consequences | null;
	/**
	 * Offers a new device key with the hand-over (asked in the confirmation, checked by default):
	 * whoever kept the old key could otherwise still send as this logger and read its Wi-Fi.
	 */
	rotateKey?: (left: string, right: string) => Promise<{ hardwareId: string; deviceKey: string }>;
}

/** How long "Cadastrado!" stays on the button. */
export const DONE_LABEL_MS = 2000;

function SelectField({
	spec,
	value,
	onChange,
}: {
	spec: AssignSelect;
	value: string;
	onChange: (value: string) => void;
}) {
	const id = useId();
	const options = spec.options ?? [];
	const loaded = !spec.isLoading && !spec.error;
	return (
		<div className="field mg-assign__field">
			<label className="field__label" htmlFor={id}>
				{spec.label}
			</label>
			<select
				id={id}
				className="select"
				data-testid={spec.testId}
				value={value}
				disabled={!loaded || options.length === 0}
				onChange={(event) => onChange(event.target.value)}
			>
				<option value="">{spec.isLoading ? "Carregando…" : spec.placeholder}</option>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			{spec.error ? (
				<ErrorState
					what="Não foi possível carregar a lista."
					error={spec.error}
					onRetry={spec.onRetry}
				/>
			) : null}
			{loaded && options.length === 0 ? <EmptyState text={spec.emptyText} /> : null}
		</div>
	);
}

/**
 * Two selects and "Cadastrar": the button stays disabled until both have a value; after a
 * successful assignment it reads "Cadastrado!" for a moment while the lists refresh in place.
 */
export function AssignPanel({
	title,
	hint,
	left,
	right,
	onAssign,
	consequences,
	rotateKey,
}: AssignPanelProps) {
	const [rotate, setRotate] = useState(true);
	const [newKey, setNewKey] = useState<{ hardwareId: string; deviceKey: string } | null>(null);
	const rotateId = useId();
	const headingId = useId();
	const [leftValue, setLeftValue] = useState("");
	const [rightValue, setRightValue] = useState("");
	const submission = useSubmitOnce();
	const pending = submission.busy;
	const [asking, setAsking] = useState<Consequences | null>(null);
	const [done, setDone] = useState(false);
	const [error, setError] = useState<unknown>(null);
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

	useEffect(() => () => clearTimeout(timer.current), []);

	// A choice that left its list (a logger that just went to a rider) is no longer a choice.
	useEffect(() => {
		if (leftValue && left.options && !left.options.some((o) => o.value === leftValue)) {
			setLeftValue("");
		}
	}, [left.options, leftValue]);
	useEffect(() => {
		if (rightValue && right.options && !right.options.some((o) => o.value === rightValue)) {
			setRightValue("");
		}
	}, [right.options, rightValue]);

	const ready = leftValue !== "" && rightValue !== "" && !pending;

	function assign() {
		const [l, r] = [leftValue, rightValue];
		void submission.run(async () => {
			setError(null);
			setDone(false);
			clearTimeout(timer.current);
			try {
				await onAssign(l, r);
				if (rotateKey && rotate) setNewKey(await rotateKey(l, r));
				setDone(true);
				timer.current = setTimeout(() => setDone(false), DONE_LABEL_MS);
			} catch (caught) {
				setError(caught);
			}
		});
	}

	function submit() {
		if (!ready) return;
		const losses = consequences?.(leftValue, rightValue) ?? null;
		if (losses && (losses.lines.length > 0 || rotateKey)) {
			setRotate(true);
			setAsking(losses);
		} else assign();
	}

	function choose(setter: (value: string) => void) {
		return (value: string) => {
			setter(value);
			setError(null);
		};
	}

	return (
		<section className="card" aria-labelledby={headingId}>
			<h2 id={headingId}>{title}</h2>
			{hint ? <p className="field__hint">{hint}</p> : null}
			<form
				className="mg-assign"
				onSubmit={(event) => {
					event.preventDefault();
					submit();
				}}
			>
				<SelectField spec={left} value={leftValue} onChange={choose(setLeftValue)} />
				<SelectField spec={right} value={rightValue} onChange={choose(setRightValue)} />
				<div className="mg-assign__action">
					<button
						type="submit"
						className={done ? "btn btn--primary mg-done" : "btn btn--primary"}
						disabled={!ready}
						aria-busy={pending}
					>
						{done ? "Cadastrado!" : "Cadastrar"}
					</button>
				</div>
			</form>
			{error ? (
				<p className="field__error mg-message" role="alert">
					{errorMessage(error)}
				</p>
			) : null}
			<ConfirmDialog
				open={asking !== null}
				title={asking?.title ?? ""}
				confirmLabel={asking?.confirmLabel ?? "Confirmar"}
				onConfirm={() => {
					setAsking(null);
					assign();
				}}
				onCancel={() => setAsking(null)}
			>
				{asking && asking.lines.length > 0 ? (
					<ul className="mg-losses" data-testid="handover-consequences">
						{asking.lines.map((line) => (
							<li key={line}>{line}</li>
						))}
					</ul>
				) : null}
				{rotateKey ? (
					<div className="mg-rotate">
						<input
							id={rotateId}
							type="checkbox"
							checked={rotate}
							data-testid="handover-rotate-key"
							onChange={(event) => setRotate(event.target.checked)}
						/>
						<label htmlFor={rotateId}>
							Trocar a chave do logger na entrega. A chave antiga deixa de funcionar: quem a guardou
							não poderá mais enviar sessões nem ler o Wi-Fi do novo dono. A nova chave aparece uma
							única vez e deve ser gravada no logger.
						</label>
					</div>
				) : null}
			</ConfirmDialog>
			{newKey ? (
				<DeviceKeyBox
					hardwareId={newKey.hardwareId}
					deviceKey={newKey.deviceKey}
					onClose={() => setNewKey(null)}
				/>
			) : null}
		</section>
	);
}
