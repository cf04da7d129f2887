import type { Kysely } from "kysely";
import type { SixFileName } from "../../domain/six/types";
import type { Database, SessionStatus } from "../db/schema";
import type { SessionSlot } from "./session-ingest-repository";

/** One recorded file of a session, with what decides whether a repeated upload may skip work. */
export interface RecordedSessionFile {
	sessionId: string;
	status: SessionStatus;
	version: number;
	/** Hex SHA-256 of the file as recorded; null when none was. */
	sha256: string | null;
	/** The files changed and the new version is not applied yet. */
	pending: boolean;
	/** Who the session was recorded for, and who owns the logger now. */
	riderId: string | null;
	loggerOwnerId: string | null;
}

/** One statement, no lock: what an upload of the same bytes needs to know. */
export async function findRecordedSessionFile(
	db: Kysely<Database>,
	slot: SessionSlot,
	file: SixFileName,
): Promise<RecordedSessionFile | null> {
	const row = await db
		.selectFrom("sessions as s")
		.innerJoin("hardware as h", "h.id", "s.hardware_id")
		.select([
			"s.id",
			"s.status",
			"s.version",
			file === "lap.six" ? "s.lap_sha256 as sha256" : "s.gps_sha256 as sha256",
			"s.pending_since",
			"s.rider_id",
			"h.owner_id",
		])
		.where("s.hardware_id", "=", slot.hardwareId)
		.where("s.track", "=", slot.track)
		.where("s.date", "=", slot.isoDate)
		.executeTakeFirst();
	if (!row) return null;
	return {
		sessionId: row.id,
		status: row.status,
		version: row.version,
		sha256: row.sha256,
		pending: row.pending_since !== null,
		riderId: row.rider_id,
		loggerOwnerId: row.owner_id,
	};
}
