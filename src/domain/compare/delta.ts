/**
 * Delta time between a lap and a reference lap, by position.
 *
 * The question is "how much later than the reference am I at this place on the track?". Both
 * laps are sets of timed points; the delta at a point of the compared lap is its time into the
 * lap minus the reference's time at the same place. The place is found by position, never by
 * distance travelled: two laps of the same track differ by metres of path (a wider line, GPS
 * noise, an odometer that over-reads), and a delta read at equal distances drifts by that much,
 * worst at the finish where the rider looks first.
 *
 * Method:
 * 1. The reference becomes a fine line (`prepareReference`): its path resampled every metre,
 *    positions lightly smoothed, the reference's time at every grid point (between sparse
 *    fixes a spline path timed by the speeds, so a 1 Hz reference keeps its corners and its
 *    accelerations).
 * 2. Both laps must go the same way round the same place (`checkDirection`); otherwise the
 *    result says "reversed" or "unrelated" and carries no trace.
 * 3. The lap is shifted by the GPS offset that best lays it onto the line (`estimateOffset`):
 *    a receiver's drift of a metre or two between laps would otherwise read as tenths of a
 *    second wherever the lap is slow.
 * 4. Each point of the lap is projected onto the line within a window just behind and ahead of
 *    the previous match (`matchPoints`), so a hairpin's other leg or a crossing never captures
 *    it; points farther than `maxLateralM` from the line (a pit lane, a detour) are off the line:
 *    the anchor waits and the window widens until the lap comes back.
 * 5. Progress along the reference: the first point at 0, the last at the reference's length
 *    (both laps start and end at the line), off-line stretches interpolated in the lap's own
 *    travelled distance, then the least-squares non-decreasing fit (no step back from noise).
 * 6. Delta = time into this lap − the reference's time at that progress; lightly smoothed (a
 *    local straight line over ±`deltaSmoothM` of the lap's own path, exact for a steady gain
 *    or loss, whatever the sample rate; `rawDeltaMs` keeps it unsmoothed). The first
 *    point's delta is 0 and the last one's exactly `lap time − reference lap time`: that is what
 *    the lap times say at the line. Once the lap is shifted by its GPS offset, its clock
 *    started where its own receiver put the line: its time is counted from there, in the
 *    reference's time (`clockOffsetMs`), so the trace does not step right after the start.
 *    What a line not square to the path adds at each crossing stays where it arises, a small
 *    step at the first and the last point (`startStepMs`, `finishStepMs`).
 * 7. Gain or loss per metre: least-squares slope of the delta over ±`gainHalfWidthM`.
 * 8. A grid every `gridStepM` metres of reference with both laps' time, speed, lean and
 *    position, the delta and the gain, for the charts and the map.
 * 9. Where either lap's GPS jumped (a step longer than its speed allows), the places are
 *    reported (`gpsJumpsM`): neither side of a jump is known to be right, so nothing is guessed.
 *
 * Cost: O(reference length / step + points × window), typed arrays throughout.
 */
import type { LapChannels } from "../channels/types";
import { estimateOffset, type Offset } from "./align";
import { speedKmhFilled } from "./channels";
import { clockOffsetMs, endSteps } from "./clock";
import { checkDirection } from "./direction";
import { projectPoints } from "./geo";
import { buildGrid } from "./grid";
import { findJumps } from "./jumps";
import { matchPoints } from "./match";
import { toProgress } from "./monotone";
import {
	FIX_SMOOTHING_MS,
	prepareReference,
	type ReferenceLine,
	type ReferenceOptions,
	referenceTimeAt,
	referenceTimeNearEnd,
} from "./reference-line";
import { slopeAlong, smoothAlong, smoothFixes } from "./smooth";
import type { DeltaOptions, DeltaResult, DeltaTrace } from "./types";

export const DELTA_DEFAULTS: Required<DeltaOptions> = {
	referenceStepM: 1,
	referenceSmoothM: 2,
	positionSmoothMs: FIX_SMOOTHING_MS,
	gridStepM: 5,
	maxLateralM: 15,
	windowAheadM: 30,
	windowBackM: 10,
	minHeadingCos: -0.3,
	deltaSmoothM: 5,
	gainHalfWidthM: 15,
	alignOffset: true,
};

const REASONS = {
	reversed: "A volta de referência foi percorrida no sentido contrário ao desta volta.",
	unrelated:
		"Esta volta não segue o traçado da volta de referência (outra pista ou outro traçado).",
	"too-short":
		"Volta curta demais para comparar: precisa de dois pontos, tempo e 10 m de percurso.",
} as const;

/** The reference-line options a delta with these options uses. */
export function referenceOptionsOf(options: DeltaOptions = {}): ReferenceOptions {
	const o = { ...DELTA_DEFAULTS, ...options };
	return { stepM: o.referenceStepM, smoothM: o.referenceSmoothM, smoothMs: o.positionSmoothMs };
}

function lapTimeOf(lap: LapChannels): number {
	return lap.length > 0 ? lap.timeMs[lap.length - 1]! - lap.timeMs[0]! : 0;
}

function isReferenceLine(value: LapChannels | ReferenceLine): value is ReferenceLine {
	return "sourceIndex" in value;
}

/**
 * Time into the lap minus the reference's time where each point lies: at the progress inside
 * the lap, at the crossings where they project (NaN off the line), timed on the reference's
 * extension before its first place or past its last.
 */
function projectedDeltas(
	line: ReferenceLine,
	lap: LapChannels,
	x: Float64Array,
	y: Float64Array,
	projectedS: Float64Array,
	s: Float64Array,
): Float64Array {
	const n = lap.length;
	const L = line.lengthM;
	const t0 = lap.timeMs[0]!;
	const out = new Float64Array(n);
	for (let i = 0; i < n; i++) {
		const si = i === 0 || i === n - 1 ? projectedS[i]! : s[i]!;
		if (Number.isNaN(si)) {
			out[i] = Number.NaN;
			continue;
		}
		const refTime =
			si <= 0
				? referenceTimeNearEnd(line, x[i]!, y[i]!, si, "start")
				: si >= L
					? referenceTimeNearEnd(line, x[i]!, y[i]!, si, "finish")
					: referenceTimeAt(line, si);
		out[i] = lap.timeMs[i]! - t0 - refTime;
	}
	return out;
}

/**
 * The trace smoothed along the lap's own path (it moves on wherever the lap moves, while the
 * progress along the reference stands still in the flat runs that keep it monotone under
 * noise), and its slope per metre of reference. The crossings take part as the projection sees
 * them, unless one lies off the line; the caller then sets them to 0 and the finish delta.
 */
function smoothTrace(
	rawDeltaMs: Float64Array,
	travelledM: Float64Array,
	s: Float64Array,
	o: Required<DeltaOptions>,
): { deltaMs: Float64Array; gain: Float64Array } {
	const n = rawDeltaMs.length;
	const endsOnLine = !Number.isNaN(rawDeltaMs[0]!) && !Number.isNaN(rawDeltaMs[n - 1]!);
	const from = endsOnLine ? 0 : 1;
	const to = endsOnLine ? n : n - 1;
	const deltaMs = new Float64Array(n);
	const gain = new Float64Array(n);
	if (to > from) {
		const part = (a: Float64Array) => a.subarray(from, to);
		const smoothed = smoothAlong(part(rawDeltaMs), part(travelledM), o.deltaSmoothM, {
			shrinkAtEnds: false,
		});
		deltaMs.set(smoothed, from);
		gain.set(slopeAlong(smoothed, part(s), o.gainHalfWidthM), from);
	}
	if (from === 1 && n > 2) {
		gain[0] = gain[1]!;
		gain[n - 1] = gain[n - 2]!;
	}
	return { deltaMs, gain };
}

/**
 * The delta of `lap` against `reference` (a lap, or a line already prepared from one with the
 * same options: prepare once to compare many laps against one reference).
 */
export function computeDelta(
	lap: LapChannels,
	reference: LapChannels | ReferenceLine,
	options: DeltaOptions = {},
): DeltaResult {
	const o = { ...DELTA_DEFAULTS, ...options };
	const lapTimeMs = lapTimeOf(lap);
	const line = isReferenceLine(reference)
		? reference
		: prepareReference(reference, referenceOptionsOf(o));
	const referenceTimeMs = line ? line.lapTimeMs : lapTimeOf(reference as LapChannels);
	const finishDeltaMs = lapTimeMs - referenceTimeMs;
	const refuse = (status: keyof typeof REASONS): DeltaResult => ({
		status,
		reason: REASONS[status],
		lapTimeMs,
		referenceTimeMs,
		finishDeltaMs,
	});
	const n = lap.length;
	if (!line || n < 2 || !(lapTimeMs > 0)) return refuse("too-short");

	const projected = projectPoints(line.frame, lap.lat, lap.lon, n);
	const { x, y } = smoothFixes(projected.x, projected.y, lap.timeMs, n, o.positionSmoothMs);
	const direction = checkDirection(line, x, y, n, o.maxLateralM);
	if (direction !== "same") return refuse(direction);

	let matches = matchPoints(line, x, y, n, o);
	let offset: Offset = { eastM: 0, northM: 0 };
	if (o.alignOffset) {
		offset = estimateOffset(line, x, y, matches, n);
		if (offset.eastM !== 0 || offset.northM !== 0) {
			for (let i = 0; i < n; i++) {
				x[i] = x[i]! + offset.eastM;
				y[i] = y[i]! + offset.northM;
			}
			matches = matchPoints(line, x, y, n, o);
		}
	}
	const L = line.lengthM;
	const projectedS = matches.s;
	const s = projectedS.slice();
	const progress = toProgress(s, x, y, L);

	const projectedMs = projectedDeltas(line, lap, x, y, projectedS, s);
	const clockMs = clockOffsetMs(line, offset);
	const rawDeltaMs = new Float64Array(n);
	for (let i = 0; i < n; i++) rawDeltaMs[i] = projectedMs[i]! + clockMs;
	const steps = endSteps(rawDeltaMs, lap.timeMs, finishDeltaMs);
	const { deltaMs, gain } = smoothTrace(rawDeltaMs, progress.travelledM, s, o);
	rawDeltaMs[0] = 0;
	rawDeltaMs[n - 1] = finishDeltaMs;
	deltaMs[0] = 0;
	deltaMs[n - 1] = finishDeltaMs;

	const lapSpeedKmh = speedKmhFilled(lap.speedKmh, lap.timeMs, x, y, n);
	const grid = buildGrid({
		line,
		lap,
		lapSpeedKmh,
		s,
		deltaMs,
		gainMsPerM: gain,
		stepM: o.gridStepM,
	});
	const trace: DeltaTrace = {
		status: "ok",
		lapTimeMs,
		referenceTimeMs,
		finishDeltaMs,
		referenceLengthM: L,
		clockOffsetMs: clockMs,
		startStepMs: steps.startStepMs,
		finishStepMs: steps.finishStepMs,
		offsetM: offset,
		gpsJumpsM: {
			lap: findJumps(projected.x, projected.y, lap.timeMs, lap.speedKmh, n).map((i) => s[i]!),
			reference: line.jumpsM,
		},
		offLinePoints: progress.offLinePoints,
		offLineM: progress.offLineM,
		leanEstimated: { lap: lap.leanEstimated, reference: line.source.leanEstimated },
		points: {
			length: n,
			refDistanceM: s,
			deltaMs,
			rawDeltaMs,
			gainMsPerM: Float32Array.from(gain),
			speedKmh: lapSpeedKmh,
			lateralM: matches.lateralM,
			offLine: progress.offLine,
		},
		grid,
	};
	return trace;
}
