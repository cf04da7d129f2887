/**
 * Both laps' sector times side by side: each sector's difference, the running difference at
 * the end of each sector, and where that sector's line lies on the reference with the delta
 * trace there. With both laps timed from interpolated crossings of the same lines, the trace at
 * a sector line and the running difference of the sector times agree within a few ms: two
 * readings of the same thing, by position and by the lines.
 */
import type { TimedLap } from "../channels/types";
import type { DeltaTrace } from "./types";

export interface SectorDifference {
	/** 1-based, in driving order. */
	number: number;
	lapMs: number | null;
	referenceMs: number | null;
	/** Lap minus reference; null where either lap has no time for the sector. */
	diffMs: number | null;
	/** Sum of the differences up to the end of this sector; null from a missing sector on. */
	cumulativeDiffMs: number | null;
	/** Where the sector ends on the reference, metres (from its own sector times). */
	lineAtM: number | null;
	/** The delta trace at that place, ms. */
	deltaAtLineMs: number | null;
}

type SectorTimes = Pick<TimedLap, "timeMs" | "sectorsMs">;

export function compareSectors(
	lap: SectorTimes,
	reference: SectorTimes,
	trace: DeltaTrace | null,
): SectorDifference[] {
	const count = Math.max(lap.sectorsMs.length, reference.sectorsMs.length);
	const out: SectorDifference[] = [];
	let lapSum: number | null = 0;
	let refSum: number | null = 0;
	for (let j = 0; j < count; j++) {
		const a = lap.sectorsMs[j] ?? null;
		const b = reference.sectorsMs[j] ?? null;
		lapSum = lapSum === null || a === null ? null : lapSum + a;
		refSum = refSum === null || b === null ? null : refSum + b;
		const place = trace && refSum !== null ? placeOfReferenceTime(trace, refSum) : null;
		out.push({
			number: j + 1,
			lapMs: a,
			referenceMs: b,
			diffMs: a !== null && b !== null ? a - b : null,
			cumulativeDiffMs: lapSum !== null && refSum !== null ? lapSum - refSum : null,
			lineAtM: place ? place.distanceM : null,
			deltaAtLineMs: place ? place.deltaMs : null,
		});
	}
	return out;
}

/** Where on the reference its clock read `timeMs`, and the delta there (from the chart grid). */
function placeOfReferenceTime(
	trace: DeltaTrace,
	timeMs: number,
): { distanceM: number; deltaMs: number } {
	const { grid } = trace;
	const times = grid.reference.timeMs;
	const last = grid.length - 1;
	if (timeMs >= trace.referenceTimeMs) {
		return { distanceM: grid.distanceM[last]!, deltaMs: trace.finishDeltaMs };
	}
	if (timeMs <= 0) return { distanceM: 0, deltaMs: 0 };
	let lo = 0;
	let hi = last;
	while (hi - lo > 1) {
		const mid = (lo + hi) >> 1;
		if (times[mid]! < timeMs) lo = mid;
		else hi = mid;
	}
	const span = times[hi]! - times[lo]!;
	const f = span > 0 ? (timeMs - times[lo]!) / span : 0;
	const lerp = (v: ArrayLike<number>) => v[lo]! + f * (v[hi]! - v[lo]!);
	return { distanceM: lerp(grid.distanceM), deltaMs: lerp(grid.deltaMs) };
}
