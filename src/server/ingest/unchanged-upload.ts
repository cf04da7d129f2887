import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { findRecordedSessionFile } from "../repositories/session-file-repository";
import type { ObjectStorage } from "../storage/object-storage";
import { publishUpload } from "./ingest-events";
import type { AcceptFileResult } from "./ingest-service";
import { isoDateOfFolder, type SessionFileKey, sessionObjectKey } from "./session-key";

/**
 * A logger sends a file again when it is unsure the server got it (a lost answer, a reboot): the
 * same bytes, announced by the same Content-Digest. When the session records that file with that
 * SHA-256, storage holds it, and nothing waits to be done for the session, the upload changes
 * nothing: once its body is read and found to be those bytes, it is answered without the lock,
 * the transaction, the temp file and the storage write of `acceptFile` (step 1a of its header
 * reached the cheap way).
 *
 * Race-free without the lock: the facts are read in one statement while the request is in
 * progress, so the answer is that of this upload ordered just then, before any concurrent one
 * (which only the same logger can send). Anything else (another SHA-256, a new session, an ingest
 * still pending, a session of the logger's previous owner, storage that lost the file) goes the
 * full way, which does the work or refuses with its reason.
 */
export interface UnchangedUpload {
	/** The answer, once the body was read whole and its SHA-256 is the recorded one. */
	answer(size: number): AcceptFileResult;
}

export async function findUnchangedUpload(
	db: Kysely<Database>,
	storage: ObjectStorage,
	key: SessionFileKey,
	sha256Hex: string,
): Promise<UnchangedUpload | null> {
	const sha256 = sha256Hex.toLowerCase();
	const slot = { hardwareId: key.hardwareId, track: key.track, isoDate: isoDateOfFolder(key.date) };
	const recorded = await findRecordedSessionFile(db, slot, key.file);
	if (recorded === null || recorded.sha256 !== sha256) return null;
	if (recorded.pending || recorded.status === "received") return null;
	if (recorded.riderId !== null && recorded.riderId !== recorded.loggerOwnerId) return null;
	const head = await storage.head(sessionObjectKey(key));
	if (head?.sha256 !== sha256) return null;
	return {
		answer(size) {
			publishUpload({ file: key.file, bytes: size, changed: false });
			return {
				session: {
					id: recorded.sessionId,
					status: recorded.status,
					version: recorded.version,
					error: null,
				},
				file: { name: key.file, size, sha256, changed: false },
			};
		},
	};
}
