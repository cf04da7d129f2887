import { useEffect, useId, useState } from "react";
import { useSessionTree } from "../../api/hooks";
import { formatDateLabel } from "../../lib/format";
import {
	chooseTrack,
	datesOfTrack,
	initialChoice,
	type SessionChoice,
} from "../../lib/session-choice";
import { EmptyState, ErrorState, LoadingState } from "../ui/States";
import "./session-picker.css";

/**
 * "Pista:", "Data:" and "Carregar" (/laps and /analytics). The first track and its first date
 * are preselected; another track preselects its first date. `onLoad` gets the chosen session.
 */
export function SessionPicker({
	onLoad,
	loading,
}: {
	onLoad: (sessionId: string) => void;
	loading?: boolean;
}) {
	const tree = useSessionTree();
	const id = useId();
	const [choice, setChoice] = useState<SessionChoice | null>(null);
	const tracks = tree.data?.tracks ?? [];

	useEffect(() => {
		if (tree.data && choice === null) setChoice(initialChoice(tree.data.tracks));
	}, [tree.data, choice]);

	if (tree.isPending) return <LoadingState text="Carregando pistas e datas…" />;
	if (tree.isError) {
		return (
			<ErrorState
				what="Não foi possível carregar as pistas e datas."
				error={tree.error}
				onRetry={() => void tree.refetch()}
			/>
		);
	}
	if (tracks.length === 0) return <EmptyState text="Nenhuma sessão gravada ainda." />;

	const current = choice ?? initialChoice(tracks);
	const dates = datesOfTrack(tracks, current.track);
	return (
		<form
			className="picker"
			onSubmit={(event) => {
				event.preventDefault();
				if (current.sessionId) onLoad(current.sessionId);
			}}
		>
			<div className="picker__field">
				<label htmlFor={`${id}-track`}>Pista:</label>
				<select
					id={`${id}-track`}
					className="select"
					value={current.track ?? ""}
					onChange={(event) => setChoice(chooseTrack(tracks, event.target.value))}
				>
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
					value={current.sessionId ?? ""}
					onChange={(event) => setChoice({ ...current, sessionId: event.target.value })}
				>
					{dates.map((d) => (
						<option key={d.sessionId} value={d.sessionId}>
							{formatDateLabel(d.folder)}
						</option>
					))}
				</select>
			</div>
			<button
				type="submit"
				className="btn btn--primary picker__load"
				disabled={!current.sessionId || loading}
			>
				Carregar
			</button>
		</form>
	);
}
