/** The ingest's contracts: what an upload brings, what it answers, what the service needs. */
import type { Kysely } from "kysely";
import type { SixFileName } from "../../domain/six/types";
import type { Database, SessionStatus } from "../db/schema";
import type { SessionLocks } from "../db/session-locks";
import type { ObjectStorage } from "../storage/object-storage";
import type { SessionFileKey, SessionKey } from "./session-key";
import type { UnchangedUpload } from "./unchanged-upload";

/** An upload already written whole to a local temp file (it is streamed to storage). */
export interface StagedContent {
	path: string;
	size: number;
}

export type AcceptFileInput = {
	/** Checked at the edge that received the file (`parseSessionKey`): never checked again. */
	key: SessionFileKey;
	/** Hex SHA-256 of the content, already verified by the caller. */
	sha256: string;
} & (
	| { bytes: Uint8Array; stagedFile?: undefined }
	| { stagedFile: StagedContent; bytes?: undefined }
);

/** The device API's `UploadResult`. */
export interface AcceptFileResult {
	/** `error`: why this file did not become a new version (null when it did, or nothing changed). */
	session: { id: string; status: SessionStatus; version: number; error: string | null };
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
	/**
	 * A repeated upload of the file as recorded (`unchanged-upload.ts`): answered once its body
	 * is checked, without `acceptFile`. null: this upload must go through `acceptFile`.
	 */
	findUnchanged(key: SessionFileKey, sha256: string): Promise<UnchangedUpload | null>;
	/** Parses again what storage holds for the session and writes a new version. */
	ingestSession(key: SessionKey): Promise<IngestOutcome | null>;
	/**
	 * Every session whose recorded files were not parsed yet: ingested here, or queued when there
	 * is a job queue. Returns how many.
	 */
	recoverPending(): Promise<number>;
	/** The ingest job: steps 2-3 for a pending session; throws on what a retry may cure. */
	runJob(key: SessionKey): Promise<IngestOutcome | null>;
	/** The job gave up: the session records why (its previous good version stays). */
	markFailed(key: SessionKey, reason: string): Promise<void>;
}

/** Where ingest jobs go: a PostgreSQL job queue, or an in-process one (embedded database). */
export interface IngestScheduler {
	/** Queues an ingest of the session; merged with one already waiting for the same session. */
	enqueue(key: SessionKey): Promise<void>;
}

export interface IngestDeps {
	db: Kysely<Database>;
	storage: ObjectStorage;
	log?: IngestLog;
	/** Default: in-process locks (one process). */
	locks?: SessionLocks;
	/** Absent: an upload is ingested in the request itself. */
	jobs?: IngestScheduler;
	/** With `jobs`: how long an upload waits for its ingest before answering. */
	answerWaitMs?: number;
	/** Bytes the parses of this process may hold at once (`MemoryBudget`, INGEST_MEMORY_MB). */
	memoryBudgetBytes?: number;
}
