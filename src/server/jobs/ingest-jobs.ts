import type { IngestScheduler, IngestService, SessionKey } from "../ingest/ingest-service";

/**
 * The ingest as jobs. A job carries a session's key only: the durable state is the session row
 * (its recorded files and `pending_since`), so a job that is lost, run twice or run after a
 * newer one does no harm: the ingest parses what storage holds and is idempotent.
 */

/** Retries with exponential backoff: delays of base, 2 x base, 4 x base... */
export interface RetryPolicy {
	/** Runs after the first one. */
	retryLimit: number;
	retryDelaySeconds: number;
}

export const INGEST_RETRY: RetryPolicy = { retryLimit: 4, retryDelaySeconds: 2 };

/** What a worker does with a job: the ingest entry points, nothing more. */
export interface IngestJobRunner {
	run(key: SessionKey): Promise<unknown>;
	giveUp(key: SessionKey, reason: string): Promise<void>;
}

export interface IngestJobQueue extends IngestScheduler {
	readonly kind: "in-process" | "pg-boss";
	/** Takes jobs in this process, `concurrency` at a time, until stop(). */
	work(runner: IngestJobRunner, concurrency: number): Promise<void>;
	/** Stops taking jobs and waits (bounded) for the running ones. */
	stop(): Promise<void>;
}

export function ingestJobRunner(ingest: IngestService): IngestJobRunner {
	return {
		run: (key) => ingest.runJob(key),
		giveUp: (key, reason) => ingest.markFailed(key, reason),
	};
}

/** The reason a session records when its job gives up. */
export function giveUpReason(error: unknown, attempts: number): string {
	const detail = error instanceof Error ? error.message : String(error);
	return `O processamento falhou ${attempts} vezes; última causa: ${detail.slice(0, 300)}`;
}

export function jobKeyOf(key: SessionKey): SessionKey {
	// Only the three fields travel: an upload's input carries the file's bytes too.
	return { hardwareId: key.hardwareId, track: key.track, date: key.date };
}
