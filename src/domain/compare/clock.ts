/**
 * Where the lap's clock started, seen from the reference, and the steps left at both ends.
 *
 * Both laps were timed at the line from their own GPS positions. Once the lap is shifted by
 * its GPS offset (`estimateOffset`), its start lies where its own receiver put the line, which
 * is the offset's along-track part away from where the reference's receiver put it: the lap's
 * clock started that far before or after the reference's first place. Its time is counted from
 * there (`clockOffsetMs`, the reference's time at that place), or the trace would step by
 * tenths of a second right after the start and again at the finish. The offset comes from the
 * whole lap, so this reading is as steady as the offset, not as noisy as one fix.
 *
 * What remains at the two ends (a line not square to the path, crossed a metre to one side
 * or the other) is read over the first and last half second of the projected delta, extended
 * to the first and last instant, and reported, not removed: it is part of the lap times.
 */
import type { Offset } from "./align";
import { type ReferenceLine, referenceTimeAt } from "./reference-line";
import { lineFitAt } from "./smooth";

const END_FIT_MS = 500;

/** The reference's time (ms, negative before its start) where the shifted lap's clock started. */
export function clockOffsetMs(line: ReferenceLine, offset: Offset): number {
	const along = offset.eastM * line.tx[0]! + offset.northM * line.ty[0]!;
	if (along >= 0) return referenceTimeAt(line, along);
	const speedMs = line.sourceSpeedKmh[0]! / 3.6;
	return speedMs > 1 ? (along / speedMs) * 1000 : 0;
}

export interface EndSteps {
	/** The set first value (0) minus the trace's reading at the first instant; NaN off the line. */
	startStepMs: number;
	/** The set last value (the finish delta) minus the reading at the last instant; NaN off the line. */
	finishStepMs: number;
}

/** `deltaMs`: the trace per point before its ends are set (NaN off the line). */
export function endSteps(
	deltaMs: Float64Array,
	timeMs: Float64Array,
	finishDeltaMs: number,
): EndSteps {
	const n = deltaMs.length;
	const t0 = timeMs[0]!;
	const tEnd = timeMs[n - 1]!;
	let startTo = 0;
	while (startTo + 1 < n && timeMs[startTo + 1]! - t0 <= END_FIT_MS) startTo++;
	let endFrom = n - 1;
	while (endFrom > 0 && tEnd - timeMs[endFrom - 1]! <= END_FIT_MS) endFrom--;
	const atStart = Number.isNaN(deltaMs[0]!)
		? Number.NaN
		: lineFitAt(deltaMs, timeMs, 0, startTo, t0);
	const atEnd = Number.isNaN(deltaMs[n - 1]!)
		? Number.NaN
		: lineFitAt(deltaMs, timeMs, endFrom, n - 1, tEnd);
	return { startStepMs: -atStart, finishStepMs: finishDeltaMs - atEnd };
}
