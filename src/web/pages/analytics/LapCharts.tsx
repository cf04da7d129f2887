import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { LapPath } from "../../../shared/api/sessions";
import { distanceAlongLap } from "../../lib/path-distance";

const CHART_HEIGHT = 220;

function Chart({
	x,
	y,
	label,
	unit,
	colour,
	testId,
}: {
	x: number[];
	y: (number | null)[];
	label: string;
	unit: string;
	colour: string;
	testId: string;
}) {
	const holder = useRef<HTMLDivElement>(null);
	useEffect(() => {
		const element = holder.current;
		if (!element) return;
		const width = () => Math.max(280, element.clientWidth);
		const plot = new uPlot(
			{
				width: width(),
				height: CHART_HEIGHT,
				legend: { show: false },
				cursor: { drag: { x: false, y: false } },
				scales: { x: { time: false } },
				axes: [
					{ label: "Distância (m)", stroke: "#5b6270", grid: { stroke: "#eceef1" } },
					{ label: `${label} (${unit})`, stroke: "#5b6270", grid: { stroke: "#eceef1" }, size: 56 },
				],
				series: [{ label: "Distância" }, { label, stroke: colour, width: 2, spanGaps: false }],
			},
			[x, y],
			element,
		);
		const observer = new ResizeObserver(() =>
			plot.setSize({ width: width(), height: CHART_HEIGHT }),
		);
		observer.observe(element);
		return () => {
			observer.disconnect();
			plot.destroy();
		};
	}, [x, y, label, unit, colour]);
	return (
		<figure className="chart">
			<figcaption className="chart__title">{label} × distância</figcaption>
			<div
				ref={holder}
				className="chart__plot"
				data-testid={testId}
				role="img"
				aria-label={`${label} ao longo da volta`}
			/>
		</figure>
	);
}

/** Speed and lean of one lap against the distance along it (uPlot, loaded with this page only). */
export default function LapCharts({ path }: { path: LapPath }) {
	const x = useMemo(() => distanceAlongLap(path), [path]);
	const hasLean = path.rollDeg.some((r) => r !== null);
	return (
		<div className="charts">
			<Chart
				x={x}
				y={path.speedKmh}
				label="Velocidade"
				unit="km/h"
				colour="#c62828"
				testId="chart-speed"
			/>
			{hasLean ? (
				<Chart
					x={x}
					y={path.rollDeg}
					label="Inclinação"
					unit="°"
					colour="#1d4ed8"
					testId="chart-lean"
				/>
			) : (
				<p className="state">Esta sessão não tem dados de inclinação.</p>
			)}
		</div>
	);
}
