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

describe("solveSpeedProfile", () => {
	// A 1 km straight with one slow corner in the middle.
	const spacing = 1;
	const limit = new Float64Array(1000).fill(moto.topSpeedMs);
	for (let i = 480; i < 520; i++) limit[i] = 20;
	const v = solveSpeedProfile(limit, spacing, moto, 0, 0);

	it("never exceeds the limit and starts and ends at the given speeds", () => {
		for (let i = 0; i < v.length; i++) expect(v[i]!).toBeLessThanOrEqual(limit[i]! + 1e-9);
		expect(v[0]).toBe(0);
		expect(v[v.length - 1]).toBe(0);
		expect(v[500]).toBeCloseTo(20, 9);
	});

	it("respects the acceleration and braking limits between points", () => {
		for (let i = 0; i + 1 < v.length; i++) {
			const dv2 = v[i + 1]! ** 2 - v[i]! ** 2;
			expect(dv2).toBeLessThanOrEqual(2 * moto.accelMax * spacing + 1e-9);
			expect(-dv2).toBeLessThanOrEqual(2 * moto.brakeMax * spacing + 1e-9);
		}
	});

	it("is fast on the straights and slow in the corner", () => {
		expect(Math.max(...v.slice(200, 480))).toBeGreaterThan(2.5 * 20);
		expect(Math.max(...v.slice(520, 900))).toBeGreaterThan(2.5 * 20);
	});

	it("does not touch the limit array and handles empty input", () => {
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
