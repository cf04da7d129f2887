import { useEffect, useId, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./charts.css";

/** One line: values along the x values it shares with the chart (or its own, for another lap). */
export interface ChartSeries {
	label: string;
	colour: string;
	values: readonly (number | null)[];
	/** Its own x values; omitted: the chart's `x.values`. A second lap has its own distances. */
	x?: readonly number[];
	dash?: number[];
}

export interface ChartAxis {
	label: string;
	unit: string;
	/** Digits after the comma in the readout. */
	digits?: number;
}

export interface LineChartProps {
	/** The figure's caption, e.g. "Velocidade × distância". */
	title: string;
	x: ChartAxis & { values: readonly number[] };
	y: ChartAxis;
	series: ChartSeries[];
	/** Charts with the same key move their cursors together. */
	syncKey?: string;
	testId?: string;
	/** Read by screen readers instead of the drawing (the canvas has no text). */
	summary: string;
}

const PHONE_WIDTH = 600;

/** Tall enough to read: 240 px on a phone, up to 320 px on a laptop. */
export function chartHeight(width: number): number {
	return width < PHONE_WIDTH ? 240 : Math.min(320, Math.round(width * 0.32));
}

function formatNumber(value: number | null | undefined, digits = 0): string {
	if (value === null || value === undefined || !Number.isFinite(value)) return "—";
	return value.toLocaleString("pt-BR", {
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	});
}

/** Aligns series that have their own x values onto one x array (uPlot wants one). */
function alignedData(x: readonly number[], series: ChartSeries[]): uPlot.AlignedData {
	if (series.every((s) => !s.x || s.x === x)) {
		return [x as number[], ...series.map((s) => s.values as (number | null)[])];
	}
	return uPlot.join(
		series.map((s) => [(s.x ?? x) as number[], s.values as (number | null)[]] as uPlot.AlignedData),
	);
}

interface Readout {
	x: number | null;
	values: (number | null)[];
}

/**
 * A line chart (uPlot) with labelled axes, ticks every ~40-60 px, and the values under the
 * cursor or the finger written above it. A finger dragged sideways moves the cursor; up and down
 * still scroll the page.
 */
export default function LineChart({
	title,
	x,
	y,
	series,
	syncKey,
	testId,
	summary,
}: LineChartProps) {
	const holder = useRef<HTMLDivElement>(null);
	const readoutId = useId();
	const [readout, setReadout] = useState<Readout | null>(null);
	const data = useMemo(() => alignedData(x.values, series), [x.values, series]);

	useEffect(() => {
		const element = holder.current;
		if (!element) return;
		const size = () => {
			const width = Math.max(260, element.clientWidth);
			return { width, height: chartHeight(width) };
		};
		const grid = { stroke: "#e3e6ea", width: 1 };
		const axisFont = "12px system-ui, sans-serif";
		const plot = new uPlot(
			{
				...size(),
				legend: { show: false },
				cursor: {
					drag: { x: false, y: false },
					points: { size: 9 },
					...(syncKey ? { sync: { key: syncKey } } : {}),
				},
				scales: { x: { time: false } },
				axes: [
					{
						label: `${x.label} (${x.unit})`,
						labelFont: `600 ${axisFont}`,
						font: axisFont,
						stroke: "#3f4551",
						grid,
						ticks: grid,
						space: 44,
						values: (_u, ticks) => ticks.map((t) => formatNumber(t)),
					},
					{
						label: `${y.label} (${y.unit})`,
						labelFont: `600 ${axisFont}`,
						font: axisFont,
						stroke: "#3f4551",
						grid,
						ticks: grid,
						space: 32,
						size: 56,
						values: (_u, ticks) => ticks.map((t) => formatNumber(t)),
					},
				],
				series: [
					{ label: x.label },
					...series.map((s) => ({
						label: s.label,
						stroke: s.colour,
						width: 2,
						dash: s.dash,
						spanGaps: false,
					})),
				],
				hooks: {
					setCursor: [
						(u) => {
							const idx = u.cursor.idx;
							if (idx === null || idx === undefined) {
								setReadout(null);
								return;
							}
							setReadout({
								x: (u.data[0][idx] as number | undefined) ?? null,
								values: series.map((_, i) => (u.data[i + 1]?.[idx] as number | null) ?? null),
							});
						},
					],
				},
			},
			data,
			element,
		);

		// Fingers: a sideways drag over the plot moves the cursor (the CSS leaves vertical pans to
		// the page).
		const over = plot.over;
		const onPointer = (event: PointerEvent) => {
			if (event.pointerType === "mouse") return;
			const rect = over.getBoundingClientRect();
			plot.setCursor({ left: event.clientX - rect.left, top: event.clientY - rect.top });
		};
		over.addEventListener("pointerdown", onPointer);
		over.addEventListener("pointermove", onPointer);

		const observer = new ResizeObserver(() => plot.setSize(size()));
		observer.observe(element);
		return () => {
			observer.disconnect();
			over.removeEventListener("pointerdown", onPointer);
			over.removeEventListener("pointermove", onPointer);
			plot.destroy();
		};
	}, [data, series, x.label, x.unit, y.label, y.unit, syncKey]);

	return (
		<figure className="chart" aria-label={summary}>
			<figcaption className="chart__head">
				<span className="chart__title">{title}</span>
				<output className="chart__readout num" id={readoutId} aria-live="off">
					{readout ? (
						<>
							<span>
								{x.label}: {formatNumber(readout.x)} {x.unit}
							</span>
							{series.map((s, i) => (
								<span key={s.label}>
									<span
										className="chart__swatch"
										style={{ backgroundColor: s.colour }}
										aria-hidden="true"
									/>
									{s.label}: {formatNumber(readout.values[i], y.digits ?? 1)} {y.unit}
								</span>
							))}
						</>
					) : (
						<span className="chart__hint">
							Passe o mouse ou deslize o dedo no gráfico para ver os valores.
						</span>
					)}
				</output>
			</figcaption>
			<div ref={holder} className="chart__plot" data-testid={testId} aria-hidden="true" />
		</figure>
	);
}
