import { type Kysely, sql } from "kysely";
import type { SourceFormat } from "../../domain/recording/types";
import type { Database } from "../db/schema";

/** Imported sessions: the SQL of creating them and finding one already imported. */

type Db = Kysely<Database>;

export async function findImportedSession(
	db: Db,
	riderId: string,
	sha256: string,
): Promise<{ id: string; track: string; isoDate: string } | null> {
	const row = await db
		.selectFrom("sessions")
		.select(["id", "track", "date"])
		.where("rider_id", "=", riderId)
		.where("hardware_id", "is", null)
		.where("source_sha256", "=", sha256)
		.executeTakeFirst();
	return row ? { id: row.id, track: row.track, isoDate: row.date } : null;
}

export interface NewImportedSession {
	id: string;
	riderId: string;
	track: string;
	trackId: string;
	isoDate: string;
	format: SourceFormat;
	device: string | null;
	fileName: string;
	objectKey: string;
	sha256: string;
}

/** The row of an imported session (its laps and figures are applied in the same transaction). */
export async function insertImportedSession(trx: Db, s: NewImportedSession): Promise<void> {
	await trx
		.insertInto("sessions")
		.values({
			id: s.id,
			hardware_id: null,
			rider_id: s.riderId,
			track: s.track,
			track_id: s.trackId,
			date: s.isoDate,
			source_format: s.format,
			source_device: s.device,
			source_file_name: s.fileName,
			source_object_key: s.objectKey,
			source_sha256: s.sha256,
			status: "received",
			created_at: sql<Date>`now()`,
		})
		.execute();
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
	const row = await db
		.selectFrom("users")
		.select("id")
		.where("email", "=", email.trim().toLowerCase())
		.executeTakeFirst();
	return row?.id ?? null;
}
