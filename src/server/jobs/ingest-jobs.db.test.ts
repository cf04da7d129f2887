import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createIngestService, type SessionKey } from "../ingest/ingest-service";
import type { ObjectStorage } from "../storage/object-storage";
import { createTestContext, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { testEngine } from "../test/test-database";
import { createInProcessQueue } from "./in-process-queue";
import type { IngestJobQueue, RetryPolicy } from "./ingest-jobs";
import { startIngestWorkers } from "./ingest-workers";
import { openPgBossQueue } from "./pg-boss-queue";

/**
 * Ingest as jobs on the queue of the engine: pg-boss on PostgreSQL, the in-process queue on the
 * embedded database. The same rules on both: the file is durable before the answer, a job is
 * retried, and one that keeps failing marks the session failed with its reason.
 */

const SILENT = { info() {}, warn() {}, error() {} };
const files = simulatedFiles(31, 3);
let ctx: TestContext;
let day = 0;
const opened: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
	ctx = await createTestContext();
	await createHardware(ctx.db, "JOB-1", (await ctx.createUser()).id);
}, 120_000);
/** One queue's workers per test: on PostgreSQL they all take jobs of the same shared queue. */
afterEach(async () => {
	for (const queue of opened.splice(0)) await queue.stop().catch(() => {});
});
afterAll(async () => {
	await ctx?.close();
});

function newKey(): SessionKey {
	day += 1;
	return {
		hardwareId: "JOB-1",
		track: "Interlagos",
		date: `${String(day).padStart(2, "0")}032025`,
	};
}

async function openQueue(retry: RetryPolicy): Promise<IngestJobQueue> {
	const queue =
		testEngine() === "postgres"
			? await openPgBossQueue({
					connectionString: ctx.database.connectionString ?? "",
					log: SILENT,
					retry,
					jobTimeoutSeconds: 30,
				})
			: createInProcessQueue({ retry, log: SILENT });
	opened.push(queue);
	return queue;
}

/** Storage whose reads fail while `failing()` says so (a storage outage, as the ingest sees it). */
function flakyReads(storage: ObjectStorage, failing: () => boolean): ObjectStorage {
	return new Proxy(storage, {
		get(target, property, receiver) {
			if (property === "get" && failing()) {
				return async () => {
					throw new Error("armazenamento indisponível");
				};
			}
			const value = Reflect.get(target, property, receiver);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
}

async function session(key: SessionKey) {
	return ctx.db
		.selectFrom("sessions")
		.select(["status", "version", "error", "pending_since", "lap_sha256"])
		.where("hardware_id", "=", key.hardwareId)
		.where("date", "=", `2025-03-${key.date.slice(0, 2)}`)
		.executeTakeFirstOrThrow();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (done(value)) return value;
		if (Date.now() > end) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

describe(`ingest jobs (${testEngine() === "postgres" ? "pg-boss" : "in-process queue"})`, () => {
	it("answers once the file is durable; a worker started later ingests it", async () => {
		const queue = await openQueue({ retryLimit: 1, retryDelaySeconds: 1 });
		const ingest = createIngestService({
			db: ctx.db,
			storage: ctx.storage,
			locks: ctx.database.sessionLocks,
			jobs: queue,
			answerWaitMs: 300,
		});
		const key = newKey();
		// No worker yet: the answer comes after the bounded wait, with the file recorded.
		const answer = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(answer.session).toMatchObject({ status: "received", version: 0 });
		expect(answer.file.changed).toBe(true);
		const recorded = await session(key);
		expect(recorded.pending_since).not.toBeNull();
		expect(recorded.lap_sha256).toBe(answer.file.sha256);
		expect(await ctx.storage.head(`JOB-1/Interlagos/${key.date}/lap.six`)).not.toBeNull();

		const workers = await startIngestWorkers({ ingest, queue, concurrency: 1, log: SILENT });
		opened.push(workers);
		const done = await until(
			() => session(key),
			(row) => row.status === "processed",
		);
		expect(done).toMatchObject({ version: 1, pending_since: null, error: null });

		// With a worker running, the upload's answer waits (bounded) for its ingest.
		const waiting = createIngestService({
			db: ctx.db,
			storage: ctx.storage,
			locks: ctx.database.sessionLocks,
			jobs: queue,
		});
		const second = await waiting.acceptFile(fileInput(key, "gps.six", files.gpsSix));
		expect(second.session).toMatchObject({ status: "processed", version: 2 });
	});

	it("retries a job that failed, and the session ends processed", async () => {
		let failuresLeft = 1;
		const queue = await openQueue({ retryLimit: 2, retryDelaySeconds: 1 });
		const storage = flakyReads(ctx.storage, () => failuresLeft-- > 0);
		const ingest = createIngestService({
			db: ctx.db,
			storage,
			locks: ctx.database.sessionLocks,
			jobs: queue,
			answerWaitMs: 100,
		});
		opened.push(await startIngestWorkers({ ingest, queue, concurrency: 1, log: SILENT }));
		const key = newKey();
		await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		const done = await until(
			() => session(key),
			(row) => row.status !== "received" && row.pending_since === null,
		);
		expect(done).toMatchObject({ status: "processed", version: 1, error: null });
		expect(failuresLeft).toBeLessThan(0);
	});

	it("marks the session failed with the reason when the job keeps failing", async () => {
		const queue = await openQueue({ retryLimit: 1, retryDelaySeconds: 1 });
		const storage = flakyReads(ctx.storage, () => true);
		const ingest = createIngestService({
			db: ctx.db,
			storage,
			locks: ctx.database.sessionLocks,
			jobs: queue,
			answerWaitMs: 100,
		});
		opened.push(await startIngestWorkers({ ingest, queue, concurrency: 1, log: SILENT }));
		const key = newKey();
		const answer = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(answer.session.status).toBe("received");
		const failed = await until(
			() => session(key),
			(row) => row.status === "failed",
		);
		expect(failed.pending_since).toBeNull();
		expect(failed.error).toMatch(/falhou 2 vezes.*armazenamento indisponível/);
	});
});
