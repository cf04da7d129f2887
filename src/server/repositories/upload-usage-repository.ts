import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

/** The daily byte counters of the upload quota (one row per logger and UTC day). */
export function createUploadUsageRepository(db: Kysely<Database>) {
	return {
		async bytesOn(hardwareId: string, day: string): Promise<number> {
			const row = await db
				.selectFrom("device_upload_usage")
				.select("bytes")
				.where("hardware_id", "=", hardwareId)
				.where("day", "=", day)
				.executeTakeFirst();
			return row ? Number(row.bytes) : 0;
		},

		/** Adds to the day's counter and returns the new total. */
		async add(hardwareId: string, day: string, bytes: number): Promise<number> {
			const row = await db
				.insertInto("device_upload_usage")
				.values({ hardware_id: hardwareId, day, bytes })
				.onConflict((oc) =>
					oc
						.columns(["hardware_id", "day"])
						.doUpdateSet({ bytes: sql`device_upload_usage.bytes + excluded.bytes` }),
				)
				.returning("bytes")
				.executeTakeFirstOrThrow();
			return Number(row.bytes);
		},

		/** Days before `day` no longer count: their rows are dropped. */
		async deleteBefore(day: string): Promise<void> {
			await db.deleteFrom("device_upload_usage").where("day", "<", day).execute();
		},
	};
}

export type UploadUsageRepository = ReturnType<typeof createUploadUsageRepository>;
