import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { ImportIssue, SourceFormat, TrackLines } from "../../domain/recording/types";
import type { SessionSummary } from "../../domain/six/types";
import type { Database, SessionStatus, TimingShown } from "../db/schema";
import { type NewLapRow, replaceLaps } from "./session-ingest-repository";
import { StoredJsonError } from "./session-repository";

/**
 * Sessions' tracks, sources and timing (which laps they show): the SQL beside the ingest's
 * (`session-repository.ts`), for re-timing, imports and reprocessing.
 */

type Db = Kysely<Database>;

const LatLon = z.object({ lat: z.number(), lon: z.number() });
const Line = z.object({ a: LatLon, b: LatLon });
const StoredTrackLines = z.object({
	startFinish: Line,
	sectors: z.array(Line),
	directionDeg: z.number().nullable(),
});

export function readTrackLines(value: unknown, what: string): TrackLines {
	const parsed = StoredTrackLines.safeParse(value);
	if (!parsed.success) throw new StoredJsonError(`${what} does not match its schema`);
	return parsed.data;
}

/** A `.six` session after an ingest: its track, the logger's laps shown. */
export async function setSixSessionTrack(
	trx: Db,
	sessionId: string,
	trackId: string,
	leanEstimated: boolean,
): Promise<void> {
	await trx
		.updateTable("sessions")
		.set({
			track_id: trackId,
			timing_shown: "logger",
			timing_lines: null,
			lean_estimated: leanEstimated,
		})
		.where("id", "=", sessionId)
		.execute();
}

/** What re-timing and reprocessing need of a session. */
export interface SessionSourceRow {
	id: string;
	hardwareId: string | null;
	riderId: string | null;
	riderSellerId: string | null;
	track: string;
	trackId: string | null;
	isoDate: string;
	status: SessionStatus;
	version: number;
	sourceFormat: SourceFormat;
	sourceDevice: string | null;
	sourceFileName: string | null;
	sourceObjectKey: string | null;
	sourceSha256: string | null;
	lapObjectKey: string | null;
	lapSha256: string | null;
	gpsObjectKey: string | null;
	gpsSha256: string | null;
	timingShown: TimingShown;
	timingLines: TrackLines | null;
	leanEstimated: boolean;
	pending: boolean;
}

function sourceQuery(db: Db) {
	return db
		.selectFrom("sessions as s")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.select([
			"s.id",
			"s.hardware_id",
			"s.rider_id",
			"u.seller_id",
			"s.track",
			"s.track_id",
			"s.date",
			"s.status",
			"s.version",
			"s.source_format",
			"s.source_device",
			"s.source_file_name",
			"s.source_object_key",
			"s.source_sha256",
			"s.lap_object_key",
			"s.lap_sha256",
			"s.gps_object_key",
			"s.gps_sha256",
			"s.timing_shown",
			"s.timing_lines",
			"s.lean_estimated",
			"s.pending_since",
		]);
}

type SourceRow = Awaited<ReturnType<ReturnType<typeof sourceQuery>["execute"]>>[number];

function toSourceRow(row: SourceRow): SessionSourceRow {
	return {
		id: row.id,
		hardwareId: row.hardware_id,
		riderId: row.rider_id,
		riderSellerId: row.seller_id,
		track: row.track,
		trackId: row.track_id,
		isoDate: row.date,
		status: row.status,
		version: row.version,
		sourceFormat: row.source_format,
		sourceDevice: row.source_device,
		sourceFileName: row.source_file_name,
		sourceObjectKey: row.source_object_key,
		sourceSha256: row.source_sha256,
		lapObjectKey: row.lap_object_key,
		lapSha256: row.lap_sha256,
		gpsObjectKey: row.gps_object_key,
		gpsSha256: row.gps_sha256,
		timingShown: row.timing_shown,
		timingLines:
			row.timing_lines === null
				? null
				: readTrackLines(row.timing_lines, `timing lines of session ${row.id}`),
		leanEstimated: row.lean_estimated,
		pending: row.pending_since !== null,
	};
}

export async function findSessionSource(
	db: Db,
	sessionId: string,
): Promise<SessionSourceRow | null> {
	const row = await sourceQuery(db).where("s.id", "=", sessionId).executeTakeFirst();
	return row ? toSourceRow(row) : null;
}

/** Locks the session row until the transaction ends. */
export async function lockSessionSource(
	trx: Db,
	sessionId: string,
): Promise<SessionSourceRow | null> {
	const row = await sourceQuery(trx)
		.where("s.id", "=", sessionId)
		.forUpdate("s")
		.executeTakeFirst();
	return row ? toSourceRow(row) : null;
}

export interface TimedVersion {
	laps: NewLapRow[];
	summary: SessionSummary;
	report: ImportIssue[];
	timingShown: TimingShown;
	timingLines: TrackLines | null;
	leanEstimated: boolean;
}

/** Replaces a session's laps, figures and timing by a new version (inside the transaction). */
export async function applyTimedVersion(
	trx: Db,
	sessionId: string,
	version: TimedVersion,
): Promise<{ version: number }> {
	await replaceLaps(trx, sessionId, version.laps);
	const row = await trx
		.updateTable("sessions")
		.set({
			status: "processed",
			version: sql<number>`version + 1`,
			summary: JSON.stringify(version.summary),
			report: JSON.stringify(version.report),
			error: null,
			processed_at: sql<Date>`now()`,
			updated_at: sql<Date>`now()`,
			timing_shown: version.timingShown,
			timing_lines: version.timingLines === null ? null : JSON.stringify(version.timingLines),
			lean_estimated: version.leanEstimated,
		})
		.where("id", "=", sessionId)
		.returning(["version"])
		.executeTakeFirstOrThrow();
	return row;
}

/**
 * Sessions to derive again, by id. `upgrade`: only those stored before the current forms
 * (a lap blob of codec version 1, or a logger's session without its track); else every
 * session not processed since `before` (a run's start: what an interrupted run left).
 */
export async function listSessionsToReprocess(
	db: Db,
	which: { upgrade: true } | { upgrade: false; before: Date },
): Promise<string[]> {
	let query = db
		.selectFrom("sessions as s")
		.select("s.id")
		.where("s.version", ">", 0)
		.where("s.pending_since", "is", null);
	query = which.upgrade
		? query.where(
				sql<boolean>`((s.source_format = 'six' AND s.track_id IS NULL)
					OR EXISTS (SELECT 1 FROM laps l WHERE l.session_id = s.id AND get_byte(l.path, 0) = 1))`,
			)
		: query.where((eb) =>
				eb.or([eb("s.processed_at", "is", null), eb("s.processed_at", "<", which.before)]),
			);
	const rows = await query.orderBy("s.id").execute();
	return rows.map((r) => r.id);
}
