import { describe, expect, it } from "vitest";
import { speedKmhFilled, valueAt } from "./channels";

describe("speedKmhFilled", () => {
	// Along x: 10 m in the first second, 30 m in the next, 20 m in the third.
	const timeMs = Float64Array.from([0, 1000, 2000, 3000]);
	const x = Float64Array.from([0, 10, 40, 60]);
	const y = new Float64Array(4);

	it("fills a gap from the chord between the neighbouring points, one-sided at the ends", () => {
		const speed = Float32Array.from([Number.NaN, Number.NaN, Number.NaN, Number.NaN]);
		const out = speedKmhFilled(speed, timeMs, x, y, 4);
		// 1 m/s is 3.6 km/h.
		expect(out[0]).toBeCloseTo(10 * 3.6, 4);
		expect(out[1]).toBeCloseTo(20 * 3.6, 4);
		expect(out[2]).toBeCloseTo(25 * 3.6, 4);
		expect(out[3]).toBeCloseTo(20 * 3.6, 4);
	});

	it("keeps the lap's own speed where it has one", () => {
		const speed = Float32Array.from([50, Number.NaN, 70, Number.NaN]);
		const out = speedKmhFilled(speed, timeMs, x, y, 4);
		expect(out[0]).toBe(50);
		expect(out[2]).toBe(70);
		expect(out[1]).toBeCloseTo(20 * 3.6, 4);
	});

	it("is 0 where the neighbours share a timestamp, never infinite", () => {
		const out = speedKmhFilled(
			Float32Array.from([Number.NaN, Number.NaN]),
			Float64Array.from([500, 500]),
			Float64Array.from([0, 3]),
			Float64Array.from([0, 4]),
			2,
		);
		expect(Array.from(out)).toEqual([0, 0]);
	});
});

describe("valueAt", () => {
	const values = [10, 20, 40];

	it("is linear between the two points around a fractional index", () => {
		expect(valueAt(values, 0.5)).toBe(15);
		expect(valueAt(values, 1.25)).toBe(25);
	});

	it("holds the end values beyond either end", () => {
		expect(valueAt(values, -2)).toBe(10);
		expect(valueAt(values, 2)).toBe(40);
		expect(valueAt(values, 5)).toBe(40);
		expect(valueAt(values, 2.5)).toBe(40);
	});

	it("is NaN for no values, and the single value for one", () => {
		expect(valueAt([], 0)).toBeNaN();
		expect(valueAt([], 1.5)).toBeNaN();
		expect(valueAt([7], 0.3)).toBe(7);
		expect(valueAt([7], 3)).toBe(7);
	});

	it("reads a whole index as its own value, whatever the next one (a gap) holds", () => {
		expect(valueAt([1, 2, Number.NaN], 1)).toBe(2);
	});
});
