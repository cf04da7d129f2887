import { describe, expect, it } from "vitest";
import { simulateSession } from "../simulator";
import { parseGpsFile } from "../six/parse-gps";
import { sixFixes } from "../timing/six-fixes";
import { circleLaps, fixesFromLocal } from "../timing/test-paths";
import { estimateLean, movingAverage, STANDARD_GRAVITY } from "./lean-estimate";

/** Lean of steady cornering at v m/s on radius r m, degrees. */
const steadyLean = (v: number, r: number) =>
	(Math.atan((v * v) / (r * STANDARD_GRAVITY)) * 180) / Math.PI;

function leanOf(fixes: ReturnType<typeof fixesFromLocal>) {
	return estimateLean(fixes.timeMs, fixes.lat, fixes.lon, fixes.speedKmh, fixes.length);
}

describe("estimateLean", () => {
	const radiusM = 50;
	const speedMs = 20;
	const lapMs = ((2 * Math.PI * radiusM) / speedMs) * 1000;

	it("gives atan(v²/(r g)) on a steady circle: right turn positive, left negative", () => {
		const expected = steadyLean(speedMs, radiusM);
		expect(expected).toBeCloseTo(39.2, 1);
		for (const [clockwise, sign] of [
			[true, 1],
			[false, -1],
		] as const) {
			for (const periodMs of [40, 100, 1000]) {
				const { fixes } = circleLaps({
					lapDurationsMs: [lapMs, lapMs],
					periodMs,
					radiusM,
					clockwise,
				});
				const lean = leanOf(fixes);
				// Away from the ends, where the chords are one-sided.
				for (let i = Math.ceil(2000 / periodMs); i < fixes.length - 2000 / periodMs; i++) {
					expect(lean[i]! * sign).toBeCloseTo(expected, 0);
				}
			}
		}
	});

	it("is 0 on a straight and below 10 km/h", () => {
		const straight = fixesFromLocal(
			Array.from({ length: 50 }, (_, i) => ({ t: i * 100, x: 0, y: i * 3, speedKmh: 108 })),
		);
		expect(Array.from(leanOf(straight)).every((v) => Math.abs(v) < 1e-9)).toBe(true);
		const { fixes: slow } = circleLaps({ lapDurationsMs: [120_000], periodMs: 100, radiusM: 5 });
		slow.speedKmh.fill(8);
		expect(Array.from(leanOf(slow)).every((v) => v === 0)).toBe(true);
	});

	it("reaches past repeated positions (a 1 Hz receiver logged at 10 Hz)", () => {
		const { fixes: exact } = circleLaps({ lapDurationsMs: [lapMs, lapMs], periodMs: 100, radiusM });
		// Hold each position for the rest of its second.
		for (let i = 0; i < exact.length; i++) {
			const held = i - (i % 10);
			exact.lat[i] = exact.lat[held]!;
			exact.lon[i] = exact.lon[held]!;
		}
		const lean = leanOf(exact);
		const expected = -steadyLean(speedMs, radiusM);
		for (let i = 50; i < exact.length - 50; i++)
			expect(Math.abs(lean[i]! - expected)).toBeLessThan(1.5);
	});

	it("follows a simulated motorbike's measured lean (within 6° RMS above 20 km/h)", () => {
		const s = simulateSession({ seed: 4, circuit: "velocitta", laps: 2, hz: 10 });
		const date = { day: 1, month: 1, year: 2025 };
		const { fixes } = sixFixes(parseGpsFile(s.gpsSix).points, { date, utcOffsetMinutes: -180 });
		const lean = leanOf(fixes);
		let squares = 0;
		let count = 0;
		let most = 0;
		for (let i = 0; i < fixes.length; i++) {
			if (fixes.speedKmh[i]! < 20) continue;
			squares += (lean[i]! - fixes.leanDeg![i]!) ** 2;
			count++;
			most = Math.max(most, Math.abs(lean[i]!));
		}
		expect(Math.sqrt(squares / count)).toBeLessThan(6);
		expect(most).toBeGreaterThan(45);
		expect(most).toBeLessThan(60);
	});

	it("handles no fix and one fix", () => {
		expect(leanOf(fixesFromLocal([])).length).toBe(0);
		expect(Array.from(leanOf(fixesFromLocal([{ t: 0, x: 0, y: 0, speedKmh: 50 }])))).toEqual([0]);
	});
});

describe("movingAverage", () => {
	it("averages the values within the half window on both sides", () => {
		const t = Float64Array.from([0, 100, 200, 300, 1000]);
		const v = Float64Array.from([1, 2, 3, 4, 10]);
		expect(Array.from(movingAverage(t, v, 5, 100))).toEqual([1.5, 2, 3, 3.5, 10]);
	});
});

describe("estimateLean's speed floor", () => {
	it("leans from 10 km/h on, not below", () => {
		const radiusM = 20;
		const speedMs = 10 / 3.6;
		const lapMs = ((2 * Math.PI * radiusM) / speedMs) * 1000;
		const { fixes } = circleLaps({ lapDurationsMs: [lapMs], periodMs: 100, radiusM });
		const middle = Math.floor(fixes.length / 2);
		fixes.speedKmh.fill(9.99);
		expect(Array.from(leanOf(fixes)).every((v) => v === 0)).toBe(true);
		fixes.speedKmh.fill(10);
		expect(Math.abs(leanOf(fixes)[middle]!)).toBeCloseTo(steadyLean(speedMs, radiusM), 0);
	});
});
