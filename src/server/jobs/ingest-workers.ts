import type { IngestLog, IngestService } from "../ingest/ingest-service";
import { type IngestJobQueue, ingestJobRunner } from "./ingest-jobs";

/** How often a worker queues again the sessions still pending (a job lost before it was queued). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Runs ingest jobs in this process. Besides the queue, a periodic sweep queues every session
 * still pending: the upload records its file and queues its job in two steps, and a crash
 * between them would otherwise leave a pending session without a job. Queueing is merged per
 * session, so the sweep costs nothing when the jobs are there.
 */
export async function startIngestWorkers(options: {
	ingest: IngestService;
	queue: IngestJobQueue;
	concurrency: number;
	log: IngestLog;
}): Promise<{ stop(): Promise<void> }> {
	const { ingest, queue, log } = options;
	await queue.work(ingestJobRunner(ingest), options.concurrency);
	const sweep = () => {
		ingest
			.recoverPending()
			.catch((err: unknown) => log.error({ err }, "sweep of pending sessions failed"));
	};
	const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
	timer.unref();
	return {
		async stop() {
			clearInterval(timer);
			await queue.stop();
		},
	};
}
