import type { Config } from "../../config";
import { createIngestService, type IngestLog } from "../../ingest/ingest-service";
import { startIngestWorkers } from "../../jobs/ingest-workers";
import { openPgBossQueue } from "../../jobs/pg-boss-queue";
import type { Runtime } from "../../runtime";
import type { CliIo } from "../io";

/** One JSON line per event, like the server's log. */
function jsonLog(io: CliIo): IngestLog {
	const line =
		(level: string) =>
		(...args: unknown[]) => {
			const [first, second] = args;
			const fields = typeof first === "object" && first !== null ? first : {};
			const msg = typeof first === "string" ? first : typeof second === "string" ? second : "";
			const err = (fields as { err?: unknown }).err;
			io.stdout.write(
				`${JSON.stringify({
					level,
					time: Date.now(),
					pid: process.pid,
					...fields,
					...(err instanceof Error ? { err: { message: err.message } } : {}),
					msg,
				})}\n`,
			);
		};
	return { info: line("info"), warn: line("warn"), error: line("error") };
}

/**
 * `lapsix worker`: runs ingest jobs only (no HTTP), so ingest scales apart from the web
 * instances. PostgreSQL only: the embedded database belongs to the one `npm start` process,
 * which runs its jobs itself. Ends on SIGTERM/SIGINT after the running jobs (bounded).
 */
export async function runWorkerCommand(
	config: Config,
	openRuntime: () => Promise<Runtime>,
	io: CliIo,
	stopSignal: Promise<unknown> = waitForSignal(),
): Promise<number> {
	if (!config.databaseUrl) {
		io.stderr.write(
			"lapsix: o worker precisa de DATABASE_URL (PostgreSQL); com o banco embutido, `npm start` já processa os envios.\n",
		);
		return 2;
	}
	const runtime = await openRuntime();
	const log = jsonLog(io);
	try {
		const queue = await openPgBossQueue({
			connectionString: config.databaseUrl,
			log,
			jobTimeoutSeconds: config.ingestJobTimeoutSeconds,
		});
		const ingest = createIngestService({
			db: runtime.database.db,
			storage: runtime.storage,
			log,
			locks: runtime.database.sessionLocks,
			memoryBudgetBytes: config.ingestMemoryBytes,
			jobs: queue,
		});
		const concurrency = Math.max(1, config.ingestWorkers);
		const workers = await startIngestWorkers({ ingest, queue, concurrency, log });
		const queued = await ingest.recoverPending();
		log.info({ concurrency, pendingQueued: queued }, "worker ready");
		await stopSignal;
		log.info("worker stopping: finishing running jobs");
		await workers.stop();
		return 0;
	} finally {
		await runtime.close();
	}
}

function waitForSignal(): Promise<NodeJS.Signals> {
	return new Promise((resolve) => {
		for (const signal of ["SIGTERM", "SIGINT"] as const)
			process.once(signal, () => resolve(signal));
	});
}
