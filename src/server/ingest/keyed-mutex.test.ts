import { describe, expect, it } from "vitest";
import { KeyedMutex } from "./keyed-mutex";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("KeyedMutex", () => {
	it("runs tasks of one key one after another, in arrival order, and others alongside", async () => {
		const mutex = new KeyedMutex();
		const log: string[] = [];
		const task = (name: string) => async () => {
			log.push(`start ${name}`);
			await tick();
			log.push(`end ${name}`);
			return name;
		};
		const results = await Promise.all([
			mutex.run("a", task("a1")),
			mutex.run("a", task("a2")),
			mutex.run("b", task("b1")),
		]);
		expect(results).toEqual(["a1", "a2", "b1"]);
		expect(log.indexOf("end a1")).toBeLessThan(log.indexOf("start a2"));
		expect(log.indexOf("start b1")).toBeLessThan(log.indexOf("end a1"));
	});

	it("goes on after a task fails, and forgets idle keys", async () => {
		const mutex = new KeyedMutex();
		await expect(mutex.run("k", async () => Promise.reject(new Error("falhou")))).rejects.toThrow(
			"falhou",
		);
		expect(await mutex.run("k", async () => 2)).toBe(2);
		expect((mutex as unknown as { tails: Map<string, unknown> }).tails.size).toBe(0);
	});

	it("keeps the key while a later task still waits", async () => {
		const mutex = new KeyedMutex();
		const tails = (mutex as unknown as { tails: Map<string, unknown> }).tails;
		const second = mutex.run("k", async () => {
			await tick();
			return 2;
		});
		const first = mutex.run("k", async () => {
			expect(tails.has("k")).toBe(true);
			return 1;
		});
		expect(await Promise.all([second, first])).toEqual([2, 1]);
		expect(tails.size).toBe(0);
	});
});
