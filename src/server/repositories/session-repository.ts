import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { SourceFormat } from "../../domain/recording/types";
import { ReportEntry, SessionSummaryView, StoredSector } from "../../shared/api/sessions";
import type { Database, SessionStatus, TimingShown } from "../db/schema";

/**
 * Sessions and laps as the read API reads them; what the ingest writes is in
 * session-ingest-repository.ts. Every function takes a `Kysely` that may be a transaction.
 */

type Db = Kysely<Database>;

/**
 * Paths travel as base64 text decoded by the server (written by session-ingest-repository.ts):
 * PGlite's own bytea conversion builds the hex text one byte at a time in JavaScript (~100x
 * slower for a 1 MB session), and PostgreSQL does the same work in C either way.
 */
export const pathFromSql = (text: string | null): Uint8Array | null =>
	text === null ? null : Buffer.from(text, "base64");
export const pathAsBase64 = sql<string | null>`encode(path, 'base64')`;

/** The JSON columns as the ingest writes them, checked when read: a row is never just cast. */
const StoredSummary = SessionSummaryView.nullable();
// Reports stored before entries had a kind read as rejected lines until the session is parsed again.
const StoredReport = z.array(
	ReportEntry.extend({ kind: ReportEntry.shape.kind.default("rejected") }),
);
const StoredSectors = z.array(StoredSector);

export class StoredJsonError extends Error {
	override name = "StoredJsonError";
}

function readStored<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
	const parsed = schema.safeParse(value);
	if (!parsed.success) {
		throw new StoredJsonError(
			`${what} does not match its schema: ${z.prettifyError(parsed.error)}`,
		);
	}
	return parsed.data;
}

export async function countSessionContents(
	db: Db,
	sessionId: string,
): Promise<{
	laps: number;
	lapsWithPath: number;
	reportLines: number;
	error: string | null;
} | null> {
	const row = await db
		.selectFrom("sessions as s")
		.select([
			sql<number>`(SELECT count(*)::int FROM laps l WHERE l.session_id = s.id)`.as("laps"),
			sql<number>`(SELECT count(*)::int FROM laps l WHERE l.session_id = s.id AND l.path IS NOT NULL)`.as(
				"laps_with_path",
			),
			sql<number>`jsonb_array_length(s.report)`.as("report_lines"),
			"s.error",
		])
		.where("s.id", "=", sessionId)
		.executeTakeFirst();
	return row
		? {
				laps: row.laps,
				lapsWithPath: row.laps_with_path,
				reportLines: row.report_lines,
				error: row.error,
			}
		: null;
}

/**
 * Lines of a session's files the reader could not use: its report, less the notes about a lap
 * ("volta 4: cronometragem interrompida…", points of a line that was read), counting the
 * "mais N problemas não listados" line that closes a capped report as the N lines it stands for.
 * `s` is the sessions table's alias in the query that uses this.
 */
export const ignoredLinesSql = (file: "lap.six" | "gps.six" | null) => sql<number>`(
	SELECT coalesce(sum(
		CASE WHEN e->>'reason' ~ '^mais [0-9]+ problemas não listados$'
			THEN substring(e->>'reason' from '^mais ([0-9]+)')::int
			ELSE 1 END), 0)::int
	FROM jsonb_array_elements(s.report) AS e
	WHERE e->>'reason' !~ '^volta [0-9]+: '
		-- Notices (a timing's crossings set aside, points without time) are not lines left out;
		-- entries stored before reports had kinds were all rejected lines.
		AND (coalesce(e->>'kind', 'rejected') = 'rejected'
			OR e->>'reason' ~ '^mais [0-9]+ problemas não listados$')
		AND ${file === null ? sql`true` : sql`e->>'file' = ${file}`})`;

// ---- Reads ---------------------------------------------------------------------------------

export interface RiderForRead {
	id: string;
	email: string;
	displayName: string | null;
	sellerId: string | null;
	hardwareId: string | null;
}

export async function findRiderForRead(db: Db, riderId: string): Promise<RiderForRead | null> {
	const row = await db
		.selectFrom("users as u")
		.leftJoin("hardware as h", "h.owner_id", "u.id")
		.select([
			"u.id",
			"u.email",
			"u.display_name",
			"u.seller_id",
			"u.hardware_id",
			"h.id as owned_hardware_id",
		])
		.where("u.id", "=", riderId)
		.executeTakeFirst();
	if (!row) return null;
	return {
		id: row.id,
		email: row.email,
		displayName: row.display_name,
		sellerId: row.seller_id,
		hardwareId: row.owned_hardware_id ?? row.hardware_id,
	};
}

export interface TreeSessionRow {
	id: string;
	track: string;
	isoDate: string;
	status: SessionStatus;
	ignoredLapLines: number;
	ignoredGpsLines: number;
	error: string | null;
}

export async function listRiderSessions(db: Db, riderId: string): Promise<TreeSessionRow[]> {
	const rows = await db
		.selectFrom("sessions as s")
		.select([
			"s.id",
			"s.track",
			"s.date",
			"s.status",
			"s.error",
			ignoredLinesSql("lap.six").as("ignored_lap_lines"),
			ignoredLinesSql("gps.six").as("ignored_gps_lines"),
		])
		.where("s.rider_id", "=", riderId)
		.orderBy("s.date")
		.execute();
	return rows.map((r) => ({
		id: r.id,
		track: r.track,
		isoDate: r.date,
		status: r.status,
		ignoredLapLines: r.ignored_lap_lines,
		ignoredGpsLines: r.ignored_gps_lines,
		error: r.error,
	}));
}

export async function listRiderLapTimes(
	db: Db,
	riderId: string,
): Promise<{ sessionId: string; number: number; timeMs: number }[]> {
	const rows = await db
		.selectFrom("laps as l")
		.innerJoin("sessions as s", "s.id", "l.session_id")
		.select(["l.session_id", "l.lap_number", "l.time_ms"])
		.where("s.rider_id", "=", riderId)
		.orderBy("l.session_id")
		.orderBy("l.lap_number")
		.execute();
	return rows.map((r) => ({ sessionId: r.session_id, number: r.lap_number, timeMs: r.time_ms }));
}

export interface SessionForRead {
	id: string;
	/** Null for an imported session. */
	hardwareId: string | null;
	riderId: string | null;
	riderSellerId: string | null;
	track: string;
	isoDate: string;
	status: SessionStatus;
	version: number;
	hasLapFile: boolean;
	hasGpsFile: boolean;
	processedAt: Date | null;
	error: string | null;
	summary: z.output<typeof StoredSummary>;
	report: z.output<typeof StoredReport>;
	trackId: string | null;
	trackHasLine: boolean;
	sourceFormat: SourceFormat;
	sourceDevice: string | null;
	sourceFileName: string | null;
	timingShown: TimingShown;
	timingLines: unknown;
	leanEstimated: boolean;
}

export async function findSessionForRead(
	db: Db,
	sessionId: string,
): Promise<SessionForRead | null> {
	const row = await db
		.selectFrom("sessions as s")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.leftJoin("tracks as t", "t.id", "s.track_id")
		.select([
			"s.id",
			"s.hardware_id",
			"s.rider_id",
			"u.seller_id",
			"s.track",
			"s.track_id",
			sql<boolean>`t.start_finish IS NOT NULL`.as("track_has_line"),
			"s.source_format",
			"s.source_device",
			"s.source_file_name",
			"s.timing_shown",
			"s.timing_lines",
			"s.lean_estimated",
			"s.date",
			"s.status",
			"s.version",
			"s.lap_object_key",
			"s.gps_object_key",
			"s.processed_at",
			"s.error",
			"s.summary",
			"s.report",
		])
		.where("s.id", "=", sessionId)
		.executeTakeFirst();
	if (!row) return null;
	return {
		id: row.id,
		hardwareId: row.hardware_id,
		riderId: row.rider_id,
		riderSellerId: row.seller_id,
		track: row.track,
		isoDate: row.date,
		status: row.status,
		version: row.version,
		hasLapFile: row.lap_object_key !== null,
		hasGpsFile: row.gps_object_key !== null,
		processedAt: row.processed_at,
		error: row.error,
		summary: readStored(StoredSummary, row.summary ?? null, `summary of session ${row.id}`),
		report: readStored(StoredReport, row.report ?? [], `report of session ${row.id}`),
		trackId: row.track_id,
		trackHasLine: row.track_has_line === true,
		sourceFormat: row.source_format,
		sourceDevice: row.source_device,
		sourceFileName: row.source_file_name,
		timingShown: row.timing_shown,
		timingLines: row.timing_lines,
		leanEstimated: row.lean_estimated,
	};
}

/** Who may see a session: its rider and the rider's seller (one indexed select). */
export async function findSessionOwner(
	db: Db,
	sessionId: string,
): Promise<{ riderId: string | null; riderSellerId: string | null } | null> {
	const row = await db
		.selectFrom("sessions as s")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.select(["s.rider_id", "u.seller_id"])
		.where("s.id", "=", sessionId)
		.executeTakeFirst();
	return row ? { riderId: row.rider_id, riderSellerId: row.seller_id } : null;
}

export async function listSessionLaps(db: Db, sessionId: string) {
	const rows = await db
		.selectFrom("laps")
		.select([
			"lap_number",
			"time_ms",
			"battery",
			"entry_sec",
			"distance_m",
			"sprint_count",
			"sectors",
			"point_count",
			"max_speed_kmh",
			"min_speed_kmh",
			"max_roll_deg",
			"min_roll_deg",
		])
		.where("session_id", "=", sessionId)
		.orderBy("lap_number")
		.execute();
	return rows.map((row) => ({
		...row,
		sectors: readStored(
			StoredSectors,
			row.sectors,
			`sectors of lap ${row.lap_number} of session ${sessionId}`,
		),
	}));
}

export async function findLapPath(
	db: Db,
	sessionId: string,
	lapNumber: number,
): Promise<{ path: Uint8Array | null } | null> {
	const row = await db
		.selectFrom("laps")
		.select(pathAsBase64.as("path"))
		.where("session_id", "=", sessionId)
		.where("lap_number", "=", lapNumber)
		.executeTakeFirst();
	return row ? { path: pathFromSql(row.path) } : null;
}

export async function listLapPaths(
	db: Db,
	sessionId: string,
): Promise<{ lapNumber: number; path: Uint8Array }[]> {
	const rows = await db
		.selectFrom("laps")
		.select(["lap_number", pathAsBase64.as("path")])
		.where("session_id", "=", sessionId)
		.where("path", "is not", null)
		.orderBy("lap_number")
		.execute();
	return rows.map((r) => ({ lapNumber: r.lap_number, path: pathFromSql(r.path) as Uint8Array }));
}

export interface LapChannelsRow {
	lapNumber: number;
	timeMs: number;
	/** Whole seconds since the session day's midnight at which the lap started. */
	entrySec: number;
	sectors: z.output<typeof StoredSectors>;
	/** The lap's channel blob (codec version 2, or 1 for rows stored before it); null: no path. */
	channels: Uint8Array | null;
}

/** A session's laps with their channel blobs, by number; one lap when `lapNumber` is given. */
export async function listLapChannelRows(
	db: Db,
	sessionId: string,
	lapNumber?: number,
): Promise<LapChannelsRow[]> {
	let query = db
		.selectFrom("laps")
		.select(["lap_number", "time_ms", "entry_sec", "sectors", pathAsBase64.as("path")])
		.where("session_id", "=", sessionId);
	if (lapNumber !== undefined) query = query.where("lap_number", "=", lapNumber);
	const rows = await query.orderBy("lap_number").execute();
	return rows.map((r) => ({
		lapNumber: r.lap_number,
		timeMs: r.time_ms,
		entrySec: r.entry_sec,
		sectors: readStored(
			StoredSectors,
			r.sectors,
			`sectors of lap ${r.lap_number} of session ${sessionId}`,
		),
		channels: pathFromSql(r.path),
	}));
}
