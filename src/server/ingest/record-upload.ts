/**
 * Step 1 of an upload (ingest-service.ts): the file is checked against the session's rider,
 * stored and recorded, in one transaction that holds the session row locked.
 */
import { createReadStream } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { conflict, notFound } from "../errors";
import {
	createAndLockSession,
	type IngestSessionRow,
	recordReceivedFile,
	type SessionSlot,
	sessionRiderAndLoggerOwner,
} from "../repositories/session-ingest-repository";
import type { ObjectStorage } from "../storage/object-storage";
import type { AcceptFileInput } from "./ingest-types";
import type { StoredSessionFile } from "./session-files";
import { sessionObjectKey } from "./session-key";

export interface RecordedUpload {
	row: IngestSessionRow;
	/** false: the session already held these bytes, and storage still does. */
	changed: boolean;
	/** Bytes just stored, reused by an ingest in the same request. */
	inHand?: StoredSessionFile;
}

/** Records the upload in `slot`'s session (created if new). Call under the session's lock. */
export async function recordUpload(
	db: Kysely<Database>,
	storage: ObjectStorage,
	input: AcceptFileInput,
	slot: SessionSlot,
): Promise<RecordedUpload> {
	const sha256 = input.sha256.toLowerCase();
	const objectKey = sessionObjectKey(input.key);
	const recorded = await db.transaction().execute(async (trx) => {
		const row = await createAndLockSession(trx, slot);
		if (!row) return null;
		await refuseSessionOfAnotherRider(trx, row.id);
		const known = input.key.file === "lap.six" ? row.lapSha256 : row.gpsSha256;
		if (known === sha256) {
			const head = await storage.head(objectKey);
			if (head?.sha256 === sha256) return { row, changed: false };
		}
		await putContent(storage, objectKey, input, sha256);
		return {
			row: await recordReceivedFile(trx, row.id, input.key.file, objectKey, sha256),
			changed: true,
			...(input.bytes ? { inHand: { key: objectKey, bytes: input.bytes, sha256 } } : {}),
		};
	});
	if (!recorded)
		throw notFound(`Logger "${input.key.hardwareId}" não cadastrado.`, "hardware_not_found");
	return recorded;
}

/** An unchanged file still finishes an ingest a crash left pending. */
export function needsIngest(recorded: RecordedUpload): boolean {
	return recorded.changed || recorded.row.pending || recorded.row.status === "received";
}

/** A staged upload is streamed from its temp file; the stream is closed whatever happens. */
async function putContent(
	storage: ObjectStorage,
	key: string,
	input: AcceptFileInput,
	sha256: string,
): Promise<void> {
	const options = { sha256, contentType: "text/plain" };
	if (input.bytes) {
		await storage.put(key, input.bytes, options);
		return;
	}
	const stream = createReadStream(input.stagedFile.path);
	try {
		await storage.put(key, stream, options);
	} finally {
		stream.destroy();
	}
}

/**
 * A logger that changed hands keeps its old sessions on the card: they belong to the rider who
 * recorded them, and the new owner's logger must not rewrite them (nothing is stored).
 */
async function refuseSessionOfAnotherRider(trx: Kysely<Database>, sessionId: string) {
	const { riderId, ownerId } = await sessionRiderAndLoggerOwner(trx, sessionId);
	if (riderId !== null && riderId !== ownerId) {
		throw conflict(
			"Esta sessão foi gravada para outro piloto, antigo dono deste logger, e não pode ser alterada por ele. Nada foi gravado: apague a sessão do cartão do logger.",
			"session_of_previous_owner",
		);
	}
}
