import { describe, expect, it } from "vitest";
import {
	BAND_COUNT,
	bandColours,
	bandOf,
	bandsOf,
	legendEntries,
	runsByBand,
	valueRange,
} from "./bands";

describe("bands", () => {
	it("has 16 distinct colours", () => {
		expect(new Set(bandColours()).size).toBe(BAND_COUNT);
	});

	it("maps values to bands 0..15, the maximum in the last band", () => {
		const range = { min: 0, max: 160 };
		expect(bandOf(0, range)).toBe(0);
		expect(bandOf(9.99, range)).toBe(0);
		expect(bandOf(10, range)).toBe(1);
		expect(bandOf(160, range)).toBe(15);
		expect(bandOf(-5, range)).toBe(0);
		expect(bandOf(Number.NaN, range)).toBe(0);
		expect(bandOf(7, { min: 7, max: 7 })).toBe(15);
	});

	it("ignores missing values in the range", () => {
		expect(valueRange([Number.NaN, 3, -2, Number.POSITIVE_INFINITY])).toEqual({ min: -2, max: 3 });
		expect(valueRange([Number.NaN])).toBeNull();
		expect([...bandsOf([1, 2], null)]).toEqual([0, 0]);
	});

	it("describes the legend from min to max", () => {
		const legend = legendEntries({ min: 40, max: 200 });
		expect(legend).toHaveLength(16);
		expect(legend[0]!.from).toBe(40);
		expect(legend[0]!.to).toBe(50);
		expect(legend[15]!.to).toBe(200);
	});
});

describe("runsByBand", () => {
	it("joins consecutive segments of one band into runs", () => {
		// points:        0  1  2  3  4  5
		const bands = [2, 2, 5, 5, 2, 9];
		const kept = [0, 1, 2, 3, 4, 5];
		const runs = runsByBand(kept, bands);
		expect(runs[2]).toEqual([0, 2, 4, 5]);
		expect(runs[5]).toEqual([2, 4]);
		expect(runs[9]).toEqual([]);
	});

	it("works on decimated indices and gives nothing for a single point", () => {
		const bands = [1, 1, 1, 3, 3, 3];
		expect(runsByBand([0, 2, 4, 5], bands)[1]).toEqual([0, 2]);
		expect(runsByBand([0, 2, 4, 5], bands)[3]).toEqual([2, 3]);
		expect(runsByBand([0], bands).flat()).toEqual([]);
	});
});
