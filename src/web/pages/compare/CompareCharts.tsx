import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "../../components/charts/charts.css";
import type { Corner, DeltaTrace } from "../../../domain/compare";
import { CompareMap, gainColour, LAP_COLOUR, REFERENCE_COLOUR } from "./compare-map";
import { type ChartColumns, chartColumns, readoutAt } from "./compare-series";

export interface CompareChartsProps {
	trace: DeltaTrace;
	corners: readonly Corner[];
	lapLabel: string;
	referenceLabel: string;
}

const PHONE_WIDTH = 600;
const chartHeight = (width: number) => (width < PHONE_WIDTH ? 180 : 200);
const axisFont = "12px system-ui, sans-serif";
const grid = { stroke: "#e3e6ea", width: 1 };

/** One formatter per number of digits: `toLocaleString` builds a new one at every tick. */
const numberFormats = new Map<number, Intl.NumberFormat>();

function numberText(value: number, digits: number): string {
	let format = numberFormats.get(digits);
	if (!format) {
		format = new Intl.NumberFormat("pt-BR", {
			minimumFractionDigits: digits,
			maximumFractionDigits: digits,
		});
		numberFormats.set(digits, format);
	}
	return format.format(value);
}

interface ChartSpec {
	key: "speed" | "lean" | "delta";
	title: string;
	unit: string;
	testId: string;
}

function chartSpecs(leanEstimated: boolean): ChartSpec[] {
	return [
		{ key: "speed", title: "Velocidade", unit: "km/h", testId: "compare-chart-speed" },
		{
			key: "lean",
			title: leanEstimated ? "Inclinação (estimada)" : "Inclinação",
			unit: "°",
			testId: "compare-chart-lean",
		},
		{ key: "delta", title: "Delta", unit: "s", testId: "compare-chart-delta" },
	];
}

function plotOptions(
	spec: ChartSpec,
	width: number,
	syncKey: string,
	labels: { lap: string; reference: string },
	hooks: uPlot.Hooks.Arrays,
): uPlot.Options {
	const series: uPlot.Series[] =
		spec.key === "delta"
			? [{ label: "Delta", stroke: "#37474f", width: 2, fill: "rgba(55,71,79,0.08)" }]
			: // The reference first, so the compared lap is drawn over it.
				[
					{ label: labels.reference, stroke: REFERENCE_COLOUR, width: 2, spanGaps: false },
					{ label: labels.lap, stroke: LAP_COLOUR, width: 2, spanGaps: false },
				];
	return {
		width,
		height: chartHeight(width),
		legend: { show: false },
		cursor: {
			sync: { key: syncKey, setSeries: false },
			drag: { x: true, y: false, setScale: true },
			points: { size: 8 },
		},
		scales: { x: { time: false } },
		axes: [
			{
				label: "Distância (m)",
				labelFont: `600 ${axisFont}`,
				font: axisFont,
				stroke: "#3f4551",
				grid,
				ticks: grid,
				space: 48,
				values: (_u, ticks) => ticks.map((t) => numberText(t, 0)),
			},
			{
				label: `${spec.title} (${spec.unit})`,
				labelFont: `600 ${axisFont}`,
				font: axisFont,
				stroke: "#3f4551",
				grid,
				ticks: grid,
				size: 56,
				// Short charts: ticks closer than uPlot's default, so lean shows ±50° and not 0 alone.
				space: 22,
				values: (_u, ticks) => ticks.map((t) => numberText(t, spec.key === "delta" ? 1 : 0)),
			},
		],
		series: [{ label: "Distância" }, ...series],
		hooks,
	};
}

function dataOf(columns: ChartColumns, key: ChartSpec["key"]): uPlot.AlignedData {
	if (key === "delta") return [columns.distanceM, columns.deltaS];
	if (key === "speed") return [columns.distanceM, columns.refSpeed, columns.lapSpeed];
	return [columns.distanceM, columns.refLean, columns.lapLean];
}

/**
 * Speed, lean and delta of both laps against the distance along the reference, and the map:
 * one cursor for all of them (uPlot's sync, plus the map's markers and the readout written
 * straight into the page, no React render per move), one zoom (drag on any chart), reset by a
 * double-click or the button. A finger moves the cursor; the page still scrolls up and down.
 */
export default function CompareCharts({
	trace,
	corners,
	lapLabel,
	referenceLabel,
}: CompareChartsProps) {
	const root = useRef<HTMLDivElement>(null);
	const columns = useMemo(() => chartColumns(trace), [trace]);
	const specs = useMemo(
		() => chartSpecs(trace.leanEstimated.lap || trace.leanEstimated.reference),
		[trace],
	);
	const resetRef = useRef<() => void>(() => {});

	useEffect(() => {
		const element = root.current;
		if (!element) return;
		const holders = [...element.querySelectorAll<HTMLDivElement>("[data-chart]")];
		const base = element.querySelector<HTMLCanvasElement>("[data-map-base]")!;
		const markerLayer = element.querySelector<HTMLCanvasElement>("[data-map-markers]")!;
		const mapBox = element.querySelector<HTMLDivElement>("[data-map-box]")!;
		const out = (name: string) => element.querySelector<HTMLElement>(`[data-out="${name}"]`)!;
		const outputs = {
			distance: out("distance"),
			lapSpeed: out("lap-speed"),
			refSpeed: out("ref-speed"),
			lapLean: out("lap-lean"),
			refLean: out("ref-lean"),
			delta: out("delta"),
		};
		const map = new CompareMap(base, markerLayer, trace.grid, corners);
		const syncKey = `compare-${Math.random().toString(36).slice(2)}`;
		const plots: uPlot[] = [];
		let spreading = false;
		const full = {
			min: columns.distanceM[0]!,
			max: columns.distanceM[columns.distanceM.length - 1]!,
		};

		const showIndex = (index: number | null) => {
			map.setCursor(index);
			if (index === null) return;
			const r = readoutAt(trace, columns, index);
			outputs.distance.textContent = r.distance;
			outputs.lapSpeed.textContent = r.lapSpeed;
			outputs.refSpeed.textContent = r.refSpeed;
			outputs.lapLean.textContent = r.lapLean;
			outputs.refLean.textContent = r.refLean;
			outputs.delta.textContent = r.delta;
			outputs.delta.style.color = gainColour(r.deltaSign * 2);
			element.dataset.cursor = String(index);
		};
		const spreadScale = (source: uPlot) => {
			if (spreading) return;
			spreading = true;
			const { min, max } = source.scales.x ?? {};
			for (const plot of plots) {
				if (plot !== source && (plot.scales.x?.min !== min || plot.scales.x?.max !== max)) {
					plot.setScale("x", { min: min ?? full.min, max: max ?? full.max });
				}
			}
			spreading = false;
			const zoomed = (min ?? full.min) > full.min || (max ?? full.max) < full.max;
			element.dataset.zoomed = zoomed ? "true" : "false";
		};
		const width = () => Math.max(260, holders[0]!.clientWidth);
		const mapSize = () => {
			const w = Math.max(200, mapBox.clientWidth);
			return { w, h: Math.round(Math.min(w, 520) * 0.85) };
		};
		// Every size read before the first chart goes in: a read after a write forces a layout.
		let lastWidth = width();
		let lastMap = mapSize();
		specs.forEach((spec, k) => {
			const hooks: uPlot.Hooks.Arrays = {
				setScale: [(u, key) => key === "x" && spreadScale(u)],
			};
			// One plot reports the shared cursor: the sync moves every plot's, this one's included.
			if (k === 0) hooks.setCursor = [(u) => showIndex(u.cursor.idx ?? null)];
			const plot = new uPlot(
				plotOptions(spec, lastWidth, syncKey, { lap: lapLabel, reference: referenceLabel }, hooks),
				dataOf(columns, spec.key),
				holders[k]!,
			);
			plots.push(plot);
			const onPointer = (event: PointerEvent) => {
				if (event.pointerType === "mouse") return;
				const rect = plot.over.getBoundingClientRect();
				// The third argument publishes to the synced plots (uPlot types omit it).
				(
					plot.setCursor as (
						opts: { left: number; top: number },
						fire?: boolean,
						pub?: boolean,
					) => void
				)({ left: event.clientX - rect.left, top: event.clientY - rect.top }, true, true);
			};
			plot.over.addEventListener("pointerdown", onPointer);
			plot.over.addEventListener("pointermove", onPointer);
		});
		const reset = () => {
			for (const plot of plots) plot.setScale("x", full);
		};
		resetRef.current = reset;
		map.resize(lastMap.w, lastMap.h);
		showIndex(0);
		element.dataset.ready = "true";

		// Its first call comes right after the first layout: nothing to redraw unless a size moved.
		const observer = new ResizeObserver(() => {
			const next = width();
			if (next !== lastWidth) {
				lastWidth = next;
				for (const plot of plots) plot.setSize({ width: next, height: chartHeight(next) });
			}
			const size = mapSize();
			if (size.w !== lastMap.w || size.h !== lastMap.h) {
				lastMap = size;
				map.resize(size.w, size.h);
				map.setCursor(Number(element.dataset.cursor ?? 0));
			}
		});
		observer.observe(element);
		return () => {
			observer.disconnect();
			for (const plot of plots) plot.destroy();
			element.dataset.ready = "false";
		};
	}, [trace, corners, columns, specs, lapLabel, referenceLabel]);

	return (
		<div ref={root} className="compare-view" data-testid="compare-view">
			<div className="compare-readout" aria-live="off">
				<table className="compare-readout__table num" data-testid="compare-readout">
					<thead>
						<tr>
							<th scope="col">
								Distância <span data-out="distance">—</span>
							</th>
							<th scope="col">
								<span
									className="chart__swatch"
									style={{ backgroundColor: LAP_COLOUR }}
									aria-hidden="true"
								/>
								{lapLabel}
							</th>
							<th scope="col">
								<span
									className="chart__swatch"
									style={{ backgroundColor: REFERENCE_COLOUR }}
									aria-hidden="true"
								/>
								{referenceLabel}
							</th>
						</tr>
					</thead>
					<tbody>
						<tr>
							<th scope="row">Velocidade</th>
							<td data-out="lap-speed">—</td>
							<td data-out="ref-speed">—</td>
						</tr>
						<tr>
							<th scope="row">
								Inclinação
								{trace.leanEstimated.lap || trace.leanEstimated.reference ? " (estimada)" : ""}
							</th>
							<td data-out="lap-lean">—</td>
							<td data-out="ref-lean">—</td>
						</tr>
						<tr>
							<th scope="row">Delta</th>
							<td colSpan={2} data-out="delta" data-testid="compare-delta-value">
								—
							</td>
						</tr>
					</tbody>
				</table>
				<button type="button" className="btn btn--small" onClick={() => resetRef.current()}>
					Redefinir zoom
				</button>
			</div>
			<div className="compare-layout">
				<div className="compare-charts">
					{specs.map((spec) => (
						<figure key={spec.key} className="chart">
							<figcaption className="chart__head">
								<span className="chart__title">
									{spec.title} × distância ({spec.unit})
									{spec.key === "delta" ? " · acima de zero: a volta está atrás da referência" : ""}
								</span>
							</figcaption>
							<div
								data-chart={spec.key}
								className="chart__plot"
								data-testid={spec.testId}
								aria-hidden="true"
							/>
						</figure>
					))}
					<p className="compare-hint">
						Arraste sobre um gráfico para ampliar; clique duas vezes ou use “Redefinir zoom” para
						voltar. No celular, deslize o dedo para mover o cursor.
					</p>
				</div>
				<figure
					className="compare-map"
					aria-label="Mapa das duas voltas, colorido por onde se ganha e se perde tempo"
				>
					<div data-map-box className="compare-map__box">
						<canvas data-map-base data-testid="compare-map" className="compare-map__layer" />
						<canvas
							data-map-markers
							data-testid="compare-map-markers"
							className="compare-map__layer compare-map__markers"
						/>
					</div>
					<figcaption className="compare-map__legend">
						<span>
							<span
								className="chart__swatch"
								style={{ backgroundColor: gainColour(-2) }}
								aria-hidden="true"
							/>
							ganha tempo
						</span>
						<span>
							<span
								className="chart__swatch"
								style={{ backgroundColor: gainColour(2) }}
								aria-hidden="true"
							/>
							perde tempo
						</span>
						<span>
							<span
								className="chart__swatch"
								style={{ backgroundColor: REFERENCE_COLOUR }}
								aria-hidden="true"
							/>
							referência
						</span>
					</figcaption>
				</figure>
			</div>
		</div>
	);
}
