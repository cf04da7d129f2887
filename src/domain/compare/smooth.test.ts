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
