import { type Kysely, sql } from "kysely";
import type { Database, SessionStatus } from "../db/schema";
import { ignoredLinesSql } from "./session-repository";

/** What the admin overview reads: loggers by last contact, recent and failed sessions. */

type Db = Kysely<Database>;

export interface OverviewLoggerRecord {
	id: string;
	name: string | null;
	ownerEmail: string | null;
	lastSeenAt: Date | null;
	firmwareVersion: string | null;
}

export interface OverviewSessionRecord {
	id: string;
	hardwareId: string | null;
	riderEmail: string | null;
	track: string;
	isoDate: string;
	status: SessionStatus;
	lapCount: number;
	ignoredLines: number;
	error: string | null;
	updatedAt: Date;
}

function sessionQuery(db: Db) {
	return db
		.selectFrom("sessions as s")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.select([
			"s.id",
			"s.hardware_id",
			"u.email as rider_email",
			"s.track",
			"s.date",
			"s.status",
			"s.error",
			"s.updated_at",
			sql<number>`(SELECT count(*)::int FROM laps l WHERE l.session_id = s.id)`.as("lap_count"),
			ignoredLinesSql(null).as("ignored_lines"),
		]);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>["execute"]>>[number];

function toSessionRecord(row: SessionRow): OverviewSessionRecord {
	return {
		id: row.id,
		hardwareId: row.hardware_id,
		riderEmail: row.rider_email,
		track: row.track,
		isoDate: row.date,
		status: row.status,
		lapCount: row.lap_count,
		ignoredLines: row.ignored_lines,
		error: row.error,
		updatedAt: row.updated_at,
	};
}

export function createOverviewRepository(db: Db) {
	return {
		async counts(): Promise<{ loggers: number; riders: number; sessions: number }> {
			const row = await db
				.selectNoFrom([
					sql<number>`(SELECT count(*)::int FROM hardware)`.as("loggers"),
					sql<number>`(SELECT count(*)::int FROM users WHERE NOT is_admin AND NOT is_seller)`.as(
						"riders",
					),
					sql<number>`(SELECT count(*)::int FROM sessions)`.as("sessions"),
				])
				.executeTakeFirstOrThrow();
			return { loggers: row.loggers, riders: row.riders, sessions: row.sessions };
		},

		/** The most recently seen first; loggers never seen last, by id. */
		async loggersByLastSeen(limit: number): Promise<OverviewLoggerRecord[]> {
			const rows = await db
				.selectFrom("hardware as h")
				.leftJoin("users as o", "o.id", "h.owner_id")
				.select([
					"h.id",
					"h.name",
					"o.email as owner_email",
					"h.last_seen_at",
					"h.firmware_version",
				])
				.orderBy(sql`h.last_seen_at DESC NULLS LAST`)
				.orderBy("h.id")
				.limit(limit)
				.execute();
			return rows.map((r) => ({
				id: r.id,
				name: r.name,
				ownerEmail: r.owner_email,
				lastSeenAt: r.last_seen_at,
				firmwareVersion: r.firmware_version,
			}));
		},

		async sessionsUpdatedSince(since: Date, limit: number): Promise<OverviewSessionRecord[]> {
			const rows = await sessionQuery(db)
				.where("s.updated_at", ">=", since)
				.orderBy("s.updated_at", "desc")
				.limit(limit)
				.execute();
			return rows.map(toSessionRecord);
		},

		/** Sessions whose latest files could not be read (a good older version may still show). */
		async failedSessions(limit: number): Promise<OverviewSessionRecord[]> {
			const rows = await sessionQuery(db)
				.where((eb) => eb.or([eb("s.error", "is not", null), eb("s.status", "=", "failed")]))
				.orderBy("s.updated_at", "desc")
				.limit(limit)
				.execute();
			return rows.map(toSessionRecord);
		},
	};
}
