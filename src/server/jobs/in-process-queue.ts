import type { IngestLog, SessionKey } from "../ingest/ingest-service";
import { sessionLockName } from "../ingest/session-key";
import {
	giveUpReason,
	INGEST_RETRY,
	type IngestJobQueue,
	type IngestJobRunner,
	jobKeyOf,
	type RetryPolicy,
} from "./ingest-jobs";

interface Entry {
	key: SessionKey;
	/** Runs that failed so far. */
	failures: number;
	/** Not before this time (a retry's backoff). */
	notBefore: number;
}

/**
 * The job queue of the embedded database, which one process owns: the same rules as the
 * PostgreSQL queue (one job waiting and one running per session at most, retries with backoff,
 * give up after the limit) kept in memory. Nothing is lost in a crash: the sessions stay pending
 * in the database and the start queues them again (`recoverPending`).
 */
export function createInProcessQueue(
	options: { retry?: RetryPolicy; log?: IngestLog } = {},
): IngestJobQueue {
	const retry = options.retry ?? INGEST_RETRY;
	const waiting = new Map<string, Entry>();
	const running = new Set<string>();
	const inFlight = new Set<Promise<void>>();
	let runner: IngestJobRunner | undefined;
	let concurrency = 0;
	let stopped = false;
	let timer: NodeJS.Timeout | undefined;

	function next(): Entry | undefined {
		const now = Date.now();
		for (const [name, entry] of waiting) {
			if (!running.has(name) && entry.notBefore <= now) return entry;
		}
		return undefined;
	}

	function pump() {
		if (!runner || stopped) return;
		while (running.size < concurrency) {
			const entry = next();
			if (!entry) break;
			const name = sessionLockName(entry.key);
			waiting.delete(name);
			running.add(name);
			const job = execute(runner, entry).finally(() => {
				running.delete(name);
				inFlight.delete(job);
				pump();
			});
			inFlight.add(job);
		}
		scheduleWake();
	}

	/** Wakes the pump when the earliest backoff ends. */
	function scheduleWake() {
		if (timer) clearTimeout(timer);
		timer = undefined;
		if (stopped || waiting.size === 0) return;
		const earliest = Math.min(...[...waiting.values()].map((e) => e.notBefore));
		timer = setTimeout(pump, Math.max(0, earliest - Date.now()));
		timer.unref();
	}

	async function execute(work: IngestJobRunner, entry: Entry) {
		try {
			await work.run(entry.key);
		} catch (error) {
			const failures = entry.failures + 1;
			if (failures > retry.retryLimit) {
				await work
					.giveUp(entry.key, giveUpReason(error, failures))
					.catch((err: unknown) => options.log?.error({ err }, "could not record a failed ingest"));
				return;
			}
			options.log?.warn({ err: error, key: entry.key, failures }, "ingest job failed; will retry");
			const name = sessionLockName(entry.key);
			// A new upload queued meanwhile runs first anyway: the retry merges into it.
			if (!waiting.has(name)) {
				const delayMs = retry.retryDelaySeconds * 1000 * 2 ** (failures - 1);
				waiting.set(name, { key: entry.key, failures, notBefore: Date.now() + delayMs });
			}
		}
	}

	return {
		kind: "in-process",
		async enqueue(key) {
			const name = sessionLockName(key);
			if (!waiting.has(name))
				waiting.set(name, { key: jobKeyOf(key), failures: 0, notBefore: Date.now() });
			pump();
		},
		async work(jobRunner, count) {
			runner = jobRunner;
			concurrency = Math.max(1, count);
			pump();
		},
		async stop() {
			stopped = true;
			if (timer) clearTimeout(timer);
			await Promise.allSettled([...inFlight]);
		},
	};
}
