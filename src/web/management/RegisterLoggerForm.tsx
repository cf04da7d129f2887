import { useId, useState } from "react";
import { HARDWARE_ID_PATTERN } from "../../shared/api/admin";
import { errorMessage } from "../api/client";
import { useSubmitOnce } from "../lib/use-submit-once";
import { useRegisterHardware } from "./queries";

const ID_RULE = "De 1 a 64 letras, números, '-' ou '_'.";

/** Registers a new logger; the parent shows its device key once. */
export function RegisterLoggerForm({
	onRegistered,
}: {
	onRegistered: (hardwareId: string, deviceKey: string) => void;
}) {
	const headingId = useId();
	const idFieldId = useId();
	const nameFieldId = useId();
	const ruleId = useId();
	const [hardwareId, setHardwareId] = useState("");
	const [name, setName] = useState("");
	const register = useRegisterHardware();
	const submission = useSubmitOnce();
	const pending = submission.busy || register.isPending;

	const trimmedId = hardwareId.trim();
	const idValid = HARDWARE_ID_PATTERN.test(trimmedId);
	const showRule = trimmedId !== "" && !idValid;

	function submit() {
		if (!idValid) return;
		// A double click gets here twice before the button turns disabled: only one request leaves.
		void submission.run(async () => {
			try {
				const result = await register.mutateAsync({ id: trimmedId, name });
				setHardwareId("");
				setName("");
				onRegistered(result.hardware.id, result.deviceKey);
			} catch {
				// The mutation keeps the error; it is shown below the form.
			}
		});
	}

	return (
		<section className="card" aria-labelledby={headingId}>
			<h2 id={headingId}>Registrar novo logger</h2>
			<form
				className="mg-assign"
				onSubmit={(event) => {
					event.preventDefault();
					submit();
				}}
			>
				<div className="field mg-assign__field">
					<label className="field__label" htmlFor={idFieldId}>
						Código do logger
					</label>
					<input
						id={idFieldId}
						className="field__input"
						value={hardwareId}
						onChange={(event) => {
							setHardwareId(event.target.value);
							register.reset();
						}}
						autoComplete="off"
						spellCheck={false}
						aria-invalid={showRule}
						aria-describedby={ruleId}
						placeholder="ex.: D412"
					/>
					<small id={ruleId} className={showRule ? "field__error" : "field__hint"}>
						{ID_RULE}
					</small>
				</div>
				<div className="field mg-assign__field">
					<label className="field__label" htmlFor={nameFieldId}>
						Nome (opcional)
					</label>
					<input
						id={nameFieldId}
						className="field__input"
						value={name}
						maxLength={60}
						onChange={(event) => setName(event.target.value)}
						autoComplete="off"
					/>
				</div>
				<div className="mg-assign__action">
					<button
						type="submit"
						className="btn btn--primary"
						disabled={!idValid || pending}
						aria-busy={pending}
					>
						Registrar logger
					</button>
				</div>
			</form>
			{register.error ? (
				<p className="field__error mg-message" role="alert">
					{errorMessage(register.error)}
				</p>
			) : null}
		</section>
	);
}
