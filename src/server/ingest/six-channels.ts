/**
 * The stored channels of a lapsix logger session: per lap of `lap.six`, the codec (version 2)
 * blob of its time-stamped channels, the time column from the `gps.six` time field. These
 * are the logger's own laps (the default timing of a `.six` session); re-timing with a line
 * works from the kept files, not from these blobs.
 */
import { encodeLapChannels } from "../../domain/channels/codec";
import type { CalendarDate } from "../../domain/format/storage-names";
import type { TrackLines } from "../../domain/recording/types";
import type { GpsFile, LapFile } from "../../domain/six/types";
import { timeSixSession } from "../../domain/timing/six-session";

/**
 * A lap's times run from its first point, so the blobs do not depend on the date; it only
 * places the recording on the calendar. Without one (a caller that does not know it) any day
 * gives the same blobs.
 */
const ANY_DAY: CalendarDate = { year: 2000, month: 1, day: 1 };

export interface SixChannels {
	/** Lap number -> channel blob, for the laps with at least one point. */
	blobs: Map<number, Uint8Array>;
	/** The logger recorded no lean: the channels hold lean estimated from the path. */
	leanEstimated: boolean;
	/** The start/finish line the logger's lap counter implies; null when it never changes. */
	startFinish: TrackLines | null;
}

export function sixLapChannels(lap: LapFile, gps: GpsFile, date: CalendarDate | null): SixChannels {
	const blobs = new Map<number, Uint8Array>();
	if (gps.points.length === 0) return { blobs, leanEstimated: false, startFinish: null };
	const timing = timeSixSession(lap, gps, date ?? ANY_DAY);
	for (const timed of timing.logger.laps) {
		if (timed.channels.length > 0) blobs.set(timed.number, encodeLapChannels(timed.channels));
	}
	return {
		blobs,
		leanEstimated: timing.derived.leanEstimated,
		startFinish: timing.startFinish?.lines ?? null,
	};
}

/** Lap number -> channel blob, for the laps with at least one point. */
export function sixLapChannelBlobs(
	lap: LapFile,
	gps: GpsFile,
	date: CalendarDate | null,
): Map<number, Uint8Array> {
	return sixLapChannels(lap, gps, date).blobs;
}
