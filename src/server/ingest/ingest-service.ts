/**
 * Ingest: an uploaded `lap.six` / `gps.six` becomes a session version (laps, figures, report).
 *
 * Order of an upload (`acceptFile`), and why it is crash-safe:
 *
 * 1. Transaction R ("record", record-upload.ts), holding the session row locked (`SELECT ...
 *    FOR UPDATE`, the row created first if new, with the logger's current owner as its rider):
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
 * Serialisation: a lock per session (`SessionLocks`: in-process on the embedded database, a
 * PostgreSQL advisory lock shared by every instance and worker otherwise), plus the row lock of
 * R and A. Applying is idempotent: a session that is no longer pending and already holds the
 * parsed bytes is left as it is, so five identical uploads, however interleaved, make one version.
 *
 * With a job queue (`jobs`), steps 2-3 run as a job (`runJob`) in whichever worker takes it:
 * the upload records the file (step 1), queues the job and waits a bounded time for it, then
 * answers with the session as it is. A job that throws is retried by the queue; when it gives
 * up, `markFailed` records the reason. Without a queue (the CLI import, most tests), the
 * upload runs steps 2-3 itself.
 */
import type { Kysely } from "kysely";
import { type CalendarDate, parseDateFolder } from "../../domain/format/storage-names";
import type { Database } from "../db/schema";
import { inProcessSessionLocks } from "../db/session-locks";
import {
	applyIngestedVersion,
	countIngestAttempt,
	findSessionForIngest,
	type IngestSessionRow,
	listPendingSessions,
	lockSessionBySlot,
	recordIngestFailure,
	type SessionSlot,
} from "../repositories/session-ingest-repository";
import type { ObjectStorage } from "../storage/object-storage";
import { collectGarbage } from "./collect-garbage";
import { observeIngest, publishUpload } from "./ingest-events";
import type {
	AcceptFileInput,
	AcceptFileResult,
	IngestDeps,
	IngestLog,
	IngestOutcome,
	IngestScheduler,
	IngestService,
} from "./ingest-types";
import { ingestWeight } from "./ingest-weight";
import { MemoryBudget } from "./memory-budget";
import { needsIngest, type RecordedUpload, recordUpload } from "./record-upload";
import { type ParsedFile, readForParse, type StoredSessionFile } from "./session-files";
import {
	folderOfIsoDate,
	isoDateOfFolder,
	type SessionKey,
	sessionLockName,
	sessionOf,
} from "./session-key";
import { buildSessionVersionFrom, type SessionBytes } from "./session-version";
import { linkSixSessionTrack } from "./six-track";
import { findUnchangedUpload } from "./unchanged-upload";

export type * from "./ingest-types";
export type { SessionFileKey, SessionKey } from "./session-key";

/** A parse whose estimate reaches this is followed by a garbage collection (a few ms). */
const COLLECT_AFTER_BYTES = 32 * 1024 * 1024;

/** The default of INGEST_MEMORY_MB: two `gps.six` of 32 MB or more are not parsed together. */
export const DEFAULT_INGEST_MEMORY_BYTES = 128 * 1024 * 1024;

/** Long enough for a typical session's ingest; a logger's request timeout is far longer. */
export const DEFAULT_ANSWER_WAIT_MS = 10_000;
const ANSWER_POLL_MS = 100;

const SILENT: IngestLog = { info() {}, warn() {}, error() {} };
/** Start-up recoveries of one pending session before it is marked failed. */
export const MAX_RECOVERY_ATTEMPTS = 3;
/** Parses of a session whose files keep changing under it before one is applied. */
const MAX_APPLY_ATTEMPTS = 3;

export function createIngestService(deps: IngestDeps): IngestService {
	const { db, storage } = deps;
	const log = deps.log ?? SILENT;
	const locks = deps.locks ?? inProcessSessionLocks();
	const { jobs } = deps;
	const answerWaitMs = deps.answerWaitMs ?? DEFAULT_ANSWER_WAIT_MS;
	const memory = new MemoryBudget(deps.memoryBudgetBytes ?? DEFAULT_INGEST_MEMORY_BYTES);

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
		/** A job: a storage error is thrown for the queue to retry, not recorded. */
		retryable = false,
	): Promise<IngestOutcome | null> {
		const slot = slotOf(key);
		for (let attempt = 1; ; attempt++) {
			const current = await findSessionForIngest(db, slot);
			if (!current) return null;
			if (!force && !current.pending && current.status !== "received") {
				return outcome(current, false, null);
			}
			// Parses run together only while their estimated peaks fit the budget: each holds its
			// files whole in memory, then their columns and analysis.
			const weight = await ingestWeight(storage, current);
			const parsed = await memory.run(weight, async () => {
				try {
					// Only on the first attempt: a retry means storage changed since.
					const read = await readForParse(storage, current, attempt === 1 ? inHand : undefined);
					// The builder lets go of the bytes once parsed; only the facts of the files are kept.
					const built = buildSessionVersionSafely(
						current.id,
						read.bytes,
						log,
						parseDateFolder(key.date),
					);
					// The bytes and columns of a large file are garbage now: freed before the budget lets
					// the next parse in (collect-garbage.ts).
					if (weight >= COLLECT_AFTER_BYTES) collectGarbage();
					return { ok: true as const, files: read.facts, built };
				} catch (err) {
					log.error({ err, session: current.id }, "ingest: storage read failed");
					return { ok: false as const, readError: storageError(err) };
				}
			});
			if (!parsed.ok) {
				const reason = parsed.readError;
				if (retryable) throw new Error(reason);
				const failed = await db
					.transaction()
					.execute((trx) => recordIngestFailure(trx, current.id, reason));
				return outcome(failed, false, reason);
			}
			const { files, built } = parsed;
			const result = await applyOrRecordFailure(current.id, (trx) => applyParsed(trx));
			async function applyParsed(trx: Kysely<Database>) {
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
				await linkSixSessionTrack(trx, locked.id, key.track, built.version.six);
				return { kind: "done" as const, row: outcome(row, true, null) };
			}
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

	/**
	 * Runs the apply transaction; if it fails (the database refused a value, a connection was
	 * lost), the failure is recorded with its reason in a transaction of its own, so the session
	 * never stays pending in silence.
	 */
	async function applyOrRecordFailure<T>(
		sessionId: string,
		apply: (trx: Kysely<Database>) => Promise<T>,
	): Promise<T | { kind: "done"; row: IngestOutcome }> {
		try {
			return await db.transaction().execute(apply);
		} catch (err) {
			log.error({ err, session: sessionId }, "ingest: applying the new version failed");
			const reason = applyError(err);
			const row = await db
				.transaction()
				.execute((trx) => recordIngestFailure(trx, sessionId, reason));
			return { kind: "done", row: outcome(row, false, reason) };
		}
	}

	/** A session whose recoveries all failed (or crashed the process) is marked failed, with why. */
	async function giveUpRecovery(slot: SessionSlot, attempts: number): Promise<void> {
		const reason = `O processamento foi tentado ${attempts} vezes ao iniciar o servidor sem sucesso e foi abandonado. Envie o arquivo de novo; se persistir, o arquivo pode estar danificado.`;
		await db.transaction().execute(async (trx) => {
			const locked = await lockSessionBySlot(trx, slot);
			if (locked) await recordIngestFailure(trx, locked.id, reason);
		});
		log.warn({ slot, attempts }, "recovery of a pending session abandoned");
	}

	/** Step 1 of the header. Under the session lock. */
	function recordLocked(input: AcceptFileInput): Promise<RecordedUpload> {
		return recordUpload(db, storage, input, slotOf(input.key));
	}

	function answer(
		input: AcceptFileInput,
		recorded: RecordedUpload,
		row: Pick<IngestSessionRow, "id" | "status" | "version">,
		error: string | null = null,
	): AcceptFileResult {
		const size = input.bytes ? input.bytes.length : input.stagedFile.size;
		publishUpload({ file: input.key.file, bytes: size, changed: recorded.changed });
		return {
			session: { id: row.id, status: row.status, version: row.version, error },
			file: {
				name: input.key.file,
				size,
				sha256: input.sha256.toLowerCase(),
				changed: recorded.changed,
			},
		};
	}

	/** Without a queue: steps 1-3 in the request, under one hold of the lock. */
	async function acceptInline(input: AcceptFileInput): Promise<AcceptFileResult> {
		const recorded = await recordLocked(input);
		let row: IngestSessionRow = recorded.row;
		let error: string | null = null;
		if (needsIngest(recorded)) {
			try {
				const done = await observeIngest(() => ingestLocked(input.key, false, recorded.inHand));
				if (done) {
					row = { ...row, status: done.status, version: done.version };
					error = done.error;
				}
			} catch (err) {
				// Even recording the failure failed (the database is unreachable): the file is stored
				// and recorded, the session stays pending and the next start retries (bounded).
				log.error({ err, session: row.id }, "ingest failed after the file was recorded");
				error = "O arquivo foi guardado, mas ainda não foi processado: será processado de novo.";
			}
		}
		return answer(input, recorded, row, error);
	}

	/** With a queue: record, queue, and wait (lock released) for a worker to finish the job. */
	async function acceptQueued(
		input: AcceptFileInput,
		queue: IngestScheduler,
	): Promise<AcceptFileResult> {
		const recorded = await locks.run(sessionLockName(input.key), () => recordLocked(input));
		if (!needsIngest(recorded)) return answer(input, recorded, recorded.row);
		try {
			await queue.enqueue(sessionOf(input.key));
		} catch (err) {
			// The file is durable and the session pending: the workers' sweep queues it again.
			log.error({ err, session: recorded.row.id }, "could not queue the ingest");
			return answer(input, recorded, recorded.row);
		}
		return answer(input, recorded, await waitForIngest(slotOf(input.key), recorded.row));
	}

	/** The session once its ingest is done, or as it is when the wait runs out. */
	async function waitForIngest(slot: SessionSlot, fallback: IngestSessionRow) {
		const deadline = Date.now() + answerWaitMs;
		let row = fallback;
		while (Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, ANSWER_POLL_MS));
			row = (await findSessionForIngest(db, slot)) ?? row;
			if (!row.pending && row.status !== "received") break;
		}
		return row;
	}

	function keyOf(slot: SessionSlot): SessionKey {
		return { hardwareId: slot.hardwareId, track: slot.track, date: folderOfIsoDate(slot.isoDate) };
	}

	return {
		acceptFile(input) {
			if (jobs) return acceptQueued(input, jobs);
			return locks.run(sessionLockName(input.key), () => acceptInline(input));
		},
		findUnchanged(key, sha256) {
			return findUnchangedUpload(db, storage, key, sha256);
		},
		ingestSession(key) {
			return locks.run(sessionLockName(key), () => observeIngest(() => ingestLocked(key, true)));
		},
		runJob(key) {
			return locks.run(sessionLockName(key), () =>
				observeIngest(() => ingestLocked(key, false, undefined, true)),
			);
		},
		async markFailed(key, reason) {
			await locks.run(sessionLockName(key), async () => {
				const slot = slotOf(key);
				await db.transaction().execute(async (trx) => {
					const locked = await lockSessionBySlot(trx, slot);
					// Applied meanwhile (a later job, a new upload): nothing failed any more.
					if (!locked || (!locked.pending && locked.status !== "received")) return;
					await recordIngestFailure(trx, locked.id, reason);
				});
			});
			log.warn({ key, reason }, "ingest job gave up");
		},
		async recoverPending() {
			const pending = await listPendingSessions(db);
			let count = 0;
			for (const slot of pending) {
				const key = keyOf(slot);
				try {
					const attempts = await countIngestAttempt(db, slot);
					if (attempts > MAX_RECOVERY_ATTEMPTS) {
						await giveUpRecovery(slot, attempts - 1);
						continue;
					}
					if (jobs) {
						await jobs.enqueue(key);
						count += 1;
						continue;
					}
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
	};
}

function applyError(err: unknown): string {
	const detail = err instanceof Error ? err.message : String(err);
	return `Erro ao gravar a nova versão da sessão: ${detail.slice(0, 200)}`;
}

function storageError(err: unknown): string {
	const detail = err instanceof Error ? err.message : String(err);
	return `Erro ao ler os arquivos da sessão no armazenamento: ${detail.slice(0, 200)}`;
}

/** The domain never throws on file content; anything thrown here is reported, not raised. */
function buildSessionVersionSafely(
	sessionId: string,
	bytes: SessionBytes,
	log: IngestLog,
	date: CalendarDate | null,
) {
	try {
		return buildSessionVersionFrom(sessionId, bytes, date);
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
async function storageStillHolds(
	storage: ObjectStorage,
	files: { lap: ParsedFile | null; gps: ParsedFile | null },
): Promise<boolean> {
	for (const file of [files.lap, files.gps]) {
		if (!file) continue;
		const head = await storage.head(file.key);
		if (!head || (head.sha256 !== undefined && head.sha256 !== file.sha256)) return false;
	}
	return true;
}
