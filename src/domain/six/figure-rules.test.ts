import { describe, expect, it } from "vitest";
import { fastestLap } from "./best";
import { extreme, lapTimeSpread, theoreticalBest } from "./figure-rules";

describe("figure rules", () => {
	it("extreme: highest or lowest, ties to the first (lowest lap), nulls skipped", () => {
		const perLap = [
			{ lap: 1, value: 5 },
			{ lap: 2, value: null },
			{ lap: 3, value: 9 },
			{ lap: 4, value: 9 },
			{ lap: 5, value: -2 },
		];
		expect(extreme(perLap, 1)).toEqual({ value: 9, lap: 3 });
		expect(extreme(perLap, -1)).toEqual({ value: -2, lap: 5 });
		expect(extreme([{ lap: 1, value: null }], 1)).toBeNull();
	});

	it("fastestLap: lowest time, ties to the lowest lap", () => {
		const laps = [
			{ number: 1, timeMs: 70_000 },
			{ number: 2, timeMs: 69_000 },
			{ number: 3, timeMs: 69_000 },
		];
		expect(fastestLap(laps)).toBe(laps[1]);
		expect(fastestLap([])).toBeNull();
	});

	it("theoreticalBest: sum of each sector's best, only when every lap has every sector", () => {
		expect(
			theoreticalBest([
				[10, 20, 30],
				[12, 18, 31],
			]),
		).toBe(10 + 18 + 30);
		expect(
			theoreticalBest([
				[10, null, 30],
				[12, 18, 31],
			]),
		).toBeNull();
		expect(
			theoreticalBest([
				[10, 20, 30],
				[12, 18],
			]),
		).toBeNull();
		// A lap with more sectors than the first does not fit either.
		expect(
			theoreticalBest([
				[10, 20, 30],
				[12, 18, 31, 5],
			]),
		).toBeNull();
		expect(theoreticalBest([[], []])).toBeNull();
		expect(theoreticalBest([])).toBeNull();
	});

	it("lapTimeSpread: mean and population standard deviation", () => {
		expect(lapTimeSpread([60_000, 62_000])).toEqual({ mean: 61_000, stdDev: 1000 });
		expect(lapTimeSpread([])).toBeNull();
	});
});
