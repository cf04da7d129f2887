import { describe, expect, it } from "vitest";
import type { SessionKey } from "../ingest/ingest-service";
import { createInProcessQueue } from "./in-process-queue";
import type { IngestJobRunner } from "./ingest-jobs";

const A: SessionKey = { hardwareId: "L1", track: "Interlagos", date: "01022024" };
const B: SessionKey = { hardwareId: "L2", track: "Interlagos", date: "01022024" };

function deferred() {
	let resolve!: () => void;
	const promise = new Promise<void>((r) => {
		resolve = r;
	});
	return { promise, resolve };
}

async function until(check: () => boolean, timeoutMs = 2000) {
	const end = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > end) throw new Error("condition not met in time");
		await new Promise((r) => setTimeout(r, 5));
	}
}

describe("in-process ingest queue", () => {
	it("merges jobs of one session that wait, and runs one more after the running one", async () => {
		const queue = createInProcessQueue({ retry: { retryLimit: 0, retryDelaySeconds: 0.01 } });
		const runs: string[] = [];
		const gate = deferred();
		const runner: IngestJobRunner = {
			async run(key) {
				runs.push(key.hardwareId);
				if (runs.length === 1) await gate.promise;
			},
			async giveUp() {},
		};
		await queue.work(runner, 2);
		await queue.enqueue(A);
		await until(() => runs.length === 1);
		// A is running: three more uploads of A make one job after it; B runs beside it.
		await queue.enqueue(A);
		await queue.enqueue(A);
		await queue.enqueue(A);
		await queue.enqueue(B);
		await until(() => runs.includes("L2"));
		expect(runs).toEqual(["L1", "L2"]);
		gate.resolve();
		await until(() => runs.length === 3);
		await new Promise((r) => setTimeout(r, 50));
		expect(runs).toEqual(["L1", "L2", "L1"]);
		await queue.stop();
	});

	it("retries with growing delays, then gives up with the last reason", async () => {
		const queue = createInProcessQueue({ retry: { retryLimit: 2, retryDelaySeconds: 0.05 } });
		const at: number[] = [];
		const gaveUp: string[] = [];
		await queue.work(
			{
				async run() {
					at.push(Date.now());
					throw new Error(`storage down #${at.length}`);
				},
				async giveUp(key, reason) {
					gaveUp.push(`${key.hardwareId}: ${reason}`);
				},
			},
			1,
		);
		await queue.enqueue(A);
		await until(() => gaveUp.length === 1);
		expect(at).toHaveLength(3);
		const [first = 0, second = 0, third = 0] = at;
		expect(second - first).toBeGreaterThanOrEqual(45);
		expect(third - second).toBeGreaterThanOrEqual(95);
		expect(gaveUp[0]).toBe("L1: O processamento falhou 3 vezes; última causa: storage down #3");
		await queue.stop();
	});

	it("a job that succeeds on a retry is not given up", async () => {
		const queue = createInProcessQueue({ retry: { retryLimit: 3, retryDelaySeconds: 0.01 } });
		let attempts = 0;
		let gaveUp = false;
		let done = false;
		await queue.work(
			{
				async run() {
					attempts += 1;
					if (attempts < 3) throw new Error("transient");
					done = true;
				},
				async giveUp() {
					gaveUp = true;
				},
			},
			1,
		);
		await queue.enqueue(A);
		await until(() => done);
		expect(attempts).toBe(3);
		expect(gaveUp).toBe(false);
		await queue.stop();
	});
});
