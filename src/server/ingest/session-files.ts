import { createHash } from "node:crypto";
import type { ObjectStorage } from "../storage/object-storage";

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
