import { describe, expect, it } from "vitest";
import {
	cornerSpeedLimit,
	GRAVITY,
	rollDegrees,
	solveSpeedProfile,
	VEHICLE_PROFILES,
} from "./vehicle";

const moto = VEHICLE_PROFILES.moto;
const kart = VEHICLE_PROFILES.kart;

describe("cornerSpeedLimit", () => {
	it("is sqrt(a_lat * r), capped by top speed", () => {
		expect(cornerSpeedLimit(1 / 50, moto)).toBeCloseTo(Math.sqrt(moto.lateralAccelMax * 50), 9);
		expect(cornerSpeedLimit(-1 / 50, moto)).toBeCloseTo(Math.sqrt(moto.lateralAccelMax * 50), 9);
		expect(cornerSpeedLimit(0, moto)).toBe(moto.topSpeedMs);
		expect(cornerSpeedLimit(1 / 100_000, moto)).toBe(moto.topSpeedMs);
	});
});

/**
 * A 1 km straight with one slow corner in the middle, points `spacing` metres apart. Built
 * inside each test: the mutation run only counts the code a test runs itself.
 */
function straightWithCorner(spacing: number) {
	const points = Math.round(1000 / spacing);
	const limit = new Float64Array(points).fill(moto.topSpeedMs);
	for (let i = Math.round(480 / spacing); i < Math.round(520 / spacing); i++) limit[i] = 20;
	return { limit, v: solveSpeedProfile(limit, spacing, moto, 0, 0) };
}

describe("solveSpeedProfile", () => {
	it("never exceeds the limit and starts and ends at the given speeds", () => {
		const { limit, v } = straightWithCorner(1);
		for (let i = 0; i < v.length; i++) expect(v[i]!).toBeLessThanOrEqual(limit[i]! + 1e-9);
		expect(v[0]).toBe(0);
		expect(v[v.length - 1]).toBe(0);
		expect(v[500]).toBeCloseTo(20, 9);
	});

	it.each([1, 2.5])(
		"respects the acceleration and braking limits over the distance between points (%s m)",
		(spacing) => {
			const { v } = straightWithCorner(spacing);
			let fullThrottle = 0;
			let fullBraking = 0;
			for (let i = 0; i + 1 < v.length; i++) {
				// v² = u² + 2·a·s over each step of s metres.
				const dv2 = v[i + 1]! ** 2 - v[i]! ** 2;
				const ratio = v[i]! / moto.topSpeedMs;
				const accel = moto.accelMax * Math.max(0.03, 1 - ratio * ratio);
				expect(dv2).toBeLessThanOrEqual(2 * accel * spacing + 1e-9);
				expect(-dv2).toBeLessThanOrEqual(2 * moto.brakeMax * spacing + 1e-9);
				if (Math.abs(dv2 - 2 * accel * spacing) < 1e-9) fullThrottle++;
				if (Math.abs(dv2 + 2 * moto.brakeMax * spacing) < 1e-9) fullBraking++;
			}
			// Both limits are reached, not just respected: the bike accelerates and brakes hard.
			expect(fullThrottle).toBeGreaterThan(100 / spacing);
			expect(fullBraking).toBeGreaterThan(50 / spacing);
		},
	);

	it("brakes from the very first point when the start speed is too high for the next", () => {
		const limit = Float64Array.from([80, 10, 10, 10]);
		const v = solveSpeedProfile(limit, 1, moto, 80, 10);
		expect(v[1]).toBe(10);
		expect(v[0]).toBeCloseTo(Math.sqrt(10 ** 2 + 2 * moto.brakeMax * 1), 9);
	});

	it("is fast on the straights and slow in the corner", () => {
		const { v } = straightWithCorner(1);
		expect(Math.max(...v.slice(200, 480))).toBeGreaterThan(2.5 * 20);
		expect(Math.max(...v.slice(520, 900))).toBeGreaterThan(2.5 * 20);
	});

	it("does not touch the limit array and handles empty input", () => {
		const { limit } = straightWithCorner(1);
		expect(limit[0]).toBe(moto.topSpeedMs);
		expect(solveSpeedProfile(new Float64Array(0), 1, moto, 0, 0)).toHaveLength(0);
	});
});

describe("rollDegrees", () => {
	it("leans a motorbike atan(v²/(r g)), positive in a right turn", () => {
		// v² / r = g gives 45°.
		const v = Math.sqrt(GRAVITY * 40);
		expect(rollDegrees(v, -1 / 40, moto)).toBeCloseTo(45, 9);
		expect(rollDegrees(v, 1 / 40, moto)).toBeCloseTo(-45, 9);
		expect(rollDegrees(v, 0, moto)).toBeCloseTo(0, 12);
	});

	it("gives a kart only a few degrees of chassis roll", () => {
		const v = Math.sqrt(kart.lateralAccelMax * 20);
		const roll = rollDegrees(v, -1 / 20, kart);
		expect(roll).toBeGreaterThan(0);
		expect(roll).toBeLessThan(8);
	});
});
