import { useLapPath, useSessionPaths } from "../../api/hooks";
import type { ColourBy } from "../../canvas/scene";
import { TrackCanvas } from "../../canvas/TrackCanvas";
import { EmptyState, ErrorState, LoadingState } from "../ui/States";
import type { TreeSelection } from "./SessionTree";

/** Loads the path(s) of a selection and draws them; every state says what is going on. */
export function PathViewer({
	selection,
	colourBy = "speed",
	title,
}: {
	selection: TreeSelection;
	colourBy?: ColourBy;
	title: string;
}) {
	const isLap = selection.kind === "lap";
	const lap = useLapPath(isLap ? selection.sessionId : null, isLap ? selection.lap : null);
	const session = useSessionPaths(isLap ? null : selection.sessionId);
	const query = isLap ? lap : session;
	const paths = isLap ? (lap.data ? [lap.data.path] : null) : (session.data?.paths ?? null);

	if (query.isPending)
		return (
			<LoadingState
				text={isLap ? "Carregando o traçado da volta…" : "Carregando os traçados da sessão…"}
			/>
		);
	if (query.isError) {
		return (
			<ErrorState
				what={
					isLap
						? "Não foi possível carregar o traçado da volta."
						: "Não foi possível carregar os traçados da sessão."
				}
				error={query.error}
				onRetry={() => void query.refetch()}
			/>
		);
	}
	if (!paths || paths.every((p) => p.lat.length === 0)) {
		return <EmptyState text="Sem pontos de GPS para desenhar." />;
	}
	return <TrackCanvas paths={paths} colourBy={colourBy} label={title} />;
}
