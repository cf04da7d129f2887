import { describe, expect, it } from "vitest";
import { MemoryBudget } from "./memory-budget";

/** A task of the budget that runs until `finish()`; `started` says whether it began. */
function task(budget: MemoryBudget, weight: number) {
	let finish!: () => void;
	const gate = new Promise<void>((resolve) => {
		finish = resolve;
	});
	const state = { started: false, finish: () => finish(), done: Promise.resolve() };
	state.done = budget.run(weight, async () => {
		state.started = true;
		await gate;
	});
	return state;
}

/** Lets the promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("MemoryBudget", () => {
	it("runs tasks together while their weights fit the budget, the next one once room is freed", async () => {
		const budget = new MemoryBudget(100);
		// 50 + 50 fills the budget exactly: both run.
		const a = task(budget, 50);
		const b = task(budget, 50);
		const c = task(budget, 50);
		await settle();
		expect([a.started, b.started, c.started]).toEqual([true, true, false]);
		a.finish();
		await a.done;
		await settle();
		expect(c.started).toBe(true);
		b.finish();
		c.finish();
	});

	it("runs a task heavier than the budget alone, once the running ones end", async () => {
		const budget = new MemoryBudget(100);
		const light = task(budget, 10);
		const heavy = task(budget, 250);
		const after = task(budget, 10);
		await settle();
		expect([light.started, heavy.started]).toEqual([true, false]);
		light.finish();
		await settle();
		expect([heavy.started, after.started]).toEqual([true, false]);
		heavy.finish();
		await settle();
		expect(after.started).toBe(true);
		after.finish();
	});

	it("starts waiting tasks in arrival order: a light one does not overtake a heavy one", async () => {
		const budget = new MemoryBudget(100);
		const first = task(budget, 60);
		const heavy = task(budget, 60);
		const light = task(budget, 30);
		await settle();
		expect([first.started, heavy.started, light.started]).toEqual([true, false, false]);
		first.finish();
		await settle();
		expect([heavy.started, light.started]).toEqual([true, true]);
		heavy.finish();
		light.finish();
	});

	it("gives the weight back when a task throws", async () => {
		const budget = new MemoryBudget(100);
		await expect(
			budget.run(100, async () => {
				throw new Error("parse failed");
			}),
		).rejects.toThrow("parse failed");
		const next = task(budget, 100);
		await settle();
		expect(next.started).toBe(true);
		next.finish();
	});
});
