import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import type { IngestLog } from "../ingest/ingest-service";
import { createInProcessQueue } from "./in-process-queue";
import type { IngestJobQueue } from "./ingest-jobs";
import { openPgBossQueue } from "./pg-boss-queue";

/** PostgreSQL: the shared job queue (pg-boss). The embedded database: the in-process queue. */
export async function openIngestQueue(
	config: Config,
	database: DatabaseHandle,
	log: IngestLog,
): Promise<IngestJobQueue> {
	if (database.engine === "pglite" || !database.connectionString) {
		return createInProcessQueue({ log });
	}
	return openPgBossQueue({
		connectionString: database.connectionString,
		log,
		jobTimeoutSeconds: config.ingestJobTimeoutSeconds,
	});
}

/** How many jobs this process runs at once (the embedded database has no other worker). */
export function workersInProcess(config: Config, queue: IngestJobQueue): number {
	return queue.kind === "in-process" ? Math.max(1, config.ingestWorkers) : config.ingestWorkers;
}
