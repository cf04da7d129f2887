import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lapStartsMs } from "./stored-starts";

const DAY_MS = 86_400_000;
const entrySecOf = (ms: number) => Math.floor((ms % DAY_MS) / 1000);

describe("lapStartsMs", () => {
	it("keeps back-to-back laps exact relative to the first, across midnight too", () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: DAY_MS - 1 }),
				fc.array(fc.integer({ min: 1, max: 600_000 }), { minLength: 1, maxLength: 40 }),
				(firstStart, times) => {
					const trueStarts: number[] = [];
					let at = firstStart;
					for (const t of times) {
						trueStarts.push(at);
						at += t;
					}
					const starts = lapStartsMs(
						times.map((timeMs, k) => ({ timeMs, entrySec: entrySecOf(trueStarts[k]!) })),
					);
					const shift = firstStart - starts[0]!;
					expect(shift).toBeGreaterThanOrEqual(0);
					expect(shift).toBeLessThan(1000);
					expect(starts.map((s) => s + shift)).toEqual(trueStarts);
				},
			),
		);
	});

	it("starts a lap after a stop on its own entry second", () => {
		const starts = lapStartsMs([
			{ entrySec: 36_000, timeMs: 61_234 },
			{ entrySec: 36_061, timeMs: 60_500 },
			{ entrySec: 37_000, timeMs: 59_000 },
		]);
		expect(starts).toEqual([36_000_000, 36_061_234, 37_000_000]);
	});

	it("moves a lap that starts after midnight to the next day", () => {
		const starts = lapStartsMs([
			{ entrySec: 86_390, timeMs: 5_000 },
			{ entrySec: 10, timeMs: 5_000 },
		]);
		expect(starts).toEqual([86_390_000, DAY_MS + 10_000]);
	});
	it("keeps laps back to back when the previous one ends just before midnight and the next starts after", () => {
		// Lap 1 really started at 23:59:58.5 and lasted 1.8 s: lap 2 started at 00:00:00.3.
		const starts = lapStartsMs([
			{ entrySec: 86_398, timeMs: 1_800 },
			{ entrySec: 0, timeMs: 5_000 },
		]);
		expect(starts).toEqual([86_398_000, 86_399_800]);
	});

	it("takes a lap whose second is a whole second or more from the previous end as after a stop", () => {
		// Back to back, the next lap's second is within 1 s of where the previous one ended.
		expect(
			lapStartsMs([
				{ entrySec: 100, timeMs: 2_000 },
				{ entrySec: 102, timeMs: 5_000 },
			]),
		).toEqual([100_000, 102_000]);
		expect(
			lapStartsMs([
				{ entrySec: 100, timeMs: 2_000 },
				{ entrySec: 103, timeMs: 5_000 },
			]),
		).toEqual([100_000, 103_000]);
		// A second before the previous end: the next day's.
		expect(
			lapStartsMs([
				{ entrySec: 100, timeMs: 2_000 },
				{ entrySec: 101, timeMs: 5_000 },
			]),
		).toEqual([100_000, DAY_MS + 101_000]);
	});
});
