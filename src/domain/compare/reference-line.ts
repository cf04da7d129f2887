/**
 * The reference lap as a fine line to project other laps onto: its path resampled every
 * `stepM` metres (1 m by default) of its own length, whatever its sample rate, each grid point
 * with the reference's time there, its direction of travel and where it lies among the
 * reference's own points (to read its speed and lean).
 *
 * - Distance along the line is the length of the reference's path (the chords between its
 *   fixes), never its distance channel: a logger's odometer over- or under-reads by a few
 *   tenths of a percent, and the distance axis must be the one the projection measures.
 * - Positions are smoothed lightly, twice: the fixes over ±`smoothMs` in time (so jitter does
 *   not lengthen the path), then the grid over ±`smoothM` along the line (so it does not bend
 *   it); times are not smoothed, so time along the line never goes back.
 * - Between two sparse fixes (a 1 Hz recording: tens of metres apart) the path is a spline and
 *   the time follows the speeds at both ends (`densifyFixes`), not a chord at constant speed.
 */
import type { LapChannels } from "../channels/types";
import { speedKmhFilled, valueAt } from "./channels";
import { createLocalFrame, type LocalFrame, projectPoints } from "./geo";
import { findJumps } from "./jumps";
import { smoothFixes } from "./smooth";
import { densifyFixes } from "./sparse";

export interface ReferenceOptions {
	/** Spacing of the grid along the reference, metres (default 1). */
	stepM?: number;
	/** Half-width of the moving average smoothing the line's positions, metres (default 2). */
	smoothM?: number;
	/** Half-width of the average of the reference's fixes in time, before anything else, ms (default 200). */
	smoothMs?: number;
}

export interface ReferenceLine {
	frame: LocalFrame;
	/** Grid points; point k lies `distanceM[k]` = k * `stepM` metres along the reference. */
	count: number;
	/** The grid's spacing: `lengthM / (count - 1)`, at most the `stepM` asked for. */
	stepM: number;
	lengthM: number;
	/** The reference's lap time, ms (its last point's time minus its first). */
	lapTimeMs: number;
	x: Float64Array;
	y: Float64Array;
	distanceM: Float64Array;
	/** Time into the reference lap at each grid point, ms; non-decreasing. */
	timeMs: Float64Array;
	/** Unit direction of travel at each grid point. */
	tx: Float64Array;
	ty: Float64Array;
	/** Fractional index among the reference's own points of each grid point. */
	sourceIndex: Float64Array;
	/** Distance along the line of each of the reference's own points. */
	sourceDistanceM: Float64Array;
	source: LapChannels;
	/** The reference's speed, km/h, gaps filled from its positions. */
	sourceSpeedKmh: Float32Array;
	/** Where the reference's GPS jumped (`findJumps`), metres along the line. */
	jumpsM: number[];
}

/** Shortest reference the comparison accepts, metres. */
export const MIN_REFERENCE_LENGTH_M = 10;
/** Fixes farther apart than this many grid steps get points in between (`densifyFixes`). */
const SPARSE_GAP_STEPS = 2;
/** Default half-width of the time smoothing of a lap's fixes, ms. */
export const FIX_SMOOTHING_MS = 100;

/** Symmetric moving average whose half-width shrinks at both ends, so the ends stay put. */
function smoothKeepingEnds(values: Float64Array, halfWidth: number): Float64Array {
	const n = values.length;
	const out = new Float64Array(n);
	const prefix = new Float64Array(n + 1);
	for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + values[i]!;
	for (let i = 0; i < n; i++) {
		const h = Math.min(halfWidth, i, n - 1 - i);
		out[i] = (prefix[i + h + 1]! - prefix[i - h]!) / (2 * h + 1);
	}
	return out;
}

/**
 * The reference line of a lap, or null when the lap cannot serve as one (fewer than two
 * points, a path shorter than `MIN_REFERENCE_LENGTH_M`, or no time elapsed).
 */
export function prepareReference(
	lap: LapChannels,
	options: ReferenceOptions = {},
): ReferenceLine | null {
	const stepM = options.stepM ?? 1;
	const smoothM = options.smoothM ?? 2;
	const smoothMs = options.smoothMs ?? FIX_SMOOTHING_MS;
	if (!(stepM > 0) || !(smoothM >= 0)) throw new RangeError("stepM > 0 and smoothM >= 0");
	const n = lap.length;
	if (n < 2) return null;
	const lapTimeMs = lap.timeMs[n - 1]! - lap.timeMs[0]!;
	if (!(lapTimeMs > 0)) return null;
	const frame = createLocalFrame(lap.lat[0]!, lap.lon[0]!);
	const projected = projectPoints(frame, lap.lat, lap.lon, n);
	const { x: sx, y: sy } = smoothFixes(projected.x, projected.y, lap.timeMs, n, smoothMs);
	const speedKmh = speedKmhFilled(lap.speedKmh, lap.timeMs, sx, sy, n);
	const dense = densifyFixes(sx, sy, lap.timeMs, speedKmh, n, SPARSE_GAP_STEPS * stepM, stepM);
	const m = dense.length;
	const along = new Float64Array(m);
	for (let i = 1; i < m; i++) {
		along[i] =
			along[i - 1]! + Math.hypot(dense.x[i]! - dense.x[i - 1]!, dense.y[i]! - dense.y[i - 1]!);
	}
	const lengthM = along[m - 1]!;
	if (!(lengthM >= MIN_REFERENCE_LENGTH_M)) return null;

	// A whole number of equal steps (a little under `stepM`): the smoothing below needs them equal.
	const count = Math.ceil(lengthM / stepM - 1e-9) + 1;
	const spacingM = lengthM / (count - 1);
	const distanceM = new Float64Array(count);
	const rawX = new Float64Array(count);
	const rawY = new Float64Array(count);
	const timeMs = new Float64Array(count);
	const sourceIndex = new Float64Array(count);
	const t0 = lap.timeMs[0]!;
	let seg = 0;
	for (let k = 0; k < count; k++) {
		const d = k === count - 1 ? lengthM : k * spacingM;
		// The first segment that reaches d; after a standstill, the one leaving it.
		while (seg < m - 2 && along[seg + 1]! < d) seg++;
		const chord = along[seg + 1]! - along[seg]!;
		const u = chord > 0 ? Math.min(1, Math.max(0, (d - along[seg]!) / chord)) : 0;
		distanceM[k] = d;
		rawX[k] = dense.x[seg]! + u * (dense.x[seg + 1]! - dense.x[seg]!);
		rawY[k] = dense.y[seg]! + u * (dense.y[seg + 1]! - dense.y[seg]!);
		timeMs[k] = dense.timeMs[seg]! - t0 + u * (dense.timeMs[seg + 1]! - dense.timeMs[seg]!);
		sourceIndex[k] =
			dense.sourceIndex[seg]! + u * (dense.sourceIndex[seg + 1]! - dense.sourceIndex[seg]!);
	}
	timeMs[0] = 0;
	timeMs[count - 1] = lapTimeMs;
	const sourceDistanceM = new Float64Array(n);
	for (let i = 0; i < n; i++) sourceDistanceM[i] = along[dense.denseIndexOf[i]!]!;
	const jumpsM = findJumps(projected.x, projected.y, lap.timeMs, lap.speedKmh, n).map(
		(i) => sourceDistanceM[i]!,
	);

	const half = Math.round(smoothM / spacingM);
	const x = half > 0 ? smoothKeepingEnds(rawX, half) : rawX;
	const y = half > 0 ? smoothKeepingEnds(rawY, half) : rawY;
	const tx = new Float64Array(count);
	const ty = new Float64Array(count);
	for (let k = 0; k < count; k++) {
		const a = k > 0 ? k - 1 : k;
		const b = k + 1 < count ? k + 1 : k;
		const dx = x[b]! - x[a]!;
		const dy = y[b]! - y[a]!;
		const len = Math.hypot(dx, dy);
		tx[k] = len > 0 ? dx / len : 0;
		ty[k] = len > 0 ? dy / len : 0;
	}
	return {
		frame,
		count,
		stepM: spacingM,
		lengthM,
		lapTimeMs,
		x,
		y,
		distanceM,
		timeMs,
		tx,
		ty,
		sourceIndex,
		sourceDistanceM,
		source: lap,
		sourceSpeedKmh: speedKmh,
		jumpsM,
	};
}

/** Grid segment holding distance `s` and the fraction along it. */
export function gridPosition(line: ReferenceLine, s: number): { k: number; f: number } {
	if (!(s > 0)) return { k: 0, f: 0 };
	if (s >= line.lengthM) return { k: line.count - 2, f: 1 };
	const k = Math.min(line.count - 2, Math.floor(s / line.stepM));
	const span = line.distanceM[k + 1]! - line.distanceM[k]!;
	return { k, f: span > 0 ? (s - line.distanceM[k]!) / span : 0 };
}

/** Time into the reference lap at `s` metres along it. */
export function referenceTimeAt(line: ReferenceLine, s: number): number {
	const { k, f } = gridPosition(line, s);
	const a = line.timeMs[k]!;
	return a + f * (line.timeMs[k + 1]! - a);
}

/** Fractional index among the reference's own points at `s` metres along it. */
export function referenceSourceIndexAt(line: ReferenceLine, s: number): number {
	const { k, f } = gridPosition(line, s);
	const a = line.sourceIndex[k]!;
	return a + f * (line.sourceIndex[k + 1]! - a);
}

/** A channel of the reference lap (speed, lean, …) read at `s` metres along it. */
export function referenceChannelAt(line: ReferenceLine, values: ArrayLike<number>, s: number) {
	return valueAt(values, referenceSourceIndexAt(line, s));
}

/**
 * The reference's time at a place near one end of its line, extended past that end along its
 * direction of travel at its speed there (a lap whose GPS reads a metre off may start before
 * the reference's first point or end after its last): ms, below 0 before the start.
 */
export function referenceTimeNearEnd(
	line: ReferenceLine,
	px: number,
	py: number,
	s: number,
	end: "start" | "finish",
): number {
	const k = end === "start" ? 0 : line.count - 1;
	const along = (px - line.x[k]!) * line.tx[k]! + (py - line.y[k]!) * line.ty[k]!;
	const beyond = end === "start" ? along < 0 : along > 0;
	if (!beyond) return referenceTimeAt(line, s);
	const source = end === "start" ? 0 : line.sourceSpeedKmh.length - 1;
	const speedMs = line.sourceSpeedKmh[source]! / 3.6;
	if (!(speedMs > 1)) return line.timeMs[k]!;
	return line.timeMs[k]! + (along / speedMs) * 1000;
}
