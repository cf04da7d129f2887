/**
 * Columns every lap's channels need, derived once over a whole recording: speed where the
 * source has none, lean (measured, or estimated from the path), and distance from the first
 * fix.
 */
import type { Fixes } from "../recording/types";
import { cumulativeDistance } from "../timing/geometry";
import { estimateLean } from "./lean-estimate";

/** Speed from positions: distance along the path over the fixes within ±0.5 s of each fix. */
const SPEED_HALF_WINDOW_MS = 500;

export interface DerivedColumns {
	/** The source's speed, or where it has none (NaN) the speed along the path. */
	speedKmh: Float32Array;
	/** How many fixes got a speed from positions. */
	derivedSpeedCount: number;
	/** The measured lean, or the lean estimated from the path when the source has none. */
	leanDeg: Float32Array;
	leanEstimated: boolean;
	/**
	 * Metres from the first fix: the source's own distance when it has one for every fix (the
	 * logger's odometer), else along the path of positions.
	 */
	distanceM: Float64Array;
	distanceFromSource: boolean;
}

function allFinite(column: ArrayLike<number>, length: number): boolean {
	for (let i = 0; i < length; i++) if (!Number.isFinite(column[i]!)) return false;
	return true;
}

function anyFinite(column: ArrayLike<number>, length: number): boolean {
	for (let i = 0; i < length; i++) if (Number.isFinite(column[i]!)) return true;
	return false;
}

/** Speed along the path, km/h, for the fixes whose speed is NaN; the others are kept. */
export function fillSpeed(
	timeMs: Float64Array,
	pathM: Float64Array,
	speedKmh: Float32Array,
	length: number,
): { speedKmh: Float32Array; derived: number } {
	const out = Float32Array.from(speedKmh.subarray(0, length));
	let derived = 0;
	let from = 0;
	let to = 0;
	for (let i = 0; i < length; i++) {
		const t = timeMs[i]!;
		while (timeMs[from]! < t - SPEED_HALF_WINDOW_MS) from++;
		if (to < i) to = i;
		while (to + 1 < length && timeMs[to + 1]! <= t + SPEED_HALF_WINDOW_MS) to++;
		if (!Number.isNaN(out[i]!)) continue;
		// A lone fix in its window reaches to its neighbours.
		const j = from < i ? from : Math.max(0, i - 1);
		const k = to > i ? to : Math.min(length - 1, i + 1);
		const spanMs = timeMs[k]! - timeMs[j]!;
		if (spanMs > 0) {
			out[i] = ((pathM[k]! - pathM[j]!) / spanMs) * 3600;
			derived++;
		}
	}
	return { speedKmh: out, derived };
}

export function deriveColumns(fixes: Fixes): DerivedColumns {
	const n = fixes.length;
	const pathM = cumulativeDistance(fixes.lat, fixes.lon, n);
	const speed = fillSpeed(fixes.timeMs, pathM, fixes.speedKmh, n);
	const measured = fixes.leanDeg !== undefined && anyFinite(fixes.leanDeg, n);
	const leanDeg = measured
		? Float32Array.from(fixes.leanDeg!.subarray(0, n))
		: estimateLean(fixes.timeMs, fixes.lat, fixes.lon, speed.speedKmh, n);
	const source = fixes.distanceM;
	const fromSource = source !== undefined && n > 0 && allFinite(source, n);
	let distanceM = pathM;
	if (fromSource) {
		distanceM = new Float64Array(n);
		const first = source![0]!;
		for (let i = 0; i < n; i++) distanceM[i] = source![i]! - first;
	}
	return {
		speedKmh: speed.speedKmh,
		derivedSpeedCount: speed.derived,
		leanDeg,
		leanEstimated: !measured,
		distanceM,
		distanceFromSource: fromSource,
	};
}
