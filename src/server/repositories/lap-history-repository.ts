import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { StoredSector } from "../../shared/api/sessions";
import type { Database } from "../db/schema";

/**
 * Laps across sessions of a track: what the comparison's reference choices and the track page
 * read. The only SQL about them.
 */

type Db = Kysely<Database>;

const StoredSectors = z.array(StoredSector);

/** Whose sessions a reader may list: everybody's, these riders' or a seller's riders'. */
export type SessionScope =
	| { kind: "all" }
	| { kind: "rider"; riderId: string }
	| { kind: "riderOrSellerOf"; userId: string };

export interface TrackLapRow {
	sessionId: string;
	isoDate: string;
	riderId: string | null;
	riderLabel: string | null;
	number: number;
	timeMs: number;
	hasPath: boolean;
}

export interface TrackSessionRow {
	sessionId: string;
	isoDate: string;
	riderId: string | null;
	riderLabel: string | null;
	theoreticalBestMs: number | null;
}

/** The session's track and rider (with the rider's seller), or null when absent. */
export async function findSessionTrack(
	db: Db,
	sessionId: string,
): Promise<{
	track: string;
	isoDate: string;
	riderId: string | null;
	riderSellerId: string | null;
} | null> {
	const row = await db
		.selectFrom("sessions as s")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.select(["s.track", "s.date", "s.rider_id", "u.seller_id"])
		.where("s.id", "=", sessionId)
		.executeTakeFirst();
	return row
		? { track: row.track, isoDate: row.date, riderId: row.rider_id, riderSellerId: row.seller_id }
		: null;
}

const riderLabelSql = sql<string | null>`coalesce(nullif(u.display_name, ''), u.email)`;

/**
 * Processed sessions at `track` within `scope`, newest first (`limit` of them), with the
 * summary's theoretical best.
 */
export async function listTrackSessions(
	db: Db,
	track: string,
	scope: SessionScope,
	limit: number,
): Promise<TrackSessionRow[]> {
	let query = db
		.selectFrom("sessions as s")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.select([
			"s.id",
			"s.date",
			"s.rider_id",
			riderLabelSql.as("rider_label"),
			sql<number | null>`(s.summary->>'theoreticalBestMs')::double precision`.as("theoretical"),
		])
		.where("s.track", "=", track)
		.where("s.status", "=", "processed");
	if (scope.kind === "rider") query = query.where("s.rider_id", "=", scope.riderId);
	if (scope.kind === "riderOrSellerOf") {
		const userId = scope.userId;
		query = query.where((eb) =>
			eb.or([eb("s.rider_id", "=", userId), eb("u.seller_id", "=", userId)]),
		);
	}
	const rows = await query.orderBy("s.date", "desc").orderBy("s.id").limit(limit).execute();
	return rows.map((r) => ({
		sessionId: r.id,
		isoDate: r.date,
		riderId: r.rider_id,
		riderLabel: r.rider_label,
		theoreticalBestMs: r.theoretical === null ? null : Number(r.theoretical),
	}));
}

/** The laps of these sessions by session and number: times, sectors, whether a path is stored. */
export async function listLapsOfSessions(
	db: Db,
	sessionIds: readonly string[],
): Promise<
	{
		sessionId: string;
		number: number;
		timeMs: number;
		hasPath: boolean;
		sectors: z.output<typeof StoredSectors>;
	}[]
> {
	if (sessionIds.length === 0) return [];
	const rows = await db
		.selectFrom("laps")
		.select([
			"session_id",
			"lap_number",
			"time_ms",
			"sectors",
			sql<boolean>`path is not null`.as("has_path"),
		])
		.where("session_id", "in", sessionIds)
		.orderBy("session_id")
		.orderBy("lap_number")
		.execute();
	return rows.map((r) => {
		const sectors = StoredSectors.safeParse(r.sectors);
		return {
			sessionId: r.session_id,
			number: r.lap_number,
			timeMs: r.time_ms,
			hasPath: Boolean(r.has_path),
			// A row whose stored sectors do not read is shown without sectors, never guessed.
			sectors: sectors.success ? sectors.data : [],
		};
	});
}

/** The rider's fastest lap with a path at `track` (ties: earliest date, lowest number). */
export async function findRiderBestLap(
	db: Db,
	riderId: string,
	track: string,
): Promise<TrackLapRow | null> {
	const row = await db
		.selectFrom("laps as l")
		.innerJoin("sessions as s", "s.id", "l.session_id")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.select([
			"l.session_id",
			"s.date",
			"s.rider_id",
			riderLabelSql.as("rider_label"),
			"l.lap_number",
			"l.time_ms",
		])
		.where("s.rider_id", "=", riderId)
		.where("s.track", "=", track)
		.where("s.status", "=", "processed")
		.where("l.path", "is not", null)
		.orderBy("l.time_ms")
		.orderBy("s.date")
		.orderBy("l.lap_number")
		.limit(1)
		.executeTakeFirst();
	return row
		? {
				sessionId: row.session_id,
				isoDate: row.date,
				riderId: row.rider_id,
				riderLabel: row.rider_label,
				number: row.lap_number,
				timeMs: row.time_ms,
				hasPath: true,
			}
		: null;
}
