import { useId } from "react";
import type { SessionTree } from "../../api/hooks";
import { formatDateLabel } from "../../lib/format";
import { datesOfTrack, mostRecentOfTrack } from "../../lib/session-choice";
import "./session-picker.css";

const STATUS_SUFFIX = { processed: "", received: " (aguardando)", failed: " (com erro)" } as const;

/**
 * "Pista:", "Data:" and "Carregar" (/laps and /analytics). The selects show the session on
 * screen, which lives in the address: choosing another track shows its most recent date at
 * once, choosing a date shows that session. "Carregar" asks the server again (a session the
 * logger just sent appears).
 */
export function SessionPicker({
	tracks,
	track,
	date,
	onChoose,
	onReload,
	reloading = false,
}: {
	tracks: SessionTree["tracks"];
	track: string | null;
	/** `yyyy-mm-dd` */
	date: string | null;
	onChoose: (track: string, date: string) => void;
	onReload: () => void;
	reloading?: boolean;
}) {
	const id = useId();
	const dates = datesOfTrack(tracks, track);
	return (
		<form
			className="picker"
			aria-label="Escolha da sessão"
			onSubmit={(event) => {
				event.preventDefault();
				onReload();
			}}
		>
			<div className="picker__field">
				<label htmlFor={`${id}-track`}>Pista:</label>
				<select
					id={`${id}-track`}
					className="select"
					value={track ?? ""}
					onChange={(event) => {
						const entry = mostRecentOfTrack(tracks, event.target.value);
						if (entry) onChoose(entry.track, entry.date.date);
					}}
				>
					{track === null ? <option value="">Selecione a pista</option> : null}
					{tracks.map((t) => (
						<option key={t.track} value={t.track}>
							{t.track}
						</option>
					))}
				</select>
			</div>
			<div className="picker__field">
				<label htmlFor={`${id}-date`}>Data:</label>
				<select
					id={`${id}-date`}
					className="select"
					value={date ?? ""}
					disabled={track === null}
					onChange={(event) => {
						if (track !== null) onChoose(track, event.target.value);
					}}
				>
					{date === null || !dates.some((d) => d.date === date) ? (
						<option value={date ?? ""}>Selecione a data</option>
					) : null}
					{dates.map((d) => (
						<option key={d.sessionId} value={d.date}>
							{formatDateLabel(d.folder)}
							{STATUS_SUFFIX[d.status]}
						</option>
					))}
				</select>
			</div>
			<button
				type="submit"
				className="btn btn--primary picker__load"
				disabled={reloading}
				aria-busy={reloading}
				title="Buscar de novo no servidor"
			>
				Carregar
			</button>
		</form>
	);
}
