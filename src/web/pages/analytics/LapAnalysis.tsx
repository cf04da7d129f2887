import { useMemo } from "react";
import type { LapView } from "../../../shared/api/sessions";
import { useLapPath } from "../../api/hooks";
import { useLapChannelsPath } from "../../api/lap-channels";
import type { ColourBy } from "../../canvas/scene";
import { PathViewer } from "../../components/session/PathViewer";
import { EmptyState, ErrorState, LoadingState } from "../../components/ui/States";
import { type ChunkState, chunk, useChunk } from "../../lib/chunk";
import { lapSummaryText } from "../../lib/lap-summary";
import { leanLabel } from "../../lib/source-labels";
import type { ChartLap } from "./LapCharts";

// Loaded beside the lap's data, not with Suspense (see lib/chunk: no 300 ms hold).
const lapChartsChunk = chunk(() => import("./LapCharts"));

const LAP_COLOUR = "#c62828";

/**
 * One lap: its charts and its map. The charts take a list of laps, so a compared lap is one
 * more entry.
 */
export function LapAnalysis({
	sessionId,
	lap,
	where,
	best,
	colourBy,
	leanEstimated = false,
}: {
	sessionId: string;
	lap: LapView;
	where: string;
	best: boolean;
	colourBy: ColourBy;
	/** The session's lean is estimated from the path: every label of it says so. */
	leanEstimated?: boolean;
}) {
	// An estimated lean travels only in the channels; a measured one is in the JSON path too.
	const channelsPath = useLapChannelsPath(sessionId, lap.number, leanEstimated);
	const jsonPath = useLapPath(leanEstimated ? null : sessionId, lap.number);
	const path = leanEstimated ? channelsPath : jsonPath;
	// The same array while the path is the same: a new one redraws the charts.
	const chartLaps = useMemo(
		() =>
			path.data ? [{ label: `Volta ${lap.number}`, colour: LAP_COLOUR, path: path.data.path }] : [],
		[path.data, lap.number],
	);
	const charts = useChunk(lapChartsChunk);
	const colourWord = colourBy === "speed" ? "velocidade" : leanLabel(leanEstimated, "inclinação");
	return (
		<div className="analytics-lap">
			<section className="card" aria-labelledby="analytics-charts-title">
				<h2 id="analytics-charts-title">
					Volta {lap.number}: velocidade e {leanLabel(leanEstimated, "inclinação")}
				</h2>
				{path.isPending ? <LoadingState text="Carregando os dados da volta…" /> : null}
				{path.isError ? (
					<ErrorState
						what="Não foi possível carregar os dados da volta."
						error={path.error}
						onRetry={() => void path.refetch()}
					/>
				) : null}
				{path.data ? (
					path.data.path.lat.length === 0 ? (
						<EmptyState text="Esta volta não tem pontos de GPS." />
					) : (
						<LapChartsWhenLoaded charts={charts} laps={chartLaps} leanEstimated={leanEstimated} />
					)
				) : null}
			</section>
			<section className="card" aria-labelledby="analytics-map-title">
				<h2 id="analytics-map-title">Mapa da volta {lap.number}</h2>
				<PathViewer
					sessionId={sessionId}
					lap={lap.number}
					colourBy={colourBy}
					paths={leanEstimated && path.data ? [path.data.path] : undefined}
					label={`${lapSummaryText(lap, where, best, leanEstimated)} Cores por ${colourWord}.`}
					leanEstimated={leanEstimated}
				/>
			</section>
		</div>
	);
}

function LapChartsWhenLoaded({
	charts,
	laps,
	leanEstimated,
}: {
	charts: ChunkState<typeof import("./LapCharts")>;
	laps: ChartLap[];
	leanEstimated: boolean;
}) {
	if (charts.kind === "loading") return <LoadingState text="Carregando os gráficos…" />;
	if (charts.kind === "error") {
		return (
			<ErrorState
				what="Não foi possível carregar os gráficos."
				error={charts.error}
				onRetry={charts.retry}
			/>
		);
	}
	const LapCharts = charts.module.default;
	return <LapCharts laps={laps} leanEstimated={leanEstimated} />;
}
