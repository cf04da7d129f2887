import { describe, expect, it } from "vitest";
import { sortLaps } from "./lap-table";

const sector = (number: number, timeMs: number) => ({ number, timeMs });
const laps = [
	{ number: 1, timeMs: 95_000, distanceM: 4310, sectors: [sector(1, 30_000), sector(2, 65_000)] },
	{ number: 2, timeMs: 88_120, distanceM: 4302, sectors: [sector(1, 28_100), sector(2, 60_020)] },
	{ number: 3, timeMs: 88_120, distanceM: 4320, sectors: [sector(1, 28_000), sector(2, 60_120)] },
	{ number: 4, timeMs: 101_500, distanceM: 4299, sectors: [sector(1, 31_000)] },
];

describe("sortLaps", () => {
	it("sorts by time in milliseconds both ways (ties keep lap order)", () => {
		expect(sortLaps(laps, { column: "time", direction: "asc" }).map((l) => l.number)).toEqual([
			2, 3, 1, 4,
		]);
		expect(sortLaps(laps, { column: "time", direction: "desc" }).map((l) => l.number)).toEqual([
			4, 1, 2, 3,
		]);
	});

	it("sorts by number and by distance", () => {
		expect(sortLaps(laps, { column: "number", direction: "desc" }).map((l) => l.number)).toEqual([
			4, 3, 2, 1,
		]);
		expect(sortLaps(laps, { column: "distance", direction: "asc" }).map((l) => l.number)).toEqual([
			4, 2, 1, 3,
		]);
	});
});
