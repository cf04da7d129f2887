/**
 * A session's version derived from its recording with a chosen timing: the logger's own laps
 * (`.six`), a line's crossings, or the file's lap markers. The one place re-timing,
 * importing and reprocessing build the laps table's rows.
 */

import type { ImportIssue, TrackLines } from "../../domain/recording/types";
import { timeLapsFromLines, timeLapsFromMarks } from "../../domain/timing";
import type { LapTimingResult } from "../../domain/timing/lap-lines";
import { badRequest } from "../errors";
import { buildSessionVersion } from "../ingest/session-version";
import type { TimedVersion } from "../repositories/session-timing-repository";
import type { SessionRecording } from "./session-recording";
import { buildTimedVersion, MAX_STORED_SECTORS } from "./timed-version";

export type TimingChoice =
	| { shown: "logger" }
	| { shown: "line"; lines: TrackLines }
	| { shown: "markers" }
	| { shown: "none" };

/** Lines beyond what the laps table keeps are left out (a file may name many splits). */
function storableLines(lines: TrackLines): TrackLines {
	return { ...lines, sectors: lines.sectors.slice(0, MAX_STORED_SECTORS - 1) };
}

/** lap.six first, then gps.six, each by line (as the logger's analysis orders its report). */
function inFileOrder(issues: ImportIssue[]): ImportIssue[] {
	const rank = (issue: ImportIssue) => (issue.file === "lap.six" ? 0 : 1);
	return issues.sort((a, b) => rank(a) - rank(b) || a.line - b.line);
}

export class DeriveVersionError extends Error {
	override name = "DeriveVersionError";
}

export function deriveSessionVersion(
	sessionId: string,
	recording: SessionRecording,
	choice: TimingChoice,
): TimedVersion {
	if (recording.kind === "six") {
		const { lap, gps, timing } = recording;
		if (choice.shown === "logger") {
			const built = buildSessionVersion(
				sessionId,
				recording.lapBytes,
				recording.gpsBytes,
				// The date only places the fixes; the blobs come out the same (six-channels.ts).
				null,
			);
			if (!built.ok) throw new DeriveVersionError(built.error);
			return {
				laps: built.version.laps,
				summary: built.version.summary,
				report: built.version.report,
				timingShown: "logger",
				timingLines: null,
				leanEstimated: built.version.six.leanEstimated,
			};
		}
		if (choice.shown !== "line") {
			throw badRequest("Sessões do logger são cronometradas pelo logger ou por uma linha.");
		}
		const lines = storableLines(choice.lines);
		const result = timeLapsFromLines(timing.six.fixes, lines, {
			derived: timing.derived,
			file: "gps.six",
		});
		return buildTimedVersion({
			sessionId,
			timing: result,
			timingShown: result.laps.length > 0 ? "line" : "none",
			timingLines: result.laps.length > 0 ? lines : null,
			gpsPointCount: gps.points.length,
			sourceReport: inFileOrder([...lap.report, ...gps.report, ...timing.six.report]),
			utcOffsetMinutes: timing.utcOffsetMinutes,
		});
	}
	const { recording: source, fileName } = recording;
	let result: LapTimingResult;
	let lines: TrackLines | null = null;
	if (choice.shown === "line") {
		lines = storableLines(choice.lines);
		result = timeLapsFromLines(source.fixes, lines, { file: fileName });
	} else if (choice.shown === "markers") {
		result = timeLapsFromMarks(source.fixes, source.lapMarksMs, { file: fileName });
	} else if (choice.shown === "none") {
		result = { laps: [], timing: { kind: "none" }, report: [] };
	} else {
		throw badRequest("Só sessões do logger têm as voltas do logger.", "no_logger_laps");
	}
	const shown = result.laps.length === 0 ? "none" : choice.shown;
	return buildTimedVersion({
		sessionId,
		timing: result,
		timingShown: shown,
		timingLines: shown === "line" ? lines : null,
		gpsPointCount: source.fixes.length,
		sourceReport: source.report,
		utcOffsetMinutes: null,
	});
}
