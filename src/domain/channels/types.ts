import type { ExtraChannelName, SourceFormat, TrackLines } from "../recording/types";

/**
 * One lap's time-stamped channels: what is stored per lap (one row, a binary codec), served to
 * the web, compared and exported. Columnar, all columns of `length` entries.
 *
 * When a lap is timed from line crossings its first point is the interpolated start crossing
 * (time 0) and its last point the interpolated end crossing (time = the lap time), so a lap's
 * channels span exactly its lap time. A `.six` lap timed by the logger holds the logger's
 * points, time 0 at the first.
 */
export interface LapChannels {
	length: number;
	/** ms since the lap started. Non-decreasing. */
	timeMs: Float64Array;
	lat: Float64Array;
	lon: Float64Array;
	/** NaN where unknown. */
	speedKmh: Float32Array;
	/** Lean, positive right; measured, or estimated from the path when `leanEstimated`. */
	leanDeg: Float32Array;
	leanEstimated: boolean;
	/** Metres from the lap's start along the path. */
	distanceM: Float64Array;
	/** Other channels of the source, NaN where a point has none. */
	extra: Partial<Record<ExtraChannelName, Float32Array>>;
}

/** How a session's laps were timed. */
export type LapTiming =
	/** The lapsix logger's own laps and sectors (`lap.six`): the default for `.six` sessions. */
	| { kind: "logger" }
	/** Line crossings of a track's lines (a known track, or lines the user placed). */
	| { kind: "lines"; lines: TrackLines }
	/** The file's own lap markers (RaceChrono `lap_number`, TrackAddict `# Lap`). */
	| { kind: "markers" }
	/** No laps could be timed: the whole recording is one untimed stretch. */
	| { kind: "none" };

/** A lap with its channels, as timing gives it. */
export interface TimedLap {
	number: number;
	/** When the lap started: ms in the recording's time base (`Fixes.timeMs`). */
	startMs: number;
	timeMs: number;
	/** Sector durations in driving order; null where a sector line was not crossed. */
	sectorsMs: (number | null)[];
	channels: LapChannels;
}

/** The source of a session's data, as shown and exported. */
export interface SessionSource {
	format: SourceFormat;
	device: string | null;
}
