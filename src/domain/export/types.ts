import type { SessionSource, TimedLap } from "../channels/types";
import type { TrackLines } from "../recording/types";

/** The formats lapsix writes. */
export type ExportFormat = "gpx" | "kml" | "csv" | "vbo";

export const EXPORT_FORMAT_NAMES: readonly ExportFormat[] = ["gpx", "kml", "csv", "vbo"];

/**
 * What every exporter takes: one session's timed laps with their channels, and what is known
 * about the session. The server builds it from a stored session; the command line from files.
 *
 * Times. A point's instant is `lap.startMs + lap.channels.timeMs[i]`, in the recording's time
 * base (`Recording.fixes.timeMs`):
 * - `dateKnown: true`: milliseconds since the Unix epoch (UTC); written as they are.
 * - `dateKnown: false`: milliseconds since midnight UTC of a day the recording did not give
 *   (a `.six` file, NMEA without RMC dates). The exporters write them on the UTC day `date`
 *   when it is given, and on **1970-01-01** when it is null: the time of day stays readable,
 *   and a reader that takes the file's times as epoch milliseconds gets back exactly the
 *   milliseconds since midnight the session holds. The file says so in its description.
 *
 * A point without a finite time, latitude or longitude is left out of every file.
 */
export interface ExportSession {
	/** The track's (or session's) name as shown; null when none is known. */
	trackName: string | null;
	/** The session's date as lapsix files it, `yyyy-mm-dd`; null when unknown. */
	date: string | null;
	/** Whether lap times count from the Unix epoch (see above). */
	dateKnown: boolean;
	source: SessionSource;
	/** Laps in driving order, each with its number, start instant and channels. */
	laps: readonly TimedLap[];
	/** The lines the laps were timed with (a known track or lines the user placed), or null. */
	lines: TrackLines | null;
}

/** Which part of a session to export. */
export interface ExportOptions {
	/** One lap by its number; the whole session when absent. */
	lap?: number;
}
