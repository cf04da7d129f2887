import type { LapPath } from "../../../shared/api/sessions";
import { useLapPath, useSessionPaths } from "../../api/hooks";
import type { ColourBy } from "../../canvas/scene";
import { TrackCanvas } from "../../canvas/TrackCanvas";
import { EmptyState, ErrorState, LoadingState } from "../ui/States";

/**
 * Loads the path of a lap (or of every lap of a session when `lap` is null) and draws it. The
 * canvas is made anew for each selection, so nothing of the previous one can stay on screen.
 */
export function PathViewer({
	sessionId,
	lap,
	colourBy = "speed",
	label,
	leanEstimated = false,
	paths: given,
}: {
	sessionId: string;
	lap: number | null;
	colourBy?: ColourBy;
	/** What the drawing shows, in words (read instead of the canvas). */
	label: string;
	leanEstimated?: boolean;
	/** Paths loaded by the caller (e.g. from the channels, with an estimated lean). */
	paths?: readonly LapPath[];
}) {
	const isLap = lap !== null;
	const lapPath = useLapPath(isLap && !given ? sessionId : null, lap);
	const session = useSessionPaths(isLap || given ? null : sessionId);
	const query = isLap ? lapPath : session;
	const paths =
		given ?? (isLap ? (lapPath.data ? [lapPath.data.path] : null) : (session.data?.paths ?? null));

	if (!given && query.isPending)
		return (
			<LoadingState
				text={isLap ? "Carregando o traçado da volta…" : "Carregando os traçados da sessão…"}
			/>
		);
	if (!given && query.isError) {
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
		return (
			<EmptyState
				text={
					isLap
						? "Esta volta não tem pontos de GPS para desenhar."
						: "Esta sessão não tem pontos de GPS para desenhar."
				}
			/>
		);
	}
	return (
		<TrackCanvas
			key={`${sessionId}:${lap ?? "all"}`}
			paths={paths}
			colourBy={colourBy}
			label={label}
			leanEstimated={leanEstimated}
		/>
	);
}
