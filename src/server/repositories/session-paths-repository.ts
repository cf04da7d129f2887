import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import { pathFromSql } from "./session-repository";

/**
 * What a cached answer about a session is valid for, read in the same statement as what the
 * access rules need. The version grows in every transaction that rewrites the session's laps
 * (a new upload, a re-timing, a reprocess); the time it was processed at is there too, so that
 * a database restored from a backup, where a version number can come back with other data,
 * does not match an answer cached before.
 */
const stampSql = sql<string>`s.version::text || '.' || coalesce((extract(epoch from s.processed_at) * 1000000)::bigint::text, '-')`;

type Db = Kysely<Database>;

export interface SessionReadStamp {
	riderId: string | null;
	riderSellerId: string | null;
	stamp: string;
}

export async function findSessionReadStamp(
	db: Db,
	sessionId: string,
): Promise<SessionReadStamp | null> {
	const row = await db
		.selectFrom("sessions as s")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.select(["s.rider_id", "u.seller_id", stampSql.as("stamp")])
		.where("s.id", "=", sessionId)
		.executeTakeFirst();
	return row ? { riderId: row.rider_id, riderSellerId: row.seller_id, stamp: row.stamp } : null;
}

/**
 * The session's lap paths (laps without one left out, by number) and the stamp of the version
 * they belong to: one statement, one snapshot, so the two always agree. Null: no such session.
 */
export async function listLapPathsStamped(
	db: Db,
	sessionId: string,
): Promise<{ stamp: string; paths: { lapNumber: number; path: Uint8Array }[] } | null> {
	const rows = await db
		.selectFrom("sessions as s")
		.leftJoin("laps as l", (join) =>
			join.onRef("l.session_id", "=", "s.id").on("l.path", "is not", null),
		)
		.select([
			stampSql.as("stamp"),
			"l.lap_number",
			sql<string | null>`encode(l.path, 'base64')`.as("path"),
		])
		.where("s.id", "=", sessionId)
		.orderBy("l.lap_number")
		.execute();
	const first = rows[0];
	if (first === undefined) return null;
	const paths: { lapNumber: number; path: Uint8Array }[] = [];
	for (const row of rows) {
		if (row.lap_number === null || row.path === null) continue;
		paths.push({ lapNumber: row.lap_number, path: pathFromSql(row.path) as Uint8Array });
	}
	return { stamp: first.stamp, paths };
}
