/**
 * Types of the logger files (`lap.six`, `gps.six`) and of what lapsix derives from them.
 * The rules behind every field are in FORMATS.md; the names here follow it.
 */

export type SixFileName = "lap.six" | "gps.six";

/**
 * One entry of a parse report. Lines are 1-based.
 * - `rejected`: a line that was not used (unreadable, out of range).
 * - `notice`: accepted data set aside by a rule (a discarded flag-0 stretch, an unfinished last
 *   lap, a replaced duplicate), so a consumer can count rejected lines apart from these.
 */
export interface ParseIssue {
	file: SixFileName;
	line: number;
	kind: "rejected" | "notice";
	reason: string;
}

export type SectorNumber = 1 | 2 | 3 | 4;

export interface SectorRecord {
	number: SectorNumber;
	timeMs: number;
	/** The device marked the sector as improved (`upFlag`). */
	improved: boolean;
	upMax: number;
	upTrack: number;
	/** The device's own text for the sector time; when it wrote none, `timeMs` as `ss.SSS`. */
	display: string;
	distanceM: number;
}

export interface LapRecord {
	number: number;
	timeMs: number;
	battery: string;
	/** Seconds since local midnight when the lap started (0..86399). */
	entrySec: number;
	/** Always 4 entries, sector 1..4; `null` when the sector was not recorded. */
	sectors: readonly (SectorRecord | null)[];
	sprintCount: number;
	distanceM: number;
	/** 1-based line of `lap.six` this lap came from. */
	line: number;
}

export interface LapFile {
	/** Accepted laps, sorted by lap number, duplicates resolved (the later line wins). */
	laps: LapRecord[];
	report: ParseIssue[];
}

/**
 * Accepted GPS fixes in columns (one typed array per field), in file order.
 * Fields the older 7-field variant lacks are NaN, never zero.
 */
export interface GpsPoints {
	length: number;
	lat: Float64Array;
	lon: Float64Array;
	speedKmh: Float32Array;
	satellites: Uint16Array;
	/** UTC time of day in milliseconds; NaN when the time field could not be read. */
	timeOfDayMs: Float64Array;
	lapCount: Uint32Array;
	/** 1 = timing active (`firstLapFlag`). */
	timingFlag: Uint8Array;
	roll: Float32Array;
	filteredLean: Float32Array;
	distanceM: Float64Array;
	/** 1-based line of `gps.six` each point came from. */
	line: Uint32Array;
	/** Battery text per point, as the device wrote it. */
	battery: readonly string[];
}

export interface GpsFile {
	points: GpsPoints;
	report: ParseIssue[];
}

/** A lap's path: the points [start, end) of `GpsPoints` (a lap's points are contiguous). */
export interface LapPathRange {
	lapNumber: number;
	start: number;
	end: number;
}

export interface SplitLapsResult {
	/** Saved lap paths, sorted by lap number; two paths never share a point. */
	paths: LapPathRange[];
	/** Replaced runs of the same lap number, unfinished last lap, and the like. */
	report: ParseIssue[];
}

export interface SectorAnalysis {
	number: SectorNumber;
	timeMs: number;
	display: string;
	distanceM: number;
	improved: boolean;
}

export interface LapAnalysis {
	number: number;
	timeMs: number;
	battery: string;
	entry: number;
	distanceM: number;
	sprintCount: number;
	sectors: SectorAnalysis[];
	/** GPS points in this lap's path (0 when the lap has no path). */
	points: number;
	/** null when the lap has no path or the figure is absent (old variant has no roll). */
	maxSpeedKmh: number | null;
	minSpeedKmh: number | null;
	/** Highest roll: most to the right (positive). */
	maxRollDeg: number | null;
	/** Lowest roll: most to the left (negative). */
	minRollDeg: number | null;
}

export interface SessionSummary {
	bestLap: { number: number; timeMs: number } | null;
	/** Sum of the best time of each sector; null unless every lap has all 4 sectors. */
	theoreticalBestMs: number | null;
	maxSpeed: { kmh: number; lap: number } | null;
	maxRoll: { deg: number; lap: number } | null;
	minRoll: { deg: number; lap: number } | null;
	meanLapMs: number | null;
	stdDevLapMs: number | null;
	lapCount: number;
	gpsPointCount: number;
}

export interface SessionAnalysis {
	laps: LapAnalysis[];
	summary: SessionSummary;
	report: ParseIssue[];
}

/** One GPS fix as an object (for serialising, tests and small views; bulk data stays columnar). */
export interface GpsPoint {
	lat: number;
	lon: number;
	speedKmh: number;
	satellites: number;
	/** NaN when the device wrote no time. */
	timeOfDayMs: number;
	lapCount: number;
	timingFlag: 0 | 1;
	battery: string;
	/** NaN in the older 7-field variant. */
	roll: number;
	/** NaN in the older 7-field variant. */
	filteredLean: number;
	/** NaN in the older 7-field variant. */
	distanceM: number;
}
