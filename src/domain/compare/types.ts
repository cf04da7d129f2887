/**
 * What the comparison of two laps gives: columnar (typed arrays, one entry per point or per
 * grid step), never one object per point, so a chart or the wire takes the columns as they are.
 *
 * Sign convention everywhere: a positive delta (or difference) means the compared lap is
 * behind the reference, i.e. slower; a positive gain rate means it is losing time there.
 */

export interface DeltaOptions {
	/** Spacing of the resampled reference line, metres (default 1). */
	referenceStepM?: number;
	/** Half-width of the smoothing of the reference line's positions, metres (default 2). */
	referenceSmoothM?: number;
	/** Half-width of the average of both laps' fixes in time before projecting, ms (default 200). */
	positionSmoothMs?: number;
	/** Spacing of the chart grid, metres along the reference (default 5). */
	gridStepM?: number;
	/** Farthest a point may lie from the reference line and still be matched (default 15 m). */
	maxLateralM?: number;
	/** Forward window of the projection beyond the lap's own step, metres (default 30). */
	windowAheadM?: number;
	/** Backward window of the projection, metres (default 10). */
	windowBackM?: number;
	/** Lowest cosine between the lap's and the line's direction for a match (default -0.3). */
	minHeadingCos?: number;
	/** Half-width of the delta's smoothing along the lap's own path, metres (default 5). */
	deltaSmoothM?: number;
	/** Half-width of the window of the gain-per-metre slope, metres (default 15). */
	gainHalfWidthM?: number;
	/** Shift the lap by its GPS offset from the reference before projecting (default true). */
	alignOffset?: boolean;
}

/** One entry per point of the compared lap. */
export interface DeltaPoints {
	length: number;
	/** Where each point lies along the reference, metres: non-decreasing, 0 first, the reference's length last. */
	refDistanceM: Float64Array;
	/** Time into this lap minus the reference's time at the same place, ms, lightly smoothed. First 0, last `finishDeltaMs`. */
	deltaMs: Float64Array;
	/** The same before smoothing (first and last set alike). */
	rawDeltaMs: Float64Array;
	/** Rate at which time is lost (positive) or gained, ms per metre of reference, smoothed. */
	gainMsPerM: Float32Array;
	/** The lap's speed, km/h, gaps filled from its positions. */
	speedKmh: Float32Array;
	/** Distance from the reference line, metres (Infinity where no line point was a candidate). */
	lateralM: Float32Array;
	/** 1 where the point lay off the reference line (its place interpolated, not measured). */
	offLine: Uint8Array;
}

/** One lap's channels read at every grid step. */
export interface GridSeries {
	timeMs: Float64Array;
	speedKmh: Float32Array;
	/** NaN where the lap has no lean. */
	leanDeg: Float32Array;
	lat: Float64Array;
	lon: Float64Array;
}

/** Both laps and the delta on a regular grid along the reference, for charts and the map. */
export interface DeltaGrid {
	length: number;
	stepM: number;
	/** 0, stepM, 2·stepM, …, and the reference's length last. */
	distanceM: Float64Array;
	deltaMs: Float32Array;
	gainMsPerM: Float32Array;
	lap: GridSeries;
	reference: GridSeries;
}

export interface DeltaTrace {
	status: "ok";
	lapTimeMs: number;
	referenceTimeMs: number;
	/** `lapTimeMs - referenceTimeMs`: the delta at the finish line. */
	finishDeltaMs: number;
	referenceLengthM: number;
	/**
	 * The reference's time where the lap's clock started, added to every point: non-zero when
	 * the lap was shifted by a GPS offset with a part along the track at the start.
	 */
	clockOffsetMs: number;
	/**
	 * The set first value (0) minus the trace's own reading at the first instant (over its first
	 * half second), ms: the step a line not square to the path leaves at the start. NaN when the
	 * lap started off the reference line.
	 */
	startStepMs: number;
	/** The same at the finish: the finish delta minus the trace's reading at the last instant. */
	finishStepMs: number;
	/** The GPS offset removed from the lap before projecting it (metres east and north). */
	offsetM: { eastM: number; northM: number };
	/**
	 * Where either lap's GPS jumped (a step longer than its speed allows), metres along the
	 * reference: the trace is not to be trusted across them, and the charts mark them.
	 */
	gpsJumpsM: { lap: number[]; reference: number[] };
	/** Points of the lap that lay off the reference line, and the metres of lap they span. */
	offLinePoints: number;
	offLineM: number;
	leanEstimated: { lap: boolean; reference: boolean };
	points: DeltaPoints;
	grid: DeltaGrid;
}

export type DeltaRefusal = "reversed" | "unrelated" | "too-short";

/** No trace: the laps cannot be compared; `reason` says why (pt-BR, shown to the user). */
export interface DeltaRefused {
	status: DeltaRefusal;
	reason: string;
	lapTimeMs: number;
	referenceTimeMs: number;
	finishDeltaMs: number;
}

export type DeltaResult = DeltaTrace | DeltaRefused;
