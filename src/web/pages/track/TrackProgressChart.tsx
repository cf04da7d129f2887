import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "../../components/charts/charts.css";
import type { TrackSession } from "../../../shared/api/compare";
import { formatLapTime } from "../../lib/format";

const BEST_COLOUR = "#c62828";
const MEDIAN_COLOUR = "#546e7a";

/** Noon UTC of a `yyyy-mm-dd` day, in seconds (uPlot's time unit). */
function dayToSeconds(iso: string): number {
	return Date.parse(`${iso}T12:00:00Z`) / 1000;
}

/** Best and median lap of each session over time, oldest to newest. */
export default function TrackProgressChart({ sessions }: { sessions: TrackSession[] }) {
	const holder = useRef<HTMLDivElement>(null);
	useEffect(() => {
		const element = holder.current;
		if (!element) return;
		const ordered = [...sessions].sort((a, b) => a.date.localeCompare(b.date));
		const data: uPlot.AlignedData = [
			ordered.map((s) => dayToSeconds(s.date)),
			ordered.map((s) => (s.bestLap ? s.bestLap.timeMs / 1000 : null)),
			ordered.map((s) => (s.medianLapMs === null ? null : s.medianLapMs / 1000)),
		];
		const font = "12px system-ui, sans-serif";
		const grid = { stroke: "#e3e6ea", width: 1 };
		const width = () => Math.max(260, element.clientWidth);
		const lapText = (seconds: number) => formatLapTime(Math.round(seconds * 1000));
		const plot = new uPlot(
			{
				width: width(),
				height: 240,
				legend: { show: false },
				cursor: { drag: { x: false, y: false } },
				scales: {
					x: { time: true, range: (_u, min, max) => [min - 86_400 * 3, max + 86_400 * 3] },
				},
				axes: [
					{
						font,
						stroke: "#3f4551",
						grid,
						ticks: grid,
						space: 70,
						values: (_u, ticks) =>
							ticks.map((t) =>
								new Date(t * 1000).toLocaleDateString("pt-BR", {
									day: "2-digit",
									month: "2-digit",
									year: "2-digit",
									timeZone: "UTC",
								}),
							),
					},
					{
						label: "Tempo de volta",
						labelFont: `600 ${font}`,
						font,
						stroke: "#3f4551",
						grid,
						ticks: grid,
						size: 96,
						values: (_u, ticks) => ticks.map(lapText),
					},
				],
				series: [
					{},
					{
						label: "Melhor volta",
						stroke: BEST_COLOUR,
						width: 2,
						points: { size: 8 },
						spanGaps: true,
					},
					{
						label: "Mediana",
						stroke: MEDIAN_COLOUR,
						width: 2,
						dash: [6, 4],
						points: { size: 7 },
						spanGaps: true,
					},
				],
			},
			data,
			element,
		);
		const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 240 }));
		observer.observe(element);
		return () => {
			observer.disconnect();
			plot.destroy();
		};
	}, [sessions]);
	return (
		<figure className="chart" aria-label="Melhor volta e mediana de cada sessão ao longo do tempo">
			<figcaption className="chart__head">
				<span className="chart__title">Evolução por sessão</span>
				<span className="chart__readout">
					<span>
						<span
							className="chart__swatch"
							style={{ backgroundColor: BEST_COLOUR }}
							aria-hidden="true"
						/>
						Melhor volta
					</span>
					<span>
						<span
							className="chart__swatch"
							style={{ backgroundColor: MEDIAN_COLOUR }}
							aria-hidden="true"
						/>
						Mediana
					</span>
				</span>
			</figcaption>
			<div
				ref={holder}
				className="chart__plot"
				data-testid="track-progress-chart"
				aria-hidden="true"
			/>
		</figure>
	);
}
