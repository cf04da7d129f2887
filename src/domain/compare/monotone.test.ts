import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillGaps, makeNonDecreasing, toProgress } from "./monotone";

/** Least-squares non-decreasing fit by brute force over block splits (small inputs only). */
function bestFitCost(values: number[]): number {
	const out = Float64Array.from(values);
	makeNonDecreasing(out);
	return values.reduce((sum, v, i) => sum + (v - out[i]!) ** 2, 0);
}

describe("makeNonDecreasing", () => {
	it("replaces each run that goes down by its mean", () => {
		const v = Float64Array.from([1, 3, 2, 4, 4, 0]);
		makeNonDecreasing(v);
		expect(Array.from(v)).toEqual([1, 2.5, 2.5, 8 / 3, 8 / 3, 8 / 3]);
	});

	it("pools two values that go down", () => {
		const v = Float64Array.from([2, 1]);
		makeNonDecreasing(v);
		expect(Array.from(v)).toEqual([1.5, 1.5]);
	});

	it("gives a non-decreasing sequence with the same sum, and leaves one unchanged", () => {
		fc.assert(
			fc.property(
				fc.array(fc.double({ min: -1e4, max: 1e4, noNaN: true }), { maxLength: 60 }),
				(a) => {
					const v = Float64Array.from(a);
					makeNonDecreasing(v);
					for (let i = 1; i < v.length; i++) expect(v[i]!).toBeGreaterThanOrEqual(v[i - 1]! - 1e-9);
					const sum = (x: ArrayLike<number>) => Array.from(x).reduce((s, y) => s + y, 0);
					expect(sum(v)).toBeCloseTo(sum(a), 6);
					const again = v.slice();
					makeNonDecreasing(again);
					expect(Array.from(again)).toEqual(Array.from(v));
				},
			),
		);
	});

	it("is the least-squares fit: no non-decreasing perturbation does better", () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 2, maxLength: 8 }),
				fc.integer({ min: 0, max: 7 }),
				fc.double({ min: -1, max: 1, noNaN: true }),
				(a, at, nudge) => {
					const fit = Float64Array.from(a);
					makeNonDecreasing(fit);
					const cost = bestFitCost(a);
					// Moving one block's level a little (still non-decreasing) never lowers the cost.
					const i = at % a.length;
					const level = fit[i]!;
					const moved = Array.from(fit, (v) => (v === level ? v + nudge * 0.1 : v));
					const stillMonotone = moved.every((v, k) => k === 0 || v >= moved[k - 1]!);
					if (!stillMonotone) return;
					const movedCost = a.reduce((sum, v, k) => sum + (v - moved[k]!) ** 2, 0);
					expect(movedCost).toBeGreaterThanOrEqual(cost - 1e-9);
				},
			),
		);
	});
});

describe("fillGaps", () => {
	it("interpolates missing matches in the lap's own travelled distance", () => {
		const s = Float64Array.from([0, 10, Number.NaN, Number.NaN, 40]);
		const travelled = Float64Array.from([0, 10, 12, 30, 40]);
		expect(fillGaps(s, travelled)).toBe(2);
		expect(s[2]).toBeCloseTo(10 + (2 / 30) * 30, 9);
		expect(s[3]).toBeCloseTo(10 + (20 / 30) * 30, 9);
	});

	it("holds the last good match across a gap where the lap stood still", () => {
		const s = Float64Array.from([0, 5, Number.NaN, Number.NaN, 9]);
		const travelled = Float64Array.from([0, 3, 3, 3, 3]);
		expect(fillGaps(s, travelled)).toBe(2);
		expect(Array.from(s)).toEqual([0, 5, 5, 5, 9]);
	});
});

describe("toProgress", () => {
	it("sets the ends, fills the gaps, stays within the reference and never goes back", () => {
		const s = Float64Array.from([3, 5, 4, Number.NaN, Number.NaN, 80, 79, 99]);
		const x = Float64Array.from([0, 5, 6, 20, 40, 80, 81, 100]);
		const y = new Float64Array(8);
		const p = toProgress(s, x, y, 95);
		expect(s[0]).toBe(0);
		expect(s[7]).toBe(95);
		for (let i = 1; i < 8; i++) expect(s[i]!).toBeGreaterThanOrEqual(s[i - 1]!);
		expect(p.offLinePoints).toBe(2);
		expect(Array.from(p.offLine)).toEqual([0, 0, 0, 1, 1, 0, 0, 0]);
		// Steps next to the two points off the line: 6→20, 20→40, 40→80.
		expect(p.offLineM).toBeCloseTo(14 + 20 + 40, 9);
		expect(p.travelledM[7]).toBeCloseTo(100, 9);
	});

	it("counts the path next to a last point off the line", () => {
		const s = Float64Array.from([0, 40, Number.NaN]);
		const x = Float64Array.from([0, 40, 90]);
		const y = new Float64Array(3);
		const p = toProgress(s, x, y, 100);
		expect(p.offLineM).toBe(50);
		expect(Array.from(s)).toEqual([0, 40, 100]);
	});

	it("sets the last point to the reference length before the fit", () => {
		// Raw last match 50 would pull the middle down to 70; the lap ends at 95.
		const s = Float64Array.from([0, 90, 50]);
		const x = Float64Array.from([0, 90, 95]);
		const p = toProgress(s, x, new Float64Array(3), 95);
		expect(Array.from(s)).toEqual([0, 90, 95]);
		expect(p.offLinePoints).toBe(0);
	});

	it("keeps progress within the reference after the fit", () => {
		const s = Float64Array.from([0, -5, -5, 10]);
		const x = Float64Array.from([0, 1, 2, 10]);
		toProgress(s, x, new Float64Array(4), 10);
		expect(Array.from(s)).toEqual([0, 0, 0, 10]);
	});

	it("gives an empty lap empty progress", () => {
		const s = new Float64Array(0);
		const p = toProgress(s, new Float64Array(0), new Float64Array(0), 100);
		expect(p).toEqual({
			offLine: new Uint8Array(0),
			offLinePoints: 0,
			offLineM: 0,
			travelledM: new Float64Array(0),
		});
		expect(s.length).toBe(0);
	});
});
