/**
 * Figures of laps timed from channels (lines, marks, or the logger's laps with channels) and of
 * their session, in the shapes and by the rules of the logger's own analysis (`SessionSummary`,
 * `six/figure-rules.ts`): speed and lean from each lap's channels, lean measured or estimated.
 */
import type { TimedLap } from "../channels/types";
import { fastestLap } from "../six/best";
import { extreme, lapTimeSpread, shortestFloat32, theoreticalBest } from "../six/figure-rules";
import type { SessionSummary } from "../six/types";

export interface TimedLapFigures {
	number: number;
	timeMs: number;
	/** Sector durations in driving order; null where a line was not crossed. */
	sectorsMs: (number | null)[];
	/** Points of the lap's channels. */
	points: number;
	/** Metres along the lap (its channels' last distance); null without points. */
	distanceM: number | null;
	maxSpeedKmh: number | null;
	minSpeedKmh: number | null;
	/** Most lean to the right (positive) and to the left (negative); null without values. */
	maxLeanDeg: number | null;
	minLeanDeg: number | null;
	/** The lean is estimated from the path, not measured. */
	leanEstimated: boolean;
}

export interface TimedSessionFigures {
	laps: TimedLapFigures[];
	/** `maxRoll` and `minRoll` hold the lean (`leanEstimated` says whether it was estimated). */
	summary: SessionSummary;
	/** Some lap's lean is estimated from the path. */
	leanEstimated: boolean;
}

function range(
	column: ArrayLike<number>,
	length: number,
): { max: number | null; min: number | null } {
	let max = Number.NEGATIVE_INFINITY;
	let min = Number.POSITIVE_INFINITY;
	for (let i = 0; i < length; i++) {
		const v = column[i]!;
		// NaN fails both comparisons and is skipped.
		if (v > max) max = v;
		if (v < min) min = v;
	}
	const figure = (v: number) => (Number.isFinite(v) ? shortestFloat32(Math.fround(v)) : null);
	return { max: figure(max), min: figure(min) };
}

export function timedLapFigures(lap: TimedLap): TimedLapFigures {
	const c = lap.channels;
	const speed = range(c.speedKmh, c.length);
	const lean = range(c.leanDeg, c.length);
	const distance = c.length > 0 ? c.distanceM[c.length - 1]! : Number.NaN;
	return {
		number: lap.number,
		timeMs: lap.timeMs,
		sectorsMs: lap.sectorsMs,
		points: c.length,
		distanceM: Number.isFinite(distance) ? distance : null,
		maxSpeedKmh: speed.max,
		minSpeedKmh: speed.min,
		maxLeanDeg: lean.max,
		minLeanDeg: lean.min,
		leanEstimated: c.leanEstimated,
	};
}

/**
 * Per-lap and session figures. `gpsPointCount` is the recording's (every fix, timed or not),
 * as `SessionSummary` counts it for the logger's sessions. Laps are taken in lap-number order
 * (ties to the lowest lap, as FORMATS.md rules).
 */
export function timedSessionFigures(
	laps: readonly TimedLap[],
	gpsPointCount: number,
): TimedSessionFigures {
	const ordered = [...laps].sort((a, b) => a.number - b.number);
	const figures = ordered.map(timedLapFigures);
	const maxSpeed = extreme(
		figures.map((f) => ({ lap: f.number, value: f.maxSpeedKmh })),
		1,
	);
	const maxLean = extreme(
		figures.map((f) => ({ lap: f.number, value: f.maxLeanDeg })),
		1,
	);
	const minLean = extreme(
		figures.map((f) => ({ lap: f.number, value: f.minLeanDeg })),
		-1,
	);
	const best = fastestLap(ordered);
	const spread = lapTimeSpread(ordered.map((l) => l.timeMs));
	const summary: SessionSummary = {
		bestLap: best ? { number: best.number, timeMs: best.timeMs } : null,
		theoreticalBestMs: theoreticalBest(ordered.map((l) => l.sectorsMs)),
		maxSpeed: maxSpeed ? { kmh: maxSpeed.value, lap: maxSpeed.lap } : null,
		maxRoll: maxLean ? { deg: maxLean.value, lap: maxLean.lap } : null,
		minRoll: minLean ? { deg: minLean.value, lap: minLean.lap } : null,
		meanLapMs: spread?.mean ?? null,
		stdDevLapMs: spread?.stdDev ?? null,
		lapCount: ordered.length,
		gpsPointCount,
	};
	return { laps: figures, summary, leanEstimated: figures.some((f) => f.leanEstimated) };
}
