import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

export interface RateLimitCount {
	/** Hits in the current window, this one included. */
	hits: number;
	/** Milliseconds until the window ends. */
	ttlMs: number;
}

/**
 * Counts one hit for `key` in one statement (an upsert, atomic under concurrent instances): a
 * window over starts again at 1.
 */
export async function countRateLimitHit(
	db: Kysely<Database>,
	key: string,
	windowMs: number,
): Promise<RateLimitCount> {
	const { rows } = await sql<{ hits: number; ttl_ms: number }>`
		INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at)
		VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
		ON CONFLICT (key) DO UPDATE SET
			hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
			window_ends_at = CASE WHEN r.window_ends_at <= now() THEN EXCLUDED.window_ends_at
				ELSE r.window_ends_at END
		RETURNING hits, GREATEST(0, ceil(extract(epoch FROM r.window_ends_at - now()) * 1000))::int AS ttl_ms
	`.execute(db);
	const row = rows[0];
	if (!row) throw new Error("rate limit upsert returned no row");
	return { hits: row.hits, ttlMs: row.ttl_ms };
}

/** Deletes the counters of windows that ended before `olderThanMs` ago. */
export async function deleteEndedRateLimitWindows(
	db: Kysely<Database>,
	olderThanMs: number,
): Promise<number> {
	const result = await db
		.deleteFrom("rate_limit_hits")
		.where("window_ends_at", "<", sql<Date>`now() - ${olderThanMs} * interval '1 millisecond'`)
		.executeTakeFirst();
	return Number(result.numDeletedRows);
}
