import type { CalendarDate } from "../../domain/format/storage-names";
import { analyzeSession } from "../../domain/six/analyze";
import { emptyGpsPoints } from "../../domain/six/gps-columns";
import { parseGpsFile } from "../../domain/six/parse-gps";
import { parseLapFile } from "../../domain/six/parse-lap";
import type {
	GpsFile,
	LapFile,
	ParseIssue,
	SessionSummary,
	SixFileName,
} from "../../domain/six/types";
import type { NewLapRow } from "../repositories/session-ingest-repository";
import { hasContent, type StreamedGps } from "./parse-gps-stream";
import { type SixChannels, sixLapChannels } from "./six-channels";

/** A report beyond this many lines is cut (a garbage file would otherwise fill the row). */
export const MAX_STORED_REPORT_LINES = 2000;

export interface ParsedSessionVersion {
	summary: SessionSummary;
	report: ParseIssue[];
	laps: NewLapRow[];
	/** What the logger's files say beyond the laps: lean measured or not, its line. */
	six: Omit<SixChannels, "blobs">;
}

export type SessionVersionResult =
	| { ok: true; version: ParsedSessionVersion }
	| { ok: false; error: string };

function unreadable(file: SixFileName, report: ParseIssue[]): string {
	const first = report[0];
	const example = first ? ` (linha ${first.line}: ${first.reason})` : "";
	return `Não foi possível ler ${file}: nenhuma linha válida${example}.`;
}

/** A report entry naming its file (`ParseIssue` of the logger, `ImportIssue` of imports). */
interface ReportEntry<F extends string> {
	file: F;
	line: number;
	kind: "rejected" | "notice";
	reason: string;
}

/** Keeps the first lines of each file's report and says how many were left out. */
export function capReport<F extends string>(
	report: ReportEntry<F>[],
	max = MAX_STORED_REPORT_LINES,
): ReportEntry<F>[] {
	if (report.length <= max) return report;
	const kept = report.slice(0, max);
	const last = kept[kept.length - 1]!;
	kept.push({
		file: last.file,
		line: last.line,
		kind: "notice",
		reason: `mais ${report.length - max} problemas não listados`,
	});
	return kept;
}

/**
 * A session's file bytes handed over to be parsed: `buildSessionVersionFrom` empties each field
 * as soon as its file is parsed, so a large `gps.six` can be freed while the analysis runs
 * (its bytes and its columns are the two largest allocations of an ingest).
 */
export interface SessionBytes {
	lap: Uint8Array | null;
	/** Or the file already parsed as it was read (`parseGpsStream`). */
	gps: Uint8Array | StreamedGps | null;
}

/**
 * Parses what storage holds for a session and builds the rows of its new version. A file with
 * content but not one readable line (a damaged or foreign file) makes the whole version fail:
 * replacing good laps by an empty table would lose data, and the logger sends the file again.
 * An empty file is not a failure: it reads as "nothing recorded".
 */
export function buildSessionVersion(
	sessionId: string,
	lapBytes: Uint8Array | null,
	gpsBytes: Uint8Array | null,
	/** The session's date (its folder); null gives the same lap channels (see six-channels). */
	date: CalendarDate | null = null,
): SessionVersionResult {
	return buildSessionVersionFrom(sessionId, { lap: lapBytes, gps: gpsBytes }, date);
}

/** `buildSessionVersion` that lets go of each file's bytes once parsed (`SessionBytes`). */
export function buildSessionVersionFrom(
	sessionId: string,
	bytes: SessionBytes,
	date: CalendarDate | null = null,
): SessionVersionResult {
	if (bytes.lap === null && bytes.gps === null) {
		return { ok: false, error: "Nenhum arquivo da sessão foi encontrado no armazenamento." };
	}
	const lap = takeLapFile(bytes);
	if (!lap.ok) return lap;
	const gps = takeGpsFile(bytes);
	if (!gps.ok) return gps;
	return analysedVersion(sessionId, lap.file, gps.file, date);
}

type Taken<F> = { ok: true; file: F } | { ok: false; error: string };

/**
 * Parses `bytes.lap` and empties the field. A function of its own so no local variable of a
 * longer-lived frame keeps the bytes reachable.
 */
function takeLapFile(bytes: SessionBytes): Taken<LapFile> {
	const lapBytes = bytes.lap;
	bytes.lap = null;
	if (lapBytes === null) return { ok: true, file: { laps: [], report: [] } };
	const file = parseLapFile(lapBytes);
	if (file.laps.length === 0 && hasContent(lapBytes)) {
		return { ok: false, error: unreadable("lap.six", file.report) };
	}
	return { ok: true, file };
}

/** Parses `bytes.gps` and empties the field (as `takeLapFile`). */
function takeGpsFile(bytes: SessionBytes): Taken<GpsFile> {
	const gpsBytes = bytes.gps;
	bytes.gps = null;
	if (gpsBytes === null) return { ok: true, file: { points: emptyGpsPoints(), report: [] } };
	const streamed = gpsBytes instanceof Uint8Array ? null : gpsBytes;
	const file = streamed ? streamed.parsed : parseGpsFile(gpsBytes as Uint8Array);
	const content = () => (streamed ? streamed.hasContent : hasContent(gpsBytes as Uint8Array));
	if (file.points.length === 0 && content()) {
		return { ok: false, error: unreadable("gps.six", file.report) };
	}
	return { ok: true, file };
}

function analysedVersion(
	sessionId: string,
	lap: LapFile,
	gps: GpsFile,
	date: CalendarDate | null,
): SessionVersionResult {
	const analysis = analyzeSession(lap, gps);
	const { blobs: channels, ...six } = sixLapChannels(lap, gps, date);
	const laps: NewLapRow[] = analysis.laps.map((l) => {
		return {
			session_id: sessionId,
			lap_number: l.number,
			time_ms: l.timeMs,
			battery: l.battery,
			entry_sec: l.entry,
			distance_m: l.distanceM,
			sprint_count: l.sprintCount,
			sectors: JSON.stringify(l.sectors),
			point_count: l.points,
			max_speed_kmh: l.maxSpeedKmh,
			min_speed_kmh: l.minSpeedKmh,
			max_roll_deg: l.maxRollDeg,
			min_roll_deg: l.minRollDeg,
			path: channels.get(l.number) ?? null,
		};
	});
	return {
		ok: true,
		version: { summary: analysis.summary, report: capReport(analysis.report), laps, six },
	};
}
