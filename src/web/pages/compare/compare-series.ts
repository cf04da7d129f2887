/**
 * The comparison's grid as chart columns (uPlot wants plain arrays, gaps as null) and the text
 * of the values under the cursor.
 */
import type { DeltaTrace } from "../../../domain/compare";

export interface ChartColumns {
	distanceM: number[];
	lapSpeed: (number | null)[];
	refSpeed: (number | null)[];
	lapLean: (number | null)[];
	refLean: (number | null)[];
	/** Delta in seconds (positive: the lap is behind). */
	deltaS: (number | null)[];
}

const finite = (values: ArrayLike<number>, scale = 1): (number | null)[] => {
	const out: (number | null)[] = new Array(values.length);
	for (let i = 0; i < values.length; i++) {
		const v = values[i]!;
		out[i] = Number.isFinite(v) ? v * scale : null;
	}
	return out;
};

export function chartColumns(trace: DeltaTrace): ChartColumns {
	const { grid } = trace;
	return {
		distanceM: Array.from(grid.distanceM),
		lapSpeed: finite(grid.lap.speedKmh),
		refSpeed: finite(grid.reference.speedKmh),
		lapLean: finite(grid.lap.leanDeg),
		refLean: finite(grid.reference.leanDeg),
		deltaS: finite(grid.deltaMs, 1 / 1000),
	};
}

function decimal(value: number, digits: number): string {
	return value.toLocaleString("pt-BR", {
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
		useGrouping: false,
	});
}

const speedText = (v: number | null | undefined) =>
	v === null || v === undefined ? "—" : `${decimal(v, 1)} km/h`;

/** Lean with its side: `41,2° D`, `38,0° E`. */
export function leanText(v: number | null | undefined, estimated: boolean): string {
	if (v === null || v === undefined) return "—";
	const side = v > 0.05 ? " D" : v < -0.05 ? " E" : "";
	return `${decimal(Math.abs(v), 1)}°${side}${estimated ? " (est.)" : ""}`;
}

/** A signed delta: `+0,123 s` behind, `−0,045 s` ahead. */
export function deltaText(ms: number | null | undefined): string {
	if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
	const sign = ms > 0.5 ? "+" : ms < -0.5 ? "−" : "±";
	return `${sign}${decimal(Math.abs(ms) / 1000, 3)} s`;
}

export interface Readout {
	distance: string;
	lapSpeed: string;
	refSpeed: string;
	lapLean: string;
	refLean: string;
	delta: string;
	deltaSign: number;
}

export function readoutAt(trace: DeltaTrace, columns: ChartColumns, index: number): Readout {
	const deltaMs = trace.grid.deltaMs[index]!;
	return {
		distance: `${Math.round(columns.distanceM[index] ?? 0)} m`,
		lapSpeed: speedText(columns.lapSpeed[index]),
		refSpeed: speedText(columns.refSpeed[index]),
		lapLean: leanText(columns.lapLean[index], trace.leanEstimated.lap),
		refLean: leanText(columns.refLean[index], trace.leanEstimated.reference),
		delta: deltaText(deltaMs),
		deltaSign: Number.isFinite(deltaMs) ? Math.sign(deltaMs) : 0,
	};
}
