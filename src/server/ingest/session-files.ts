import { createHash } from "node:crypto";
import type { ObjectStorage } from "../storage/object-storage";
import { parseGpsStream } from "./parse-gps-stream";
import type { SessionBytes } from "./session-version";

export interface StoredSessionFile {
	key: string;
	bytes: Uint8Array;
	/** Of the bytes read, not of what the row says: storage is the truth being parsed. */
	sha256: string;
}

export interface SessionFiles {
	lap: StoredSessionFile | null;
	gps: StoredSessionFile | null;
}

export function sha256Hex(bytes: Uint8Array): string {
	return createHash("sha256").update(bytes).digest("hex");
}

async function readOne(
	storage: ObjectStorage,
	key: string | null,
	inHand: StoredSessionFile | undefined,
): Promise<StoredSessionFile | null> {
	if (key === null) return null;
	// Just put and verified under the row lock: the very bytes storage holds.
	if (inHand && inHand.key === key) return inHand;
	const bytes = await storage.get(key);
	if (bytes === null) throw new Error(`objeto "${key}" não encontrado`);
	return { key, bytes, sha256: sha256Hex(bytes) };
}

/** Both recorded files of a session; throws when storage fails or lost one of them. */
export async function readSessionFiles(
	storage: ObjectStorage,
	row: { lapObjectKey: string | null; gpsObjectKey: string | null },
	inHand?: StoredSessionFile,
): Promise<SessionFiles> {
	const [lap, gps] = await Promise.all([
		readOne(storage, row.lapObjectKey, inHand),
		readOne(storage, row.gpsObjectKey, inHand),
	]);
	return { lap, gps };
}

/** What the apply step checks of a parsed file: that storage still holds it. */
export interface ParsedFile {
	key: string;
	sha256: string;
}

/**
 * Both files of the session, split into what the apply step checks (key, SHA-256) and the
 * bytes, handed to the builder alone: nothing else keeps them once they are parsed.
 */
export async function readForParse(
	storage: ObjectStorage,
	row: { lapObjectKey: string | null; gpsObjectKey: string | null },
	inHand: StoredSessionFile | undefined,
): Promise<{ facts: { lap: ParsedFile | null; gps: ParsedFile | null }; bytes: SessionBytes }> {
	const streamGps = row.gpsObjectKey !== null && inHand?.key !== row.gpsObjectKey;
	const [files, gps] = await Promise.all([
		readSessionFiles(
			storage,
			{ ...row, gpsObjectKey: streamGps ? null : row.gpsObjectKey },
			inHand,
		),
		streamGps ? readGpsStreamed(storage, row.gpsObjectKey!) : null,
	]);
	const facts = (file: { key: string; sha256: string } | null) =>
		file === null ? null : { key: file.key, sha256: file.sha256 };
	return {
		facts: { lap: facts(files.lap), gps: facts(gps ?? files.gps) },
		bytes: { lap: files.lap?.bytes ?? null, gps: gps?.streamed ?? files.gps?.bytes ?? null },
	};
}

/** A stored `gps.six` parsed as it is read (`parseGpsStream`): never whole in memory. */
async function readGpsStreamed(storage: ObjectStorage, key: string) {
	const head = await storage.head(key);
	const stream = head === null ? null : await storage.getStream(key);
	if (head === null || stream === null) throw new Error(`objeto "${key}" não encontrado`);
	try {
		const streamed = await parseGpsStream(stream as AsyncIterable<unknown>, head.size);
		return { key, sha256: streamed.sha256, streamed };
	} finally {
		(stream as { destroy?: () => void }).destroy?.();
	}
}
