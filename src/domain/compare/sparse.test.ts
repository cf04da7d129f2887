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

	it("is linear when either speed is below 1 m/s, the length is zero or the clock steps back", () => {
		expect(timeBetweenFixes(0, 1000, 24, 0.5, 28, 0.25)).toBe(250);
		expect(timeBetweenFixes(0, 1000, 24, 28, 0.5, 0.25)).toBe(250);
		expect(timeBetweenFixes(0, 1000, 0, 20, 28, 0.25)).toBe(250);
		expect(timeBetweenFixes(1000, 0, 24, 20, 28, 0.25)).toBe(750);
	});

	it("uses the speeds from 1 m/s on", () => {
		// 10 m in 1 s at 1 m/s at both ends: slopes limited to 3/√2 of the mean, not a straight line.
		const t = timeBetweenFixes(0, 1000, 10, 1, 1, 0.25);
		expect(t).toBeCloseTo(1000 * (0.15625 + (3 / Math.SQRT2) * (0.140625 - 0.046875)), 6);
		expect(Math.abs(t - 250)).toBeGreaterThan(50);
	});

	it("limits the slopes to keep time going forward when both fixes are slow", () => {
		// 24 m in 1 s between fixes at 2 m/s: slopes 12 times the mean, scaled down to 3/√2 each.
		const a = 3 / Math.SQRT2;
		expect(timeBetweenFixes(0, 1000, 24, 2, 2, 0.25)).toBeCloseTo(
			1000 * (0.15625 + a * 0.140625 - a * 0.046875),
			6,
		);
		// Only the first fix slow: slopes 12 and 0.5 of the mean, scaled together.
		const tau = 3 / Math.hypot(12, 0.5);
		expect(timeBetweenFixes(0, 1000, 24, 2, 48, 0.25)).toBeCloseTo(
			1000 * (0.15625 + 12 * tau * 0.140625 - 0.5 * tau * 0.046875),
			6,
		);
	});

	it("is linear when the duration is too short to divide by", () => {
		// 1e-300 ms over 1e10 m: the slope at the first fix overflows.
		expect(timeBetweenFixes(0, 1e-300, 1e10, 1, 1, 0.5)).toBe(0.5e-300);
		// Only the first slope overflows; the second is finite.
		expect(timeBetweenFixes(0, 1e-300, 1e10, 1, 1e30, 0.5)).toBe(0.5e-300);
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

	it("inserts points only where fixes are further apart than the gap, about a step apart", () => {
		// Gaps along x then y: 1 m, 10 m, 1 m, 10 m. Gap 2 m, step 2 m: four points in each long one.
		const x = Float64Array.from([0, 1, 11, 11, 11]);
		const y = Float64Array.from([0, 0, 0, 1, 11]);
		const dense = densifyFixes(
			x,
			y,
			Float64Array.from([0, 1, 2, 3, 4]),
			new Float32Array(5),
			5,
			2,
			2,
		);
		expect(dense.length).toBe(5 + 4 + 4);
		expect(Array.from(dense.denseIndexOf)).toEqual([0, 1, 6, 7, 12]);
	});

	it("leaves fixes exactly the gap apart, or closer, as they are, however small the step", () => {
		const x = Float64Array.from([0, 1, 3]);
		const dense = densifyFixes(
			x,
			new Float64Array(3),
			new Float64Array(3),
			new Float32Array(3),
			3,
			2,
			0.25,
		);
		expect(dense.length).toBe(3);
	});

	it("uses only the first `length` fixes", () => {
		const x = Float64Array.from([0, 1, 2, 50]);
		const dense = densifyFixes(
			x,
			new Float64Array(4),
			new Float64Array(4),
			new Float32Array(4),
			3,
			2,
			1,
		);
		expect(dense.length).toBe(3);
		expect(Array.from(dense.x)).toEqual([0, 1, 2]);
	});

	it("fills a straight run of evenly spaced fixes evenly, end segments included", () => {
		// Fixes on y = x, 10 m apart in each axis: the spline is the straight line, points evenly spaced.
		const x = Float64Array.from([100, 110, 120]);
		const y = Float64Array.from([200, 210, 220]);
		const dense = densifyFixes(
			x,
			y,
			Float64Array.from([0, 1000, 2000]),
			new Float32Array(3),
			3,
			2,
			1,
		);
		expect(dense.length).toBe(3 + 2 * 14);
		for (let w = 0; w < dense.length; w++) {
			const along = 10 * dense.sourceIndex[w]!;
			expect(dense.x[w]).toBeCloseTo(100 + along, 9);
			expect(dense.y[w]).toBeCloseTo(200 + along, 9);
		}
	});

	it("treats a repeated fix next to a segment as missing", () => {
		// The first and last fixes repeat: the segments between them are filled as if they had no neighbour.
		const x = Float64Array.from([100, 100, 110, 120, 120]);
		const y = Float64Array.from([200, 200, 210, 220, 220]);
		const t = Float64Array.from([0, 0, 1000, 2000, 2000]);
		const dense = densifyFixes(x, y, t, new Float32Array(5), 5, 2, 1);
		expect(dense.length).toBe(5 + 2 * 14);
		for (let w = 0; w < dense.length; w++) {
			const along = 10 * Math.max(0, Math.min(2, dense.sourceIndex[w]! - 1));
			expect(dense.x[w]).toBeCloseTo(100 + along, 9);
			expect(dense.y[w]).toBeCloseTo(200 + along, 9);
		}
	});

	it("treats a neighbour within a thousandth of the segment as repeated", () => {
		const run = (nudge: number) => {
			const x = Float64Array.from([100 - nudge, 100, 110, 120, 120 + nudge]);
			const y = Float64Array.from([200, 200, 210, 220, 220]);
			const t = Float64Array.from([0, 0, 1000, 2000, 2000]);
			return densifyFixes(x, y, t, new Float32Array(5), 5, 2, 1);
		};
		const repeated = run(0);
		const near = run(0.01);
		// The points between the fixes 100 and 120, both ends excluded.
		const inside = (a: Float64Array, d: typeof near) =>
			Array.from(a.subarray(d.denseIndexOf[1]! + 1, d.denseIndexOf[3]!));
		expect(inside(near.x, near)).toEqual(inside(repeated.x, repeated));
		expect(inside(near.y, near)).toEqual(inside(repeated.y, repeated));
	});

	it("keeps a neighbour exactly a thousandth of the segment away", () => {
		// Segment 1000 m long, neighbour 1 m before it: kept, so the output moves only a little from
		// a neighbour slightly further out, and differs from the mirrored one (far away).
		const run = (before: number) => {
			const x = Float64Array.from([-before, 0, 1000]);
			const y = Float64Array.from([0, 0, 0]);
			return densifyFixes(x, y, Float64Array.from([0, 0, 1000]), new Float32Array(3), 3, 2, 100);
		};
		const atLimit = run(1);
		const beyond = run(1.000001);
		for (let w = 0; w < atLimit.length; w++) expect(atLimit.x[w]).toBeCloseTo(beyond.x[w]!, 2);
	});
});
