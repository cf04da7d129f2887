import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { densifyFixes, timeBetweenFixes } from "./sparse";

describe("timeBetweenFixes", () => {
	it("meets both fixes and never goes back in time", () => {
		fc.assert(
			fc.property(
				fc.double({ min: 1, max: 5000, noNaN: true }),
				fc.double({ min: 0.5, max: 200, noNaN: true }),
				fc.double({ min: 0, max: 100, noNaN: true }),
				fc.double({ min: 0, max: 100, noNaN: true }),
				(duration, length, v0, v1) => {
					expect(timeBetweenFixes(100, 100 + duration, length, v0, v1, 0)).toBeCloseTo(100, 9);
					expect(timeBetweenFixes(100, 100 + duration, length, v0, v1, 1)).toBeCloseTo(
						100 + duration,
						6,
					);
					let previous = 100;
					for (let u = 0.05; u <= 1; u += 0.05) {
						const t = timeBetweenFixes(100, 100 + duration, length, v0, v1, u);
						expect(t).toBeGreaterThanOrEqual(previous - 1e-9);
						previous = t;
					}
				},
			),
		);
	});

	it("follows an acceleration between 1 Hz fixes far closer than a straight line", () => {
		// From 20 to 28 m/s in one second (8 m/s²): 24 m. Truth at 12 m: t = 0.541 s.
		const truth = (-20 + Math.sqrt(400 + 2 * 8 * 12)) / 8;
		const cubic = timeBetweenFixes(0, 1000, 24, 20, 28, 0.5) / 1000;
		expect(Math.abs(cubic - truth)).toBeLessThan(0.005);
		expect(Math.abs(0.5 - truth)).toBeGreaterThan(0.04);
		// Unknown speed: linear.
		expect(timeBetweenFixes(0, 1000, 24, Number.NaN, 28, 0.25)).toBe(250);
	});
});

describe("densifyFixes", () => {
	it("puts points on the arc between sparse fixes of a circle, not on the chord", () => {
		// A 30 m radius circle, one fix every 40° (20.5 m apart): chords sag 1.8 m inside.
		const radius = 30;
		const count = 10;
		const x = new Float64Array(count);
		const y = new Float64Array(count);
		const t = new Float64Array(count);
		const v = new Float32Array(count).fill(72);
		for (let i = 0; i < count; i++) {
			const a = (i * 40 * Math.PI) / 180;
			x[i] = radius * Math.cos(a);
			y[i] = radius * Math.sin(a);
			t[i] = i * 1000;
		}
		const dense = densifyFixes(x, y, t, v, count, 2, 1);
		expect(dense.length).toBeGreaterThan(count * 15);
		for (let i = 0; i < count; i++) expect(dense.x[dense.denseIndexOf[i]!]).toBe(x[i]);
		let worst = 0;
		// Inner segments (both neighbours known): within a few decimetres of the circle.
		for (let w = dense.denseIndexOf[1]!; w < dense.denseIndexOf[count - 2]!; w++) {
			worst = Math.max(worst, Math.abs(Math.hypot(dense.x[w]!, dense.y[w]!) - radius));
			if (w > 0) expect(dense.timeMs[w]!).toBeGreaterThanOrEqual(dense.timeMs[w - 1]!);
			expect(dense.sourceIndex[w]!).toBeGreaterThanOrEqual(1);
		}
		expect(worst).toBeLessThan(0.25);
		const chordMiddle = Math.hypot((x[1]! + x[2]!) / 2, (y[1]! + y[2]!) / 2);
		expect(radius - chordMiddle).toBeGreaterThan(1.5);
	});

	it("leaves fixes closer than the gap as they are", () => {
		const x = Float64Array.from([0, 1, 2, 3]);
		const y = new Float64Array(4);
		const dense = densifyFixes(x, y, Float64Array.from([0, 1, 2, 3]), new Float32Array(4), 4, 2, 1);
		expect(dense.length).toBe(4);
		expect(Array.from(dense.sourceIndex)).toEqual([0, 1, 2, 3]);
	});
});
