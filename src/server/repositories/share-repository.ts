import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

/** Read-only links to sessions: the only SQL about them. Takes a `Kysely` or a transaction. */

type Db = Kysely<Database>;

export interface ShareRow {
	id: string;
	sessionId: string;
	createdAt: Date;
	expiresAt: Date;
	comparison: { lap: number; refLap: number } | null;
}

export interface NewShare {
	sessionId: string;
	createdBy: string;
	tokenHash: string;
	createdAt: Date;
	expiresAt: Date;
	comparison: { lap: number; refLap: number } | null;
}

const SHARE_COLUMNS = [
	"id",
	"session_id",
	"created_at",
	"expires_at",
	"comparison_lap",
	"comparison_ref_lap",
] as const;

function toShare(row: {
	id: string;
	session_id: string;
	created_at: Date;
	expires_at: Date;
	comparison_lap: number | null;
	comparison_ref_lap: number | null;
}): ShareRow {
	return {
		id: row.id,
		sessionId: row.session_id,
		createdAt: new Date(row.created_at),
		expiresAt: new Date(row.expires_at),
		comparison:
			row.comparison_lap !== null && row.comparison_ref_lap !== null
				? { lap: row.comparison_lap, refLap: row.comparison_ref_lap }
				: null,
	};
}

export async function insertShare(db: Db, share: NewShare): Promise<ShareRow> {
	const row = await db
		.insertInto("session_shares")
		.values({
			session_id: share.sessionId,
			created_by: share.createdBy,
			token_hash: share.tokenHash,
			created_at: share.createdAt,
			expires_at: share.expiresAt,
			comparison_lap: share.comparison?.lap ?? null,
			comparison_ref_lap: share.comparison?.refLap ?? null,
		})
		.returning(SHARE_COLUMNS)
		.executeTakeFirstOrThrow();
	return toShare(row);
}

/** A session's links neither revoked nor expired at `now`, newest first. */
export async function listActiveShares(db: Db, sessionId: string, now: Date): Promise<ShareRow[]> {
	const rows = await db
		.selectFrom("session_shares")
		.select(SHARE_COLUMNS)
		.where("session_id", "=", sessionId)
		.where("revoked_at", "is", null)
		.where("expires_at", ">", now)
		.orderBy("created_at", "desc")
		.orderBy("id")
		.execute();
	return rows.map(toShare);
}

/** The link with this token hash while active at `now`; null when absent, revoked or expired. */
export async function findActiveShareByTokenHash(
	db: Db,
	tokenHash: string,
	now: Date,
): Promise<ShareRow | null> {
	const row = await db
		.selectFrom("session_shares")
		.select(SHARE_COLUMNS)
		.where("token_hash", "=", tokenHash)
		.where("revoked_at", "is", null)
		.where("expires_at", ">", now)
		.executeTakeFirst();
	return row ? toShare(row) : null;
}

/** A link (active or not) with the owner of its session, for deciding who may revoke it. */
export async function findShareWithOwner(
	db: Db,
	shareId: string,
): Promise<{
	share: ShareRow;
	revokedAt: Date | null;
	riderId: string | null;
	riderSellerId: string | null;
	track: string;
	/** `yyyy-mm-dd` */
	date: string;
} | null> {
	const row = await db
		.selectFrom("session_shares as sh")
		.innerJoin("sessions as s", "s.id", "sh.session_id")
		.leftJoin("users as u", "u.id", "s.rider_id")
		.select([
			"sh.id",
			"sh.session_id",
			"sh.created_at",
			"sh.expires_at",
			"sh.comparison_lap",
			"sh.comparison_ref_lap",
			"sh.revoked_at",
			"s.rider_id",
			"u.seller_id",
			"s.track",
			sql<string>`to_char(s.date, 'YYYY-MM-DD')`.as("iso_date"),
		])
		.where("sh.id", "=", shareId)
		.executeTakeFirst();
	if (!row) return null;
	return {
		share: toShare(row),
		revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
		riderId: row.rider_id,
		riderSellerId: row.seller_id,
		track: row.track,
		date: row.iso_date,
	};
}

/** Marks the link revoked (once: a second revocation keeps the first instant). */
export async function revokeShareRow(db: Db, shareId: string, now: Date): Promise<Date> {
	const row = await db
		.updateTable("session_shares")
		.set((eb) => ({ revoked_at: eb.fn.coalesce("revoked_at", eb.val(now)) }))
		.where("id", "=", shareId)
		.returning("revoked_at")
		.executeTakeFirstOrThrow();
	return new Date(row.revoked_at!);
}
