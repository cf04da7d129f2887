/**
 * Ingest: an uploaded `lap.six` / `gps.six` becomes a session version (laps, figures, report).
 *
 * Order of an upload (`acceptFile`), and why it is crash-safe:
 *
 * 1. Transaction R ("record"), holding the session row locked (`SELECT ... FOR UPDATE`, the
 *    row created first if new, with the logger's current owner as its rider):
 *    a. same SHA-256 as recorded, and storage holds that object: nothing changed, stop;
 *    b. put the bytes at `{hardwareId}/{track}/{ddmmyyyy}/{file}`. The put is atomic and
 *       checked against the SHA-256 (filesystem: fsynced temp file renamed into place; S3: one
 *       PUT), so a half-finished upload never becomes an object;
 *    c. record the file's key and SHA-256 and mark the session pending (`pending_since`).
 *    COMMIT. From here the file is durable and known: only now may the logger get its 200.
 *    A crash before the commit loses nothing acknowledged: the logger retries. If it happened
 *    after the put, storage holds bytes the row does not name yet; step 2 reads and records
 *    what storage holds, so that is consistent too.
 * 2. Parse (outside any transaction): read both files from storage, parse and analyse them
 *    (domain), encode each lap's path.
 * 3. Transaction A ("apply"), the row locked again: if storage still holds the bytes that were
 *    parsed (another process may have recorded newer ones meanwhile: then parse again), delete
 *    the old laps, insert the new ones and update the session (version + 1, summary, report,
 *    SHA-256s, processed_at, pending cleared). One transaction: a crash leaves the old version
 *    or the complete new one. A failed parse (unreadable file, storage error) only records the
 *    error: the previous good version stays, status `processed` if there was one, else `failed`.
 * At start, `recoverPending` runs steps 2-3 for every session still pending.
 *
 * Serialisation: an in-process mutex per session (one ingest service per process), plus the
 * row lock of R and A for other processes sharing the database. Applying is idempotent: a
 * session that is no longer pending and already holds the parsed bytes is left as it is, so
 * five identical uploads, however interleaved, make one version.
 */
import type { Kysely } from "kysely";
import type { SixFileName } from "../../domain/six/types";
import type { Database, SessionStatus } from "../db/schema";
import { badRequest, notFound } from "../errors";
import {
	applyIngestedVersion,
	createAndLockSession,
	findSessionForIngest,
	type IngestSessionRow,
	listPendingSessions,
	lockSessionBySlot,
	recordIngestFailure,
	recordReceivedFile,
	type SessionSlot,
} from "../repositories/session-repository";
import type { ObjectStorage } from "../storage/object-storage";
import { observeIngest, publishUpload } from "./ingest-events";
import { KeyedMutex } from "./keyed-mutex";
import { readSessionFiles, type SessionFiles, type StoredSessionFile } from "./session-files";
import {
	folderOfIsoDate,
	hardwareIdProblem,
	isoDateOfFolder,
	type SessionKey,
	type SessionPathCheck,
	sessionLockName,
	sessionObjectKey,
	validateSessionPath,
} from "./session-key";
import { buildSessionVersion } from "./session-version";

export type { SessionKey } from "./session-key";

export interface AcceptFileInput extends SessionKey {
	fileName: SixFileName;
	bytes: Uint8Array;
	/** Hex SHA-256 of `bytes`, already verified by the caller. */
	sha256: string;
}

/** The device API's `UploadResult`. */
export interface AcceptFileResult {
	session: { id: string; status: SessionStatus; version: number };
	file: { name: SixFileName; size: number; sha256: string; changed: boolean };
}

export interface IngestOutcome {
	sessionId: string;
	status: SessionStatus;
	version: number;
	/** A new version was written (false: nothing pending, or the parse failed). */
	applied: boolean;
	/** Why the latest files could not be read (the previous version stays). */
	error: string | null;
}

export interface IngestLog {
	info(...args: unknown[]): void;
	warn(...args: unknown[]): void;
	error(...args: unknown[]): void;
}

export interface IngestService {
	/** Stores and records one uploaded file, then ingests its session. */
	acceptFile(input: AcceptFileInput): Promise<AcceptFileResult>;
	/** Parses again what storage holds for the session and writes a new version. */
	ingestSession(key: SessionKey): Promise<IngestOutcome | null>;
	/** Ingests every session whose recorded files were not parsed yet; returns how many. */
	recoverPending(): Promise<number>;
	validateSessionPath(track: string, date: string, fileName: string): SessionPathCheck;
}

export interface IngestDeps {
	db: Kysely<Database>;
	storage: ObjectStorage;
	log?: IngestLog;
}

const SILENT: IngestLog = { info() {}, warn() {}, error() {} };
/** Parses of a session whose files keep changing under it before one is applied. */
const MAX_APPLY_ATTEMPTS = 3;

export function createIngestService(deps: IngestDeps): IngestService {
	const { db, storage } = deps;
	const log = deps.log ?? SILENT;
	const locks = new KeyedMutex();

	function slotOf(key: SessionKey): SessionSlot {
		return { hardwareId: key.hardwareId, track: key.track, isoDate: isoDateOfFolder(key.date) };
	}

	function outcome(row: IngestSessionRow, applied: boolean, error: string | null): IngestOutcome {
		return { sessionId: row.id, status: row.status, version: row.version, applied, error };
	}

	/** Steps 2-3 of the header; `force` re-parses even when nothing is pending. */
	async function ingestLocked(
		key: SessionKey,
		force: boolean,
		inHand?: StoredSessionFile,
	): Promise<IngestOutcome | null> {
		const slot = slotOf(key);
		for (let attempt = 1; ; attempt++) {
			const current = await findSessionForIngest(db, slot);
			if (!current) return null;
			if (!force && !current.pending && current.status !== "received") {
				return outcome(current, false, null);
			}
			let files: SessionFiles;
			try {
				// Only on the first attempt: a retry means storage changed since.
				files = await readSessionFiles(storage, current, attempt === 1 ? inHand : undefined);
			} catch (err) {
				log.error({ err, session: current.id }, "ingest: storage read failed");
				const failed = await db
					.transaction()
					.execute((trx) => recordIngestFailure(trx, current.id, storageError(err)));
				return outcome(failed, false, storageError(err));
			}
			const built = buildSessionVersionSafely(current.id, files, log);
			const result = await db.transaction().execute(async (trx) => {
				const locked = await lockSessionBySlot(trx, slot);
				if (!locked) return { kind: "gone" as const };
				if (!(await storageStillHolds(storage, files))) return { kind: "changed" as const };
				const sameBytes =
					locked.lapSha256 === (files.lap?.sha256 ?? null) &&
					locked.gpsSha256 === (files.gps?.sha256 ?? null);
				if (!force && !locked.pending && locked.status !== "received" && sameBytes) {
					return { kind: "done" as const, row: outcome(locked, false, null) };
				}
				if (!built.ok) {
					const row = await recordIngestFailure(trx, locked.id, built.error);
					return { kind: "done" as const, row: outcome(row, false, built.error) };
				}
				const row = await applyIngestedVersion(trx, locked.id, {
					lapSha256: files.lap?.sha256 ?? null,
					gpsSha256: files.gps?.sha256 ?? null,
					...built.version,
				});
				return { kind: "done" as const, row: outcome(row, true, null) };
			});
			if (result.kind === "gone") return null;
			if (result.kind === "done") {
				if (result.row.error)
					log.warn({ session: result.row.sessionId, error: result.row.error }, "ingest failed");
				return result.row;
			}
			if (attempt >= MAX_APPLY_ATTEMPTS) {
				log.warn({ session: current.id }, "ingest: files keep changing; left pending");
				return outcome(current, false, null);
			}
		}
	}

	async function acceptLocked(input: AcceptFileInput): Promise<AcceptFileResult> {
		const check = validateSessionPath(input.track, input.date, input.fileName);
		if (!check.ok) throw badRequest(check.reason, "invalid_session_path");
		const hardwareProblem = hardwareIdProblem(input.hardwareId);
		if (hardwareProblem) throw badRequest(hardwareProblem, "invalid_hardware_id");
		const sha256 = input.sha256.toLowerCase();
		const objectKey = sessionObjectKey(input, input.fileName);
		const slot = slotOf(input);

		const recorded = await db.transaction().execute(async (trx) => {
			const row = await createAndLockSession(trx, slot);
			if (!row) return null;
			const known = input.fileName === "lap.six" ? row.lapSha256 : row.gpsSha256;
			if (known === sha256) {
				const head = await storage.head(objectKey);
				if (head?.sha256 === sha256) return { row, changed: false };
			}
			await storage.put(objectKey, input.bytes, { sha256, contentType: "text/plain" });
			return {
				row: await recordReceivedFile(trx, row.id, input.fileName, objectKey, sha256),
				changed: true,
			};
		});
		if (!recorded)
			throw notFound(`Logger "${input.hardwareId}" não cadastrado.`, "hardware_not_found");

		let row = recorded.row;
		// An unchanged file still finishes an ingest a crash left pending.
		if (recorded.changed || row.pending || row.status === "received") {
			try {
				const inHand = recorded.changed
					? { key: objectKey, bytes: input.bytes, sha256 }
					: undefined;
				const done = await observeIngest(() => ingestLocked(input, false, inHand));
				if (done) row = { ...row, status: done.status, version: done.version };
			} catch (err) {
				// The file is stored and recorded: the session stays pending for the next start.
				log.error({ err, session: row.id }, "ingest failed after the file was recorded");
			}
		}
		publishUpload({ file: input.fileName, bytes: input.bytes.length, changed: recorded.changed });
		return {
			session: { id: row.id, status: row.status, version: row.version },
			file: { name: input.fileName, size: input.bytes.length, sha256, changed: recorded.changed },
		};
	}

	return {
		acceptFile(input) {
			return locks.run(sessionLockName(input), () => acceptLocked(input));
		},
		ingestSession(key) {
			return locks.run(sessionLockName(key), () => observeIngest(() => ingestLocked(key, true)));
		},
		async recoverPending() {
			const pending = await listPendingSessions(db);
			let count = 0;
			for (const slot of pending) {
				const key = {
					hardwareId: slot.hardwareId,
					track: slot.track,
					date: folderOfIsoDate(slot.isoDate),
				};
				try {
					const done = await locks.run(sessionLockName(key), () =>
						observeIngest(() => ingestLocked(key, false)),
					);
					if (done) count += 1;
					log.info({ session: done?.sessionId, status: done?.status }, "recovered pending session");
				} catch (err) {
					log.error({ err, key }, "recovery of a pending session failed");
				}
			}
			return count;
		},
		validateSessionPath,
	};
}

function storageError(err: unknown): string {
	const detail = err instanceof Error ? err.message : String(err);
	return `Erro ao ler os arquivos da sessão no armazenamento: ${detail.slice(0, 200)}`;
}

/** The domain never throws on file content; anything thrown here is reported, not raised. */
function buildSessionVersionSafely(sessionId: string, files: SessionFiles, log: IngestLog) {
	try {
		return buildSessionVersion(sessionId, files.lap?.bytes ?? null, files.gps?.bytes ?? null);
	} catch (err) {
		log.error({ err, session: sessionId }, "ingest: parse threw");
		const detail = err instanceof Error ? err.message : String(err);
		return {
			ok: false as const,
			error: `Erro ao processar os arquivos da sessão: ${detail.slice(0, 200)}`,
		};
	}
}

/** Under the row lock no other process can put: storage must still hold what was parsed. */
async function storageStillHolds(storage: ObjectStorage, files: SessionFiles): Promise<boolean> {
	for (const file of [files.lap, files.gps]) {
		if (!file) continue;
		const head = await storage.head(file.key);
		if (!head || (head.sha256 !== undefined && head.sha256 !== file.sha256)) return false;
	}
	return true;
}
