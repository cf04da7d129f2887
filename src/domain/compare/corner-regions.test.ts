import { describe, expect, it } from "vitest";
import { cornerRegions, type RegionOptions } from "./corner-regions";

const options: RegionOptions = {
	enterCurvature: 1 / 300,
	exitCurvature: 1 / 600,
	mergeGapM: 10,
	valleyFraction: 0.35,
	mergeApexM: 20,
	minTurnDeg: 25,
};

/** Curvature on a 1 m grid from pieces of [length in metres, curvature]. */
function profile(pieces: [number, number][]): Float64Array {
	const values: number[] = [];
	for (const [length, k] of pieces) for (let i = 0; i < length; i++) values.push(k);
	return Float64Array.from(values);
}

describe("cornerRegions", () => {
	it("holds a bend while it stays above the lower threshold, on one side", () => {
		// 17° at 100 m, eased to 500 m for 40 m, 17° again: one sweeper of 39°.
		const k = profile([
			[50, 0],
			[30, 1 / 100],
			[40, 1 / 500],
			[30, 1 / 100],
			[50, 0],
			[40, -1 / 50],
		]);
		expect(cornerRegions(k, 1, options)).toEqual([
			{ from: 50, to: 149, sign: 1 },
			{ from: 200, to: 239, sign: -1 },
		]);
		// Eased to 700 m, it is two bends (each too small to be a corner on its own).
		const apart = profile([
			[50, 0],
			[30, 1 / 100],
			[40, 1 / 700],
			[30, 1 / 100],
			[50, 0],
		]);
		expect(cornerRegions(apart, 1, options)).toHaveLength(2);
	});

	it("reads bends on one side a few metres apart as one stretch", () => {
		// Two bends of 15°, 6 m apart: together they turn enough to be a corner.
		const k = profile([
			[50, 0],
			[20, 1 / 76],
			[6, 0],
			[20, 1 / 76],
			[50, 0],
		]);
		expect(cornerRegions(k, 1, options)).toEqual([{ from: 50, to: 95, sign: 1 }]);
		expect(cornerRegions(k, 1, { ...options, mergeGapM: 0 })).toHaveLength(2);
	});

	it("cuts a stretch at a deep valley between distinct corners, and only there", () => {
		const deep = profile([
			[50, 0],
			[30, 1 / 20],
			[20, 1 / 250],
			[30, 1 / 20],
			[50, 0],
		]);
		const cut = cornerRegions(deep, 1, options);
		expect(cut).toHaveLength(2);
		expect(cut[0]!.from).toBe(50);
		expect(cut[1]!.to).toBe(129);
		expect(cut[1]!.from).toBe(cut[0]!.to + 1);
		const shallow = profile([
			[50, 0],
			[30, 1 / 20],
			[20, 1 / 40],
			[30, 1 / 20],
			[50, 0],
		]);
		expect(cornerRegions(shallow, 1, options)).toHaveLength(1);
		// Peaks within 20 m: a double apex, one corner.
		const close = profile([
			[50, 0],
			[5, 1 / 12],
			[4, 1 / 250],
			[5, 1 / 12],
			[50, 0],
		]);
		expect(cornerRegions(close, 1, options)).toHaveLength(1);
	});

	it("drops wiggles that turn less than 5 degrees", () => {
		const k = profile([
			[50, 0],
			[10, 1 / 250],
			[50, 0],
			[10, -1 / 250],
			[50, 0],
		]);
		expect(cornerRegions(k, 1, options)).toEqual([]);
	});
});
