/**
 * Per corner and lap: how it was driven, read from the lap's own channels where the lap passed
 * the corner's places on the reference (its progress along the reference: the delta trace's
 * `refDistanceM` for a compared lap, the line's `sourceDistanceM` for the reference itself).
 *
 * - Entry and exit speed: at the corner's entry and exit.
 * - Minimum (apex) speed and where it fell, between entry and exit.
 * - Greatest lean and its side, between entry and exit (measured or estimated, as the lap's).
 * - Braking point: where the deceleration into the corner began, the last place before the
 *   minimum where the speed was still within `BRAKE_TOLERANCE` of the highest speed since the
 *   previous corner's exit; given in metres before the corner's apex (the same place on every
 *   lap, so "brakes 8 m later" compares like with like). None when the speed never drops by
 *   `MIN_BRAKE_DROP_KMH` (a flat-out kink).
 * - Time in the corner: from entry to exit, by position.
 */
import type { LapChannels } from "../channels/types";
import { valueAt } from "./channels";
import type { Corner } from "./corners";
import { smoothAlong } from "./smooth";

export interface CornerFigures {
	number: number;
	entrySpeedKmh: number;
	minSpeedKmh: number;
	/** Where the minimum speed fell, metres along the reference. */
	minSpeedAtM: number;
	exitSpeedKmh: number;
	/** Greatest lean between entry and exit, degrees (positive); null without lean. */
	maxLeanDeg: number | null;
	leanSide: "left" | "right" | null;
	leanEstimated: boolean;
	/** Where braking began, metres along the reference; null without braking. */
	brakingAtM: number | null;
	/** How far before the corner's apex braking began, metres; null without braking. */
	brakingBeforeApexM: number | null;
	/** Speed where braking began, km/h. */
	brakingSpeedKmh: number | null;
	/** Time from entry to exit, ms. */
	timeMs: number;
}

const BRAKE_TOLERANCE = 0.01;
const BRAKE_TOLERANCE_MIN_KMH = 1;
const MIN_BRAKE_DROP_KMH = 5;
const BRAKE_SMOOTHING_MS = 150;

/** Fractional index where the non-decreasing `progress` reaches `d` (binary search). */
export function indexAtProgress(progress: Float64Array, d: number): number {
	const n = progress.length;
	if (n === 0) return Number.NaN;
	if (d <= progress[0]!) return 0;
	if (d >= progress[n - 1]!) return n - 1;
	let lo = 0;
	let hi = n - 1;
	while (hi - lo > 1) {
		const mid = (lo + hi) >> 1;
		if (progress[mid]! < d) lo = mid;
		else hi = mid;
	}
	const span = progress[hi]! - progress[lo]!;
	return lo + (span > 0 ? (d - progress[lo]!) / span : 0);
}

/**
 * The corners' figures on one lap. `progress`: the lap's place along the reference at each of
 * its points (non-decreasing); `speedKmh`: its speed with gaps filled (as the delta gives it).
 */
export function measureCorners(
	lap: LapChannels,
	progress: Float64Array,
	speedKmh: Float32Array,
	corners: readonly Corner[],
): CornerFigures[] {
	const out: CornerFigures[] = [];
	// The braking point is read on a lightly smoothed speed: one fix's speed noise is no brake.
	const steadySpeed = smoothAlong(Float64Array.from(speedKmh), lap.timeMs, BRAKE_SMOOTHING_MS, {
		shrinkAtEnds: false,
	});
	let previousExitM = 0;
	for (const corner of corners) {
		const entryAt = indexAtProgress(progress, corner.entryM);
		const exitAt = indexAtProgress(progress, corner.exitM);
		let minSpeed = valueAt(speedKmh, entryAt);
		let minAt = entryAt;
		let maxLean = 0;
		let leanSign = 0;
		for (let i = Math.ceil(entryAt); i <= Math.floor(exitAt); i++) {
			const v = speedKmh[i]!;
			if (v < minSpeed) {
				minSpeed = v;
				minAt = i;
			}
			const lean = lap.leanDeg[i]!;
			if (Math.abs(lean) > maxLean) {
				maxLean = Math.abs(lean);
				leanSign = Math.sign(lean);
			}
		}
		const exitSpeed = valueAt(speedKmh, exitAt);
		if (exitSpeed < minSpeed) {
			minSpeed = exitSpeed;
			minAt = exitAt;
		}
		const braking = brakingBefore(steadySpeed, progress, previousExitM, minAt, minSpeed);
		out.push({
			number: corner.number,
			entrySpeedKmh: valueAt(speedKmh, entryAt),
			minSpeedKmh: minSpeed,
			minSpeedAtM: valueAt(progress, minAt),
			exitSpeedKmh: exitSpeed,
			maxLeanDeg: leanSign === 0 ? null : maxLean,
			leanSide: leanSign === 0 ? null : leanSign > 0 ? "right" : "left",
			leanEstimated: lap.leanEstimated,
			brakingAtM: braking ? braking.atM : null,
			brakingBeforeApexM: braking ? corner.apexM - braking.atM : null,
			brakingSpeedKmh: braking ? braking.speedKmh : null,
			timeMs: valueAt(lap.timeMs, exitAt) - valueAt(lap.timeMs, entryAt),
		});
		previousExitM = corner.exitM;
	}
	return out;
}

/** The last point before `minAt` still near the top speed since `fromM`; null if no real drop. */
function brakingBefore(
	speedKmh: Float64Array,
	progress: Float64Array,
	fromM: number,
	minAt: number,
	minSpeed: number,
): { atM: number; speedKmh: number } | null {
	const from = Math.ceil(indexAtProgress(progress, fromM));
	const to = Math.floor(minAt);
	let top = Number.NEGATIVE_INFINITY;
	for (let i = from; i <= to; i++) top = Math.max(top, speedKmh[i]!);
	if (!(top - minSpeed >= MIN_BRAKE_DROP_KMH)) return null;
	const floor = top - Math.max(BRAKE_TOLERANCE_MIN_KMH, BRAKE_TOLERANCE * top);
	let at = to;
	while (at > from && speedKmh[at]! < floor) at--;
	return { atM: progress[at]!, speedKmh: speedKmh[at]! };
}

export interface CornerDifference {
	corner: Corner;
	lap: CornerFigures;
	reference: CornerFigures;
	/** Lap minus reference: positive time is time lost; positive braking is braking earlier. */
	diff: {
		timeMs: number;
		entrySpeedKmh: number;
		minSpeedKmh: number;
		exitSpeedKmh: number;
		maxLeanDeg: number | null;
		brakingBeforeApexM: number | null;
	};
}

/** Both laps' figures side by side, the corners where most time was lost first. */
export function compareCorners(
	corners: readonly Corner[],
	lap: readonly CornerFigures[],
	reference: readonly CornerFigures[],
): CornerDifference[] {
	const out: CornerDifference[] = [];
	for (const corner of corners) {
		const a = lap.find((f) => f.number === corner.number);
		const b = reference.find((f) => f.number === corner.number);
		if (!a || !b) continue;
		out.push({
			corner,
			lap: a,
			reference: b,
			diff: {
				timeMs: a.timeMs - b.timeMs,
				entrySpeedKmh: a.entrySpeedKmh - b.entrySpeedKmh,
				minSpeedKmh: a.minSpeedKmh - b.minSpeedKmh,
				exitSpeedKmh: a.exitSpeedKmh - b.exitSpeedKmh,
				maxLeanDeg:
					a.maxLeanDeg !== null && b.maxLeanDeg !== null ? a.maxLeanDeg - b.maxLeanDeg : null,
				brakingBeforeApexM:
					a.brakingBeforeApexM !== null && b.brakingBeforeApexM !== null
						? a.brakingBeforeApexM - b.brakingBeforeApexM
						: null,
			},
		});
	}
	return out.sort((x, y) => y.diff.timeMs - x.diff.timeMs || x.corner.number - y.corner.number);
}
