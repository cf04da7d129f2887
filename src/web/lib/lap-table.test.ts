import { describe, expect, it } from "vitest";
import { bestSectorTimes } from "./lap-table";

const sector = (number: number, timeMs: number) => ({ number, timeMs });
const laps = [
	{ number: 1, timeMs: 95_000, distanceM: 4310, sectors: [sector(1, 30_000), sector(2, 65_000)] },
	{ number: 2, timeMs: 88_120, distanceM: 4302, sectors: [sector(1, 28_100), sector(2, 60_020)] },
	{ number: 3, timeMs: 88_120, distanceM: 4320, sectors: [sector(1, 28_000), sector(2, 60_120)] },
	{ number: 4, timeMs: 101_500, distanceM: 4299, sectors: [sector(1, 31_000)] },
];

describe("highlights", () => {
	it("finds the best time of every sector", () => {
		expect([...bestSectorTimes(laps)]).toEqual([
			[1, 28_000],
			[2, 60_020],
		]);
		expect(bestSectorTimes([]).size).toBe(0);
	});
});
