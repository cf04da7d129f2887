/**
 * The lapsix logger's own laps (`lap.six` times and sectors, `gps.six` paths split by its lap
 * counter as `analyzeSession` does) as `TimedLap`s whose channels take their time column from
 * the `gps.six` time field. The default timing of a `.six` session.
 *
 * A lap's channels are its path's points, time 0 at the first (the logger counts a lap from
 * its own line crossing, a moment before that point). A lap whose points have too few times
 * (fewer than two, after `sixFixes`) falls back to the logger's timing: its points spread
 * evenly over the lap time, reported. A lap of `lap.six` without a saved path has no points;
 * it starts at its `entry` second.
 */
import { lapChannelsOfRange } from "../channels/build";
import { type DerivedColumns, deriveColumns } from "../channels/derive";
import type { TimedLap } from "../channels/types";
import type { Fixes, ImportIssue } from "../recording/types";
import { splitLaps } from "../six/split-laps";
import type { GpsPoints, LapFile, LapPathRange, LapRecord } from "../six/types";
import type { LapTimingResult } from "./lap-lines";
import { notice } from "./report";
import { localMidnightUtcMs, type SixFixes, type SixFixesOptions } from "./six-fixes";

const DAY_MS = 86_400_000;

/** The path's points as fixes timed evenly over the logger's lap time (the fallback). */
function evenlyTimed(points: GpsPoints, path: LapPathRange, lapTimeMs: number): Fixes {
	const n = path.end - path.start;
	const slice = <T extends Float64Array | Float32Array>(column: T) =>
		column.slice(path.start, path.end) as T;
	const fixes: Fixes = {
		length: n,
		timeMs: Float64Array.from({ length: n }, (_, k) => (n > 1 ? (k * lapTimeMs) / (n - 1) : 0)),
		lat: slice(points.lat),
		lon: slice(points.lon),
		speedKmh: slice(points.speedKmh),
		extra: { satellites: Float32Array.from(points.satellites.subarray(path.start, path.end)) },
		line: points.line.slice(path.start, path.end),
	};
	if (points.roll.subarray(path.start, path.end).some(Number.isFinite)) {
		fixes.leanDeg = slice(points.roll);
	}
	if (points.distanceM.subarray(path.start, path.end).some(Number.isFinite)) {
		fixes.distanceM = slice(points.distanceM);
	}
	return fixes;
}

/** When a lap without points started: its `entry` second on the session's local date. */
function entryStartMs(lap: LapRecord, firstEntrySec: number, options: SixFixesOptions): number {
	const midnight = localMidnightUtcMs(options.date, options.utcOffsetMinutes ?? 0);
	// A session running past local midnight: entries earlier than the first are the next day.
	return midnight + lap.entrySec * 1000 + (lap.entrySec < firstEntrySec ? DAY_MS : 0);
}

export function loggerLaps(
	lap: LapFile,
	points: GpsPoints,
	six: SixFixes,
	options: SixFixesOptions,
	/** Columns already derived from `six.fixes` (derived here otherwise). */
	derived: DerivedColumns = deriveColumns(six.fixes),
): LapTimingResult {
	const numbers = new Set(lap.laps.map((l) => l.number));
	const paths = new Map(splitLaps(points, numbers).paths.map((p) => [p.lapNumber, p]));
	const report: ImportIssue[] = [];
	const firstEntrySec = lap.laps[0]?.entrySec ?? 0;
	const laps: TimedLap[] = lap.laps.map((record) => {
		const sectorsMs = record.sectors.map((s) => (s ? s.timeMs : null));
		const path = paths.get(record.number);
		const base = { number: record.number, timeMs: record.timeMs, sectorsMs };
		if (!path) {
			return {
				...base,
				startMs: entryStartMs(record, firstEntrySec, options),
				channels: lapChannelsOfRange(six.fixes, derived, 0, 0),
			};
		}
		// The path's points that kept a time are consecutive fixes.
		let from = -1;
		let to = -1;
		for (let i = path.start; i < path.end; i++) {
			const fix = six.fixOfPoint[i]!;
			if (fix < 0) continue;
			if (from < 0) from = fix;
			to = fix + 1;
		}
		if (to - from >= 2) {
			const left = path.end - path.start - (to - from);
			if (left > 0) {
				report.push(
					notice(
						"gps.six",
						points.line[path.start]!,
						`volta ${record.number}: ${left === 1 ? "1 ponto sem hora fora" : `${left} pontos sem hora fora`} dos canais`,
					),
				);
			}
			return {
				...base,
				startMs: six.fixes.timeMs[from]!,
				channels: lapChannelsOfRange(six.fixes, derived, from, to),
			};
		}
		report.push(
			notice(
				"gps.six",
				points.line[path.start]!,
				`volta ${record.number}: pontos sem hora; tempos distribuídos pelo tempo de volta do logger`,
			),
		);
		const fallback = evenlyTimed(points, path, record.timeMs);
		return {
			...base,
			startMs: entryStartMs(record, firstEntrySec, options),
			channels: lapChannelsOfRange(fallback, deriveColumns(fallback), 0, fallback.length),
		};
	});
	return {
		laps,
		timing: laps.length > 0 ? { kind: "logger" } : { kind: "none" },
		report,
	};
}
