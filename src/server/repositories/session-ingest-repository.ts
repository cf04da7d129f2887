import { type Insertable, type Kysely, sql } from "kysely";
import type {
	ParseIssue as DomainParseIssue,
	SessionSummary,
	SixFileName,
} from "../../domain/six/types";
import type { Database, LapsTable, SessionStatus } from "../db/schema";

/**
 * Sessions and laps as the ingest writes them: the session row found or created and locked, a
 * received file recorded, a parsed version applied, a failure recorded. Every function takes a
 * `Kysely` that may be a transaction.
 */

type Db = Kysely<Database>;

export type NewLapRow = Insertable<LapsTable>;

/**
 * Paths travel as base64 text (read back by session-repository.ts): PGlite's own bytea
 * conversion builds the hex text one byte at a time in JavaScript (~100x slower than this for
 * a 1 MB session), and PostgreSQL does the same work in C either way.
 */
const pathToSql = (path: Uint8Array | null | undefined) =>
	path
		? sql<Uint8Array>`decode(${Buffer.from(path.buffer, path.byteOffset, path.byteLength).toString("base64")}, 'base64')`
		: null;

/** What the ingest needs of a session row. */
export interface IngestSessionRow {
	id: string;
	status: SessionStatus;
	version: number;
	lapObjectKey: string | null;
	lapSha256: string | null;
	gpsObjectKey: string | null;
	gpsSha256: string | null;
	pending: boolean;
}

const INGEST_COLUMNS = [
	"id",
	"status",
	"version",
	"lap_object_key",
	"lap_sha256",
	"gps_object_key",
	"gps_sha256",
	"pending_since",
] as const;

function toIngestRow(row: {
	id: string;
	status: SessionStatus;
	version: number;
	lap_object_key: string | null;
	lap_sha256: string | null;
	gps_object_key: string | null;
	gps_sha256: string | null;
	pending_since: Date | null;
}): IngestSessionRow {
	return {
		id: row.id,
		status: row.status,
		version: row.version,
		lapObjectKey: row.lap_object_key,
		lapSha256: row.lap_sha256,
		gpsObjectKey: row.gps_object_key,
		gpsSha256: row.gps_sha256,
		pending: row.pending_since !== null,
	};
}

export interface SessionSlot {
	hardwareId: string;
	track: string;
	/** `yyyy-mm-dd` */
	isoDate: string;
}

export async function hardwareExists(db: Db, hardwareId: string): Promise<boolean> {
	const row = await db
		.selectFrom("hardware")
		.select("id")
		.where("id", "=", hardwareId)
		.executeTakeFirst();
	return row !== undefined;
}

export async function findSessionForIngest(
	db: Db,
	slot: SessionSlot,
): Promise<IngestSessionRow | null> {
	const row = await db
		.selectFrom("sessions")
		.select(INGEST_COLUMNS)
		.where("hardware_id", "=", slot.hardwareId)
		.where("track", "=", slot.track)
		.where("date", "=", slot.isoDate)
		.executeTakeFirst();
	return row ? toIngestRow(row) : null;
}

/**
 * Creates the session row if it is new (its rider: the logger's owner right now) and locks it
 * until the transaction ends: the database-level guard that serialises uploads of one session
 * across processes. null when the logger does not exist.
 */
export async function createAndLockSession(
	trx: Db,
	slot: SessionSlot,
): Promise<IngestSessionRow | null> {
	await sql`
		INSERT INTO sessions (hardware_id, rider_id, track, date)
		SELECT id, owner_id, ${slot.track}, ${slot.isoDate}::date FROM hardware WHERE id = ${slot.hardwareId}
		ON CONFLICT (hardware_id, track, date) DO NOTHING`.execute(trx);
	return lockSessionBySlot(trx, slot);
}

export async function lockSessionBySlot(
	trx: Db,
	slot: SessionSlot,
): Promise<IngestSessionRow | null> {
	const row = await trx
		.selectFrom("sessions")
		.select(INGEST_COLUMNS)
		.where("hardware_id", "=", slot.hardwareId)
		.where("track", "=", slot.track)
		.where("date", "=", slot.isoDate)
		.forUpdate()
		.executeTakeFirst();
	return row ? toIngestRow(row) : null;
}

/**
 * The rider a session was recorded for, and the logger's owner now: a logger that changed hands
 * must not rewrite the sessions of its previous owner.
 */
export async function sessionRiderAndLoggerOwner(
	trx: Db,
	sessionId: string,
): Promise<{ riderId: string | null; ownerId: string | null }> {
	const row = await trx
		.selectFrom("sessions")
		.innerJoin("hardware", "hardware.id", "sessions.hardware_id")
		.select(["sessions.rider_id as riderId", "hardware.owner_id as ownerId"])
		.where("sessions.id", "=", sessionId)
		.executeTakeFirstOrThrow();
	return row;
}

/** The stored file changed: remember it and mark the session for (re)ingest. */
export async function recordReceivedFile(
	trx: Db,
	sessionId: string,
	file: SixFileName,
	objectKey: string,
	sha256: string,
): Promise<IngestSessionRow> {
	const columns =
		file === "lap.six"
			? { lap_object_key: objectKey, lap_sha256: sha256 }
			: { gps_object_key: objectKey, gps_sha256: sha256 };
	const row = await trx
		.updateTable("sessions")
		.set({
			...columns,
			pending_since: sql<Date>`now()`,
			updated_at: sql<Date>`now()`,
			ingest_attempts: 0,
			// Without a good version yet, the session waits for its first parse.
			status: sql<SessionStatus>`CASE WHEN version > 0 THEN status ELSE 'received' END`,
		})
		.where("id", "=", sessionId)
		.returning(INGEST_COLUMNS)
		.executeTakeFirstOrThrow();
	return toIngestRow(row);
}

export interface IngestedVersion {
	lapSha256: string | null;
	gpsSha256: string | null;
	summary: SessionSummary;
	report: DomainParseIssue[];
	laps: NewLapRow[];
}

/**
 * The session's laps replaced by `laps` (call inside the transaction that writes the version):
 * the one place laps are written, by the ingest and by a re-timing.
 */
export async function replaceLaps(trx: Db, sessionId: string, laps: NewLapRow[]): Promise<void> {
	await trx.deleteFrom("laps").where("session_id", "=", sessionId).execute();
	if (laps.length > 0) {
		await trx
			.insertInto("laps")
			.values(laps.map((lap) => ({ ...lap, path: pathToSql(lap.path) })))
			.execute();
	}
}

/** Replaces the session's laps and figures by a new version (call inside the transaction). */
export async function applyIngestedVersion(
	trx: Db,
	sessionId: string,
	version: IngestedVersion,
): Promise<IngestSessionRow> {
	await replaceLaps(trx, sessionId, version.laps);
	const row = await trx
		.updateTable("sessions")
		.set({
			status: "processed",
			version: sql<number>`version + 1`,
			lap_sha256: version.lapSha256,
			gps_sha256: version.gpsSha256,
			summary: JSON.stringify(version.summary),
			report: JSON.stringify(version.report),
			error: null,
			processed_at: sql<Date>`now()`,
			updated_at: sql<Date>`now()`,
			pending_since: null,
			ingest_attempts: 0,
		})
		.where("id", "=", sessionId)
		.returning(INGEST_COLUMNS)
		.executeTakeFirstOrThrow();
	return toIngestRow(row);
}

/** The latest files could not be read: the previous good version (if any) stays. */
export async function recordIngestFailure(
	trx: Db,
	sessionId: string,
	error: string,
): Promise<IngestSessionRow> {
	const row = await trx
		.updateTable("sessions")
		.set({
			status: sql<SessionStatus>`CASE WHEN version > 0 THEN 'processed' ELSE 'failed' END`,
			error,
			updated_at: sql<Date>`now()`,
			pending_since: null,
		})
		.where("id", "=", sessionId)
		.returning(INGEST_COLUMNS)
		.executeTakeFirstOrThrow();
	return toIngestRow(row);
}

/** Counts one more start-up recovery of the session; returns the attempts so far. */
export async function countIngestAttempt(db: Db, slot: SessionSlot): Promise<number> {
	const row = await db
		.updateTable("sessions")
		.set({ ingest_attempts: sql<number>`ingest_attempts + 1` })
		.where("hardware_id", "=", slot.hardwareId)
		.where("track", "=", slot.track)
		.where("date", "=", slot.isoDate)
		.returning("ingest_attempts")
		.executeTakeFirst();
	return row?.ingest_attempts ?? 0;
}

/** Sessions whose files were recorded but not parsed (a crash or an error in between). */
export async function listPendingSessions(db: Db): Promise<SessionSlot[]> {
	const rows = await db
		.selectFrom("sessions")
		.select(["hardware_id", "track", "date"])
		.where((eb) => eb.or([eb("pending_since", "is not", null), eb("status", "=", "received")]))
		// Imported sessions are written whole in one transaction: never pending.
		.where("hardware_id", "is not", null)
		.$narrowType<{ hardware_id: string }>()
		.orderBy("pending_since")
		.execute();
	return rows.map((r) => ({ hardwareId: r.hardware_id, track: r.track, isoDate: r.date }));
}
