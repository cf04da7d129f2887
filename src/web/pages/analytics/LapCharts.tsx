import { useMemo } from "react";
import type { LapPath } from "../../../shared/api/sessions";
import LineChart, { type ChartSeries } from "../../components/charts/LineChart";
import { distanceAlongLap } from "../../lib/path-distance";
import { leanLabel } from "../../lib/source-labels";

/** One lap drawn on the charts. A comparison adds a second one (its own distances). */
export interface ChartLap {
	label: string;
	colour: string;
	path: LapPath;
}

function extremes(values: readonly (number | null)[], x: readonly number[]) {
	let min: number | null = null;
	let max: number | null = null;
	let maxAt = 0;
	values.forEach((v, i) => {
		if (v === null || !Number.isFinite(v)) return;
		if (min === null || v < min) min = v;
		if (max === null || v > max) {
			max = v;
			maxAt = x[i] ?? 0;
		}
	});
	return { min, max, maxAt };
}

const whole = (n: number | null) => (n === null ? "—" : Math.round(n).toLocaleString("pt-BR"));

/** Speed and lean of the laps against the distance along them (uPlot, loaded with this page). */
export default function LapCharts({
	laps,
	leanEstimated = false,
}: {
	laps: ChartLap[];
	/** The lean was estimated from the path: its chart's title, axis and legend say so. */
	leanEstimated?: boolean;
}) {
	const prepared = useMemo(
		() => laps.map((lap) => ({ ...lap, x: distanceAlongLap(lap.path) })),
		[laps],
	);
	const first = prepared[0];
	const speed: ChartSeries[] = useMemo(
		() =>
			prepared.map((lap) => ({
				label: lap.label,
				colour: lap.colour,
				values: lap.path.speedKmh,
				x: lap.x,
			})),
		[prepared],
	);
	const lean: ChartSeries[] = useMemo(
		() =>
			prepared
				.filter((lap) => lap.path.rollDeg.some((r) => r !== null))
				.map((lap) => ({
					label: leanEstimated ? `${lap.label} (estimada)` : lap.label,
					colour: lap.colour,
					values: lap.path.rollDeg,
					x: lap.x,
				})),
		[prepared, leanEstimated],
	);
	if (!first) return null;
	const s = extremes(first.path.speedKmh, first.x);
	const r = extremes(first.path.rollDeg, first.x);
	const distance = { label: "Distância", unit: "m", values: first.x };
	return (
		<div className="charts">
			<LineChart
				title="Velocidade × distância"
				x={distance}
				y={{ label: "Velocidade", unit: "km/h", digits: 1 }}
				series={speed}
				syncKey="lap-charts"
				testId="chart-speed"
				summary={`Velocidade da ${first.label.toLowerCase()}: de ${whole(s.min)} a ${whole(s.max)} km/h, a máxima aos ${whole(s.maxAt)} m.`}
			/>
			{lean.length > 0 ? (
				<LineChart
					title={`${leanLabel(leanEstimated)} × distância`}
					x={distance}
					y={{ label: leanLabel(leanEstimated), unit: "°", digits: 1 }}
					series={lean}
					syncKey="lap-charts"
					testId="chart-lean"
					summary={`${leanLabel(leanEstimated)} da ${first.label.toLowerCase()}: de ${whole(r.min)}° (esquerda) a ${whole(r.max)}° (direita).`}
				/>
			) : (
				<p className="state">Esta sessão não tem dados de inclinação.</p>
			)}
		</div>
	);
}
