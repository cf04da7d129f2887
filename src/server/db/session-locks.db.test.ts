import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngine } from "../test/test-database";
import { type DatabaseHandle, openPostgres } from "./database";

/**
 * The per-session lock every process sharing the database respects. On PostgreSQL two handles
 * (two pools, as two instances have) stand for two processes; the embedded database has one
 * process, so both names point to the same handle.
 */

let first: DatabaseHandle;
let second: DatabaseHandle;

beforeAll(async () => {
	first = await createTestDatabase();
	second = testEngine() === "postgres" ? await openPostgres(first.connectionString ?? "") : first;
}, 60_000);
afterAll(async () => {
	if (second !== first) await second?.close();
	await first?.close();
});

function gate() {
	let open!: () => void;
	const opened = new Promise<void>((resolve) => {
		open = resolve;
	});
	return { opened, open };
}

describe(`session locks (${testEngine()})`, () => {
	it("makes a second holder of the same name wait, and lets other names through", async () => {
		const events: string[] = [];
		const release = gate();
		const held = gate();
		const one = first.sessionLocks.run("HW/Interlagos/01022024", async () => {
			events.push("one:start");
			held.open();
			await release.opened;
			events.push("one:end");
		});
		await held.opened;
		const two = second.sessionLocks.run("HW/Interlagos/01022024", async () => {
			events.push("two:start");
		});
		const other = second.sessionLocks.run("HW/Interlagos/02022024", async () => {
			events.push("other");
		});
		await other;
		// The other name ran while the first lock was held; the same name still waits.
		await new Promise((r) => setTimeout(r, 200));
		expect(events).toEqual(["one:start", "other"]);
		release.open();
		await Promise.all([one, two]);
		expect(events).toEqual(["one:start", "other", "one:end", "two:start"]);
	});

	it("releases the lock when the task throws", async () => {
		await expect(
			first.sessionLocks.run("HW/Interlagos/03022024", async () => {
				throw new Error("boom");
			}),
		).rejects.toThrow("boom");
		const ran = await second.sessionLocks.run("HW/Interlagos/03022024", async () => "ran");
		expect(ran).toBe("ran");
	});
});
