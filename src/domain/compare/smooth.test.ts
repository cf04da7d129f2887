import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../simulator/prng";
import { lineFitAt, slopeAlong, smoothAlong, smoothFixes } from "./smooth";

/** Increasing axis with irregular spacing (a crossing fix 5 ms after a regular one). */
const irregularAxis = fc
	.array(fc.double({ min: 0.001, max: 10, noNaN: true }), { minLength: 2, maxLength: 80 })
	.map((steps) => {
		const axis = new Float64Array(steps.length);
		for (let i = 1; i < steps.length; i++) axis[i] = axis[i - 1]! + steps[i]!;
		return axis;
	});

describe("smoothAlong", () => {
	it("leaves anything linear as it is, whatever the spacing, with and without shrinking ends", () => {
		fc.assert(
			fc.property(
				irregularAxis,
				fc.double({ min: -50, max: 50, noNaN: true }),
				fc.double({ min: 0.5, max: 30, noNaN: true }),
				fc.boolean(),
				(axis, slope, half, shrinkAtEnds) => {
					const values = axis.map((a) => 7 + slope * a);
					const out = smoothAlong(values, axis, half, { shrinkAtEnds });
					for (let i = 0; i < axis.length; i++) expect(out[i]!).toBeCloseTo(values[i]!, 6);
				},
			),
		);
	});

	it("keeps the ends when shrinking, and averages noise away inside", () => {
		const rng = createRng(3);
		const n = 2000;
		const axis = Float64Array.from({ length: n }, (_, i) => i);
		const values = Float64Array.from({ length: n }, () => rng.normal());
		const out = smoothAlong(values, axis, 10);
		expect(out[0]).toBeCloseTo(values[0]!, 12);
		expect(out[n - 1]).toBeCloseTo(values[n - 1]!, 12);
		let before = 0;
		let after = 0;
		for (let i = 20; i < n - 20; i++) {
			before += values[i]! ** 2;
			after += out[i]! ** 2;
		}
		// A local line over 21 points: variance about 1/21 * (1 + 0) = 0.05.
		expect(after / before).toBeLessThan(0.1);
	});
});

describe("slopeAlong", () => {
	it("is the slope of anything linear, and 0 where the axis does not spread", () => {
		const axis = Float64Array.from([0, 1, 1, 1, 4, 9, 9.5]);
		const values = axis.map((a) => 3 - 2 * a);
		for (const v of slopeAlong(values, axis, 3)) expect(v).toBeCloseTo(-2, 9);
		const flat = slopeAlong(Float64Array.from([1, 5]), Float64Array.from([2, 2]), 1);
		expect(Array.from(flat)).toEqual([0, 0]);
	});
});

describe("lineFitAt", () => {
	it("extends the least-squares line to a point, skipping NaN", () => {
		const axis = Float64Array.from([10, 20, 30, 40]);
		const values = Float64Array.from([1, Number.NaN, 3, 4]);
		expect(lineFitAt(values, axis, 0, 3, 0)).toBeCloseTo(0, 9);
		expect(lineFitAt(values, axis, 1, 1, 0)).toBeNaN();
		expect(lineFitAt(values, axis, 2, 2, 0)).toBe(3);
	});
});

describe("smoothFixes", () => {
	it("keeps the first and last fix (the crossings) where they are", () => {
		const rng = createRng(9);
		const n = 100;
		const t = Float64Array.from({ length: n }, (_, i) => i * 40);
		const x = Float64Array.from({ length: n }, (_, i) => i + rng.normal());
		const y = Float64Array.from({ length: n }, () => rng.normal());
		const out = smoothFixes(x, y, t, n, 100);
		expect(out.x[0]).toBe(x[0]);
		expect(out.y[n - 1]).toBe(y[n - 1]);
		expect(out.x[50]).not.toBe(x[50]);
	});
});

describe("smoothAlong, the window's edges", () => {
	it("follows a straight trend exactly on an axis that does not start at 0", () => {
		// The sums are taken from the first axis value; the line must be read back from there too.
		const axis = Float64Array.from([1000, 1001, 1003, 1004, 1008, 1009]);
		const values = axis.map((a) => 5 + 3 * a);
		const out = smoothAlong(values, axis, 2.5, { shrinkAtEnds: false });
		for (let i = 0; i < axis.length; i++) expect(out[i]!).toBeCloseTo(values[i]!, 6);
		const slopes = slopeAlong(values, axis, 2.5);
		for (const s of slopes) expect(s).toBeCloseTo(3, 9);
	});

	it("shrinks to nothing at the first axis value even when the axis starts late", () => {
		const axis = Float64Array.from([100, 101, 102, 103, 104, 105]);
		const values = axis.map((a) => (a - 100) ** 2);
		const out = smoothAlong(values, axis, 3);
		expect(out[0]).toBe(values[0]);
		expect(out[5]).toBe(values[5]);
	});

	it("reads only the first `length` points, however long the arrays are", () => {
		const axis = Float64Array.from({ length: 10 }, (_, i) => i);
		const values = Float64Array.from([0, 3, 1, 4, 1, 500, -500, 900, 2, 6]);
		const short = smoothAlong(values.slice(0, 5), axis.slice(0, 5), 3, { shrinkAtEnds: false });
		const out = smoothAlong(values, axis, 3, { length: 5, shrinkAtEnds: false });
		expect(Array.from(out)).toEqual(Array.from(short));
	});

	it("returns a copy of the first `length` values when the half-width is not positive", () => {
		// Two points at one axis value would be averaged by any window at all.
		const axis = Float64Array.from([0, 1, 1, 2, 3]);
		const values = Float64Array.from([4, 6, 8, 1, 2]);
		for (const half of [0, -1]) {
			const out = smoothAlong(values, axis, half, { length: 4 });
			expect(Array.from(out)).toEqual([4, 6, 8, 1]);
			expect(out).not.toBe(values);
		}
	});

	it("counts a point lying exactly on either edge of the window (tolerance included)", () => {
		const half = 0.5;
		// Left edge of the window around 1: 1 - half - 1e-9, as the window computes it.
		const leftEdge = 1 - half - 1e-9;
		const fromLeft = slopeAlong(Float64Array.from([0, 1]), Float64Array.from([leftEdge, 1]), half);
		expect(fromLeft[1]).toBeCloseTo(1 / (1 - leftEdge), 6);
		// Right edge of the window around 0: 0 + half + 1e-9.
		const rightEdge = 0 + half + 1e-9;
		const toRight = slopeAlong(Float64Array.from([0, 1]), Float64Array.from([0, rightEdge]), half);
		expect(toRight[0]).toBeCloseTo(1 / rightEdge, 6);
	});
});

describe("slopeAlong, degenerate windows", () => {
	it("is 0, never NaN, for a half-width below zero (a window holding the point alone)", () => {
		const axis = Float64Array.from([0, 0.5, 1, 3, 3.2]);
		const values = Float64Array.from([1, 2, 4, 8, 16]);
		expect(Array.from(slopeAlong(values, axis, -1))).toEqual([0, 0, 0, 0, 0]);
	});

	it("gives no slope where the axis spreads by no more than 1e-9 per point (its variance)", () => {
		// Two points 5e-5 apart: variance sum 1.25e-9, under the floor of 1e-9 * 2 points.
		expect(
			Array.from(slopeAlong(Float64Array.from([0, 1]), Float64Array.from([0, 5e-5]), 1)),
		).toEqual([0, 0]);
		// Exactly on the floor (d * d - d * d / 2 === 2e-9 for this d) is still no spread.
		const d = 0.00006324555320336759;
		expect(Array.from(slopeAlong(Float64Array.from([0, 1]), Float64Array.from([0, d]), 1))).toEqual(
			[0, 0],
		);
	});
});

describe("lineFitAt, degenerate spreads", () => {
	it("is the mean of the values where the axis does not spread", () => {
		const axis = Float64Array.from([5, 5, 5]);
		expect(lineFitAt(Float64Array.from([1, 3, 8]), axis, 0, 2, 100)).toBe(4);
		// Under the floor of 1e-9 per point, and exactly on it: still the mean.
		expect(lineFitAt(Float64Array.from([0, 1]), Float64Array.from([0, 5e-5]), 0, 1, 0)).toBe(0.5);
		const d = 0.00006324555320336759;
		expect(lineFitAt(Float64Array.from([0, 1]), Float64Array.from([0, d]), 0, 1, 0)).toBe(0.5);
	});
});

describe("smoothFixes, the ends", () => {
	it("keeps both crossings even when a fix shares their timestamp, and returns `length` fixes", () => {
		// A crossing fix in the same millisecond as a regular one would be averaged with it.
		const t = Float64Array.from([0, 0, 40, 80, 120, 120, 999]);
		const x = Float64Array.from([0, 10, 3, 5, 7, 20, 77]);
		const y = Float64Array.from([1, -9, 2, 4, 9, -30, 88]);
		const out = smoothFixes(x, y, t, 6, 100);
		expect(out.x.length).toBe(6);
		expect(out.y.length).toBe(6);
		expect([out.x[0], out.x[5], out.y[0], out.y[5]]).toEqual([0, 20, 1, -30]);
	});
});
