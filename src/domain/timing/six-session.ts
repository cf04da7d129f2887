/**
 * Everything timing gives a lapsix logger session at once: its fixes on the session's date,
 * the logger's own laps (the default timing of a `.six` session), and the start/finish line
 * its lap counter implies (to re-time it, or to give its track a line).
 */
import { type DerivedColumns, deriveColumns } from "../channels/derive";
import type { CalendarDate } from "../format/storage-names";
import type { GpsFile, LapFile } from "../six/types";
import type { LapTimingResult } from "./lap-lines";
import { type SixFixes, sixFixes, utcOffsetFromLaps } from "./six-fixes";
import { loggerLaps } from "./six-laps";
import { type DerivedStartFinish, startFinishFromLapCounter } from "./six-start-line";

export interface SixSessionTiming {
	six: SixFixes;
	/** The logger's offset from UTC read from its laps, minutes; null when unknown. */
	utcOffsetMinutes: number | null;
	/** Columns derived from `six.fixes`, to pass to a re-timing of the same fixes. */
	derived: DerivedColumns;
	logger: LapTimingResult;
	/** Null when the lap counter never changes (no lap crossed). */
	startFinish: DerivedStartFinish | null;
}

export function timeSixSession(lap: LapFile, gps: GpsFile, date: CalendarDate): SixSessionTiming {
	const utcOffsetMinutes = utcOffsetFromLaps(lap, gps.points);
	const options = { date, utcOffsetMinutes };
	const six = sixFixes(gps.points, options);
	const derived = deriveColumns(six.fixes);
	return {
		six,
		utcOffsetMinutes,
		derived,
		logger: loggerLaps(lap, gps.points, six, options, derived),
		startFinish: startFinishFromLapCounter(gps.points),
	};
}
