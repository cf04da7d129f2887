import { describe, expect, it } from "vitest";
import { bestSectorTimes, fastestLap } from "./best";

const sector = (number: number, timeMs: number) => ({ number, timeMs });
const laps = [
	{ number: 1, timeMs: 95_000, sectors: [sector(1, 30_000), sector(2, 65_000)] },
	{ number: 2, timeMs: 88_120, sectors: [sector(1, 28_100), sector(2, 60_020)] },
	{ number: 3, timeMs: 88_120, sectors: [sector(1, 28_000), sector(2, 60_120)] },
	{ number: 4, timeMs: 101_500, sectors: [sector(1, 31_000)] },
];

describe("fastestLap", () => {
	it("finds the fastest lap, the lowest number on a tie, in any order", () => {
		expect(fastestLap(laps)?.number).toBe(2);
		expect(fastestLap([...laps].reverse())?.number).toBe(2);
		expect(fastestLap([laps[0]!])?.number).toBe(1);
		expect(fastestLap([])).toBeNull();
	});
});

describe("bestSectorTimes", () => {
	it("finds the lowest time of every sector, whatever the laps lack", () => {
		expect([...bestSectorTimes(laps)]).toEqual([
			[1, 28_000],
			[2, 60_020],
		]);
		expect([...bestSectorTimes([...laps].reverse())].sort()).toEqual([
			[1, 28_000],
			[2, 60_020],
		]);
		expect(bestSectorTimes([])).toEqual(new Map());
	});
});
