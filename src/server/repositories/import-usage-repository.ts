import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

/** The daily byte counters of the import quota (one row per rider and UTC day). */
export function createImportUsageRepository(db: Kysely<Database>) {
	return {
		async bytesOn(riderId: string, day: string): Promise<number> {
			const row = await db
				.selectFrom("import_upload_usage")
				.select("bytes")
				.where("rider_id", "=", riderId)
				.where("day", "=", day)
				.executeTakeFirst();
			return row ? Number(row.bytes) : 0;
		},

		/**
		 * Adds `bytes` to the day's counter only when the total stays within `limit`, in one
		 * statement (two imports at once cannot both pass the quota). Null when it would not fit.
		 */
		async addWithin(
			riderId: string,
			day: string,
			bytes: number,
			limit: number,
		): Promise<number | null> {
			if (bytes > limit) return null;
			const row = await db
				.insertInto("import_upload_usage")
				.values({ rider_id: riderId, day, bytes })
				.onConflict((oc) =>
					oc
						.columns(["rider_id", "day"])
						.doUpdateSet({ bytes: sql`import_upload_usage.bytes + excluded.bytes` })
						.where(sql<boolean>`import_upload_usage.bytes + excluded.bytes <= ${limit}`),
				)
				.returning("bytes")
				.executeTakeFirst();
			return row ? Number(row.bytes) : null;
		},

		/** Days before `day` no longer count: their rows are dropped. */
		async deleteBefore(day: string): Promise<void> {
			await db.deleteFrom("import_upload_usage").where("day", "<", day).execute();
		},
	};
}

export type ImportUsageRepository = ReturnType<typeof createImportUsageRepository>;
