import { useId } from "react";
import type { LapReferences } from "../../api/compare-hooks";
import { formatRef, parseRef, type RefChoice } from "../../lib/compare-url";
import { formatIsoDate, formatLapTime } from "../../lib/format";

const BEST = "best";

/** The reference lap: the session's best, the personal best, a lap of this or another session. */
export function ReferencePicker({
	references,
	choice,
	onChoose,
}: {
	references: LapReferences;
	choice: RefChoice;
	onChoose: (choice: RefChoice) => void;
}) {
	const id = useId();
	const value = formatRef(choice) ?? BEST;
	const { sessionBest, personalBest, sessionLaps, otherSessions } = references;
	return (
		<div className="picker__field compare-picker">
			<label htmlFor={id}>Comparar com:</label>
			<select
				id={id}
				className="select"
				value={value}
				data-testid="compare-reference"
				onChange={(event) =>
					onChoose(event.target.value === BEST ? { kind: "best" } : parseRef(event.target.value))
				}
			>
				<option value={BEST}>
					Melhor da sessão
					{sessionBest
						? ` — volta ${sessionBest.number}, ${formatLapTime(sessionBest.timeMs)}`
						: ""}
				</option>
				{personalBest ? (
					<option value="pb">
						Recorde pessoal — {formatLapTime(personalBest.timeMs)} (
						{formatIsoDate(personalBest.date)})
					</option>
				) : null}
				{sessionLaps.length > 0 ? (
					<optgroup label="Nesta sessão">
						{sessionLaps.map((l) => (
							<option key={l.number} value={String(l.number)}>
								Volta {l.number} — {formatLapTime(l.timeMs)}
							</option>
						))}
					</optgroup>
				) : null}
				{otherSessions.map((s) => (
					<optgroup
						key={s.sessionId}
						label={`${formatIsoDate(s.date)}${s.riderLabel ? ` · ${s.riderLabel}` : ""}`}
					>
						{s.laps.map((l) => (
							<option key={l.number} value={`${s.sessionId}.${l.number}`}>
								Volta {l.number} — {formatLapTime(l.timeMs)}
								{s.bestLap?.number === l.number ? " (melhor)" : ""}
							</option>
						))}
					</optgroup>
				))}
			</select>
			{references.moreSessions ? (
				<span className="compare-muted">Mostrando as sessões mais recentes desta pista.</span>
			) : null}
		</div>
	);
}
