/**
 * A GPS recording from any source (the lapsix logger's `gps.six`, RaceChrono, VBO, NMEA, GPX,
 * TrackAddict, …), as every importer gives it and every later step (lap timing, channels,
 * comparison, export) takes it. Columnar: one typed array per channel, never one object per fix.
 *
 * Units are in the names: `Ms` milliseconds, `Kmh` km/h, `Deg` degrees, `M` metres, `G` standard
 * gravities, `Pct` percent. Angles of lean are positive to the right, negative to the left.
 */

/** The formats lapsix reads. */
export type SourceFormat =
	| "six"
	| "racechrono"
	| "vbo"
	| "nmea"
	| "gpx"
	| "trackaddict"
	| "racecapture"
	| "aim";

/**
 * One entry of an import or parse report. Lines are 1-based (0 when the entry concerns the
 * whole file).
 * - `rejected`: a line (or part of one) that was not used: unreadable, out of range, corrupt.
 * - `notice`: accepted data set aside or a choice made, e.g. a discarded stretch of a logger
 *   not timing, an unfinished last lap, a column ignored.
 */
export interface ImportIssue {
	file: string;
	line: number;
	kind: "rejected" | "notice";
	reason: string;
}

/** Channels beyond time and position that a source may carry; absent ones are left out. */
export type ExtraChannelName =
	| "headingDeg"
	| "altitudeM"
	| "satellites"
	| "latAccG"
	| "lonAccG"
	| "rpm"
	| "throttlePct";

export const EXTRA_CHANNEL_NAMES: readonly ExtraChannelName[] = [
	"headingDeg",
	"altitudeM",
	"satellites",
	"latAccG",
	"lonAccG",
	"rpm",
	"throttlePct",
];

/**
 * Accepted fixes in columns, sorted by time, times strictly increasing (an importer drops or
 * merges a fix whose time does not advance, and reports it).
 */
export interface Fixes {
	length: number;
	/**
	 * Time of each fix in ms: since the Unix epoch (UTC) when the recording's date is known
	 * (`Recording.dateKnown`), else since midnight UTC of an unknown day.
	 */
	timeMs: Float64Array;
	/** WGS84 decimal degrees, east and north positive. */
	lat: Float64Array;
	lon: Float64Array;
	/** Ground speed; NaN where the source has none (the timing step derives it from positions). */
	speedKmh: Float32Array;
	/** Measured lean (by the device or the recording app); absent when the source has none. */
	leanDeg?: Float32Array;
	/** The source's own cumulative distance; absent when it has none. */
	distanceM?: Float64Array;
	/** Other channels the source carries; NaN where a fix has no value. */
	extra: Partial<Record<ExtraChannelName, Float32Array>>;
	/** 1-based line of the source file each fix came from (for reports). */
	line: Uint32Array;
}

/** A point on the map. */
export interface LatLon {
	lat: number;
	lon: number;
}

/** A timing line: a segment between two points, about as wide as the track. */
export interface GateLine {
	a: LatLon;
	b: LatLon;
}

/** A track's timing lines. Laps start and end on `startFinish`; sectors end on `sectors[i]`. */
export interface TrackLines {
	startFinish: GateLine;
	/** Intermediate lines in driving order (sector k ends on line k; the last on start/finish). */
	sectors: GateLine[];
	/**
	 * Direction of travel across start/finish, as the compass bearing (degrees, 0 = north) a
	 * crossing must roughly follow; null = decided from the recording (the majority of crossings).
	 */
	directionDeg: number | null;
}

/** A known track: its name, lines and length. */
export interface TrackDefinition extends TrackLines {
	name: string;
	/** Length of a lap in metres when known (for recognition and display). */
	lengthM: number | null;
}

/** What an importer gives: the fixes and what the file says about itself. */
export interface Recording {
	source: {
		format: SourceFormat;
		/** The writing device or app as the file names it (`"RaceChrono Pro 9.1.3"`), or null. */
		device: string | null;
	};
	/** Whether `fixes.timeMs` counts from the Unix epoch (the file gave a date) or from midnight. */
	dateKnown: boolean;
	/** Track or session name the file gives, if any. */
	trackName: string | null;
	fixes: Fixes;
	/**
	 * The file's own lap markers: the instants (same base as `fixes.timeMs`) where it says a lap
	 * began or ended (RaceChrono `lap_number` changes, TrackAddict `# Lap` lines). Consecutive
	 * marks bound a lap. Empty when the file has none.
	 */
	lapMarksMs: number[];
	/** The file's own timing lines (VBO `[laptiming]`), already read into degrees; or null. */
	lines: TrackLines | null;
	report: ImportIssue[];
}
