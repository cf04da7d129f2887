import PgBoss from "pg-boss";
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

export const INGEST_QUEUE = "ingest-session";

export interface PgBossQueueOptions {
	connectionString: string;
	log: IngestLog;
	retry?: RetryPolicy;
	/**
	 * A running job not finished after this long is taken as lost (its worker died) and run
	 * again; it must exceed the longest ingest.
	 */
	jobTimeoutSeconds: number;
}

/**
 * Ingest jobs in PostgreSQL with pg-boss (its tables in the schema `pgboss`, created by its
 * own migrations). Queue policy "stately": per session (the singleton key) at most one job
 * waiting and one running, so a burst of uploads makes one ingest after the running one.
 * A worker that dies keeps its job "active" until the job's timeout; pg-boss's maintenance (run
 * by every instance, once per interval across them) then fails it and it is retried elsewhere.
 */
export async function openPgBossQueue(options: PgBossQueueOptions): Promise<IngestJobQueue> {
	const { log } = options;
	const retry = options.retry ?? INGEST_RETRY;
	const boss = new PgBoss({
		connectionString: options.connectionString,
		application_name: "lapsix-jobs",
		max: 3,
		schedule: false,
		// Finds the jobs of dead workers soon after their timeout.
		maintenanceIntervalSeconds: Math.max(
			1,
			Math.min(60, Math.floor(options.jobTimeoutSeconds / 2)),
		),
	});
	boss.on("error", (err: unknown) => log.error({ err }, "job queue error"));
	await boss.start();
	const queueOptions = {
		name: INGEST_QUEUE,
		policy: "stately" as const,
		retryLimit: retry.retryLimit,
		retryDelay: retry.retryDelaySeconds,
		retryBackoff: true,
		expireInSeconds: options.jobTimeoutSeconds,
		retentionMinutes: 24 * 60,
	};
	await boss.createQueue(INGEST_QUEUE, queueOptions);
	// The queue exists already when another instance made it: the settings given here apply.
	await boss.updateQueue(INGEST_QUEUE, queueOptions);
	/** Workers of this process: woken at once by a job queued here, instead of at their next poll. */
	const localWorkers: string[] = [];

	return {
		kind: "pg-boss",
		async enqueue(key: SessionKey) {
			// null when merged into the job already waiting for this session.
			await boss.send(INGEST_QUEUE, jobKeyOf(key), { singletonKey: sessionLockName(key) });
			for (const id of localWorkers) boss.notifyWorker(id);
		},
		async work(runner: IngestJobRunner, concurrency: number) {
			for (let i = 0; i < Math.max(1, concurrency); i++) {
				const id = await boss.work<SessionKey>(
					INGEST_QUEUE,
					{ batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 },
					async ([job]) => {
						if (!job) return;
						try {
							await runner.run(job.data);
						} catch (error) {
							if (job.retryCount >= job.retryLimit) {
								await runner.giveUp(job.data, giveUpReason(error, job.retryCount + 1));
							} else {
								log.warn(
									{ err: error, key: job.data, attempt: job.retryCount + 1 },
									"ingest job failed; will retry",
								);
							}
							throw error;
						}
					},
				);
				localWorkers.push(id);
			}
		},
		async stop() {
			await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
		},
	};
}
