import { describe, expect, it } from "vitest";
import { circleLaps, fixesFromLocal } from "../timing/test-paths";
import { deriveColumns, fillSpeed } from "./derive";

describe("fillSpeed", () => {
	it("keeps the source's speed and derives the missing ones from the path", () => {
		const t = Float64Array.from([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]);
		// 2 m per 100 ms = 72 km/h.
		const path = Float64Array.from(t, (ms) => ms / 50);
		const speed = new Float32Array(13).fill(Number.NaN);
		speed[3] = 50;
		const out = fillSpeed(t, path, speed, 13);
		expect(out.derived).toBe(12);
		expect(out.speedKmh[3]).toBe(50);
		for (const i of [0, 6, 12]) expect(out.speedKmh[i]).toBeCloseTo(72, 4);
	});

	it("reaches to the neighbours of a lone fix and leaves a single fix NaN", () => {
		const t = Float64Array.from([0, 5000, 10_000]);
		const path = Float64Array.from([0, 50, 100]);
		const out = fillSpeed(t, path, new Float32Array(3).fill(Number.NaN), 3);
		expect(Array.from(out.speedKmh)).toEqual([36, 36, 36]);
		const one = fillSpeed(Float64Array.of(0), Float64Array.of(0), Float32Array.of(Number.NaN), 1);
		expect(one.speedKmh[0]).toBeNaN();
		expect(one.derived).toBe(0);
	});
});

describe("deriveColumns", () => {
	it("uses the measured lean when the source has one", () => {
		const fixes = fixesFromLocal([
			{ t: 0, x: 0, y: 0, leanDeg: 12 },
			{ t: 100, x: 0, y: 2, leanDeg: -3 },
		]);
		const d = deriveColumns(fixes);
		expect(d.leanEstimated).toBe(false);
		expect(Array.from(d.leanDeg)).toEqual([12, -3]);
	});

	it("estimates the lean when the source has none, or only NaN", () => {
		const { fixes } = circleLaps({ lapDurationsMs: [20_000], periodMs: 100, clockwise: true });
		expect(deriveColumns(fixes).leanEstimated).toBe(true);
		fixes.leanDeg = new Float32Array(fixes.length).fill(Number.NaN);
		const d = deriveColumns(fixes);
		expect(d.leanEstimated).toBe(true);
		expect(d.leanDeg[100]).toBeGreaterThan(10);
	});

	it("takes the source's distance from its first fix when every fix has one", () => {
		const fixes = fixesFromLocal([
			{ t: 0, x: 0, y: 0, distanceM: 1000 },
			{ t: 100, x: 0, y: 2, distanceM: 1003 },
		]);
		const d = deriveColumns(fixes);
		expect(d.distanceFromSource).toBe(true);
		expect(Array.from(d.distanceM)).toEqual([0, 3]);
	});

	it("measures distance along the path when the source has none or misses some", () => {
		const fixes = fixesFromLocal([
			{ t: 0, x: 0, y: 0, distanceM: 1000 },
			{ t: 100, x: 0, y: 2 },
			{ t: 200, x: 0, y: 5, distanceM: 1004 },
		]);
		const d = deriveColumns(fixes);
		expect(d.distanceFromSource).toBe(false);
		expect(d.distanceM[1]).toBeCloseTo(2, 6);
		expect(d.distanceM[2]).toBeCloseTo(5, 6);
		expect(d.derivedSpeedCount).toBe(3);
		expect(d.speedKmh[1]).toBeCloseTo(90, 3);
	});

	it("handles an empty recording", () => {
		const d = deriveColumns(fixesFromLocal([]));
		expect(d.distanceM.length).toBe(0);
		expect(d.distanceFromSource).toBe(false);
	});
});

describe("fillSpeed's window", () => {
	/**
	 * The rule, written plainly: the path between the first and the last fix within ±500 ms of
	 * a fix, over their time apart; a window holding the fix alone on one side reaches to the
	 * neighbour on that side.
	 */
	function speedByRule(t: number[], path: number[], i: number): number {
		const inWindow = t.map((_, k) => k).filter((k) => Math.abs(t[k]! - t[i]!) <= 500);
		let j = inWindow[0]!;
		let k = inWindow[inWindow.length - 1]!;
		if (j === i) j = Math.max(0, i - 1);
		if (k === i) k = Math.min(t.length - 1, i + 1);
		return t[k]! > t[j]! ? ((path[k]! - path[j]!) / (t[k]! - t[j]!)) * 3600 : Number.NaN;
	}

	it("takes the fixes within half a second either side, edges included", () => {
		// Uneven gaps, several exactly 500 ms, and a path whose speed changes at every fix.
		const t = [0, 200, 500, 700, 1000, 1250, 1500, 2600, 2700, 3200, 3250, 3300];
		const path = t.map((ms, k) => ms / 40 + k * k * 0.7);
		const n = t.length;
		const out = fillSpeed(
			Float64Array.from(t),
			Float64Array.from(path),
			new Float32Array(n).fill(Number.NaN),
			n,
		);
		expect(out.derived).toBe(n);
		for (let i = 0; i < n; i++) expect(out.speedKmh[i]).toBeCloseTo(speedByRule(t, path, i), 3);
	});
});

describe("deriveColumns' distance of an empty recording", () => {
	it("does not come from a source column that holds no fix", () => {
		const fixes = fixesFromLocal([]);
		fixes.distanceM = new Float64Array(0);
		expect(deriveColumns(fixes).distanceFromSource).toBe(false);
	});
});
