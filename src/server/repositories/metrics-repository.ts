import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

/** Sessions whose recorded files wait for their ingest: how many, and since when. */
export async function pendingIngestFigures(
	db: Kysely<Database>,
): Promise<{ depth: number; oldestAgeSeconds: number | null }> {
	const result = await sql<{ depth: string | number; oldest: string | number | null }>`
		SELECT count(*) AS depth,
			extract(epoch FROM now() - min(pending_since))::float8 AS oldest
		FROM sessions WHERE pending_since IS NOT NULL`.execute(db);
	const row = result.rows[0];
	return {
		depth: Number(row?.depth ?? 0),
		oldestAgeSeconds: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
	};
}
