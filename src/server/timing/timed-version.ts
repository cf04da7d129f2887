/**
 * The rows of a session version from laps timed from channels (line crossings, a file's lap
 * marks): the same laps table and summary a logger's session fills, with what a recording
 * other than the logger's cannot say left neutral (no battery, no sprints, sectors never
 * marked improved).
 */
import { encodeLapChannels } from "../../domain/channels/codec";
import type { LapChannels, TimedLap } from "../../domain/channels/types";
import { formatSectorTime } from "../../domain/format/time";
import type { ImportIssue, TrackLines } from "../../domain/recording/types";
import type { SectorAnalysis } from "../../domain/six/types";
import { timedLapFigures, timedSessionFigures } from "../../domain/timing/figures";
import type { LapTimingResult } from "../../domain/timing/lap-lines";
import type { TimingShown } from "../db/schema";
import { capReport } from "../ingest/session-version";
import type { TimedVersion } from "../repositories/session-timing-repository";

const DAY_MS = 86_400_000;
/** The laps table holds four sectors, as the logger records. */
export const MAX_STORED_SECTORS = 4;

/** Distance along the lap at `timeMs` from its start (the nearest point at or after it). */
function distanceAt(channels: LapChannels, timeMs: number): number {
	const t = channels.timeMs;
	let lo = 0;
	let hi = channels.length - 1;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (t[mid]! < timeMs) lo = mid + 1;
		else hi = mid;
	}
	return channels.distanceM[lo] ?? Number.NaN;
}

function storedSectors(lap: TimedLap): SectorAnalysis[] {
	const out: SectorAnalysis[] = [];
	let startMs = 0;
	lap.sectorsMs.slice(0, MAX_STORED_SECTORS).forEach((timeMs, k) => {
		if (timeMs === null) {
			// A sector not crossed: the next one's start is unknown too.
			startMs = Number.NaN;
			return;
		}
		const endMs = Number.isNaN(startMs) ? Number.NaN : startMs + timeMs;
		const metres =
			lap.channels.length > 0 && !Number.isNaN(endMs)
				? distanceAt(lap.channels, endMs) - distanceAt(lap.channels, startMs)
				: Number.NaN;
		out.push({
			number: (k + 1) as SectorAnalysis["number"],
			timeMs,
			display: formatSectorTime(timeMs),
			distanceM: Number.isFinite(metres) ? Math.round(metres) : 0,
			improved: false,
		});
		startMs = endMs;
	});
	return out;
}

/** Seconds since local midnight of the lap's start (UTC when the offset is unknown). */
function entrySeconds(startMs: number, utcOffsetMinutes: number | null): number {
	const local = startMs + (utcOffsetMinutes ?? 0) * 60_000;
	return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
}

export interface TimedVersionInput {
	sessionId: string;
	timing: LapTimingResult;
	timingShown: TimingShown;
	timingLines: TrackLines | null;
	/** Every fix of the recording (as the logger's summary counts its points). */
	gpsPointCount: number;
	/** What reading the source reported, before timing's notices. */
	sourceReport: ImportIssue[];
	utcOffsetMinutes: number | null;
}

export function buildTimedVersion(input: TimedVersionInput): TimedVersion {
	const { timing } = input;
	const figures = timedSessionFigures(timing.laps, input.gpsPointCount);
	const laps = timing.laps.map((lap) => {
		const f = timedLapFigures(lap);
		return {
			session_id: input.sessionId,
			lap_number: lap.number,
			time_ms: lap.timeMs,
			battery: "",
			entry_sec: entrySeconds(lap.startMs, input.utcOffsetMinutes),
			distance_m: f.distanceM === null ? 0 : Math.round(f.distanceM),
			sprint_count: 0,
			sectors: JSON.stringify(storedSectors(lap)),
			point_count: f.points,
			max_speed_kmh: f.maxSpeedKmh,
			min_speed_kmh: f.minSpeedKmh,
			max_roll_deg: f.maxLeanDeg,
			min_roll_deg: f.minLeanDeg,
			path: lap.channels.length > 0 ? encodeLapChannels(lap.channels) : null,
		};
	});
	return {
		laps,
		summary: figures.summary,
		report: capReport<string>([...input.sourceReport, ...timing.report]),
		timingShown: input.timingShown,
		timingLines: input.timingLines,
		leanEstimated: figures.leanEstimated,
	};
}
