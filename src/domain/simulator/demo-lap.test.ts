import { describe, expect, it } from "vitest";
import { getCircuit } from "./circuits";
import { fixedDemoLap } from "./index";

// Each test computes the lap itself: the mutation run only counts the code a test runs.
describe("fixedDemoLap", () => {
	it("is always the same lap", () => {
		expect(fixedDemoLap()).toEqual(fixedDemoLap());
	});

	it("has one value per point in every column", () => {
		const lap = fixedDemoLap();
		const n = lap.lat.length;
		// About 100 s of Interlagos at 10 Hz.
		expect(n).toBeGreaterThan(800);
		expect(n).toBeLessThan(1500);
		for (const column of [lap.lon, lap.speedKmh, lap.rollDeg, lap.distanceM]) {
			expect(column).toHaveLength(n);
		}
	});

	it("goes once around the circuit and closes on itself", () => {
		const lap = fixedDemoLap();
		const n = lap.lat.length;
		expect(lap.distanceM[0]).toBe(0);
		for (let i = 1; i < n; i++)
			expect(lap.distanceM[i]!).toBeGreaterThanOrEqual(lap.distanceM[i - 1]!);
		const length = getCircuit("interlagos").lengthM;
		expect(Math.abs(lap.distanceM[n - 1]! - length)).toBeLessThan(length * 0.02);
		const metresPerDegree = 111_195;
		const gapM =
			Math.hypot(lap.lat[n - 1]! - lap.lat[0]!, (lap.lon[n - 1]! - lap.lon[0]!) * 0.915) *
			metresPerDegree;
		expect(gapM).toBeLessThan(100);
	});

	it("has the speeds and leans of a motorbike at speed", () => {
		const lap = fixedDemoLap();
		expect(Math.max(...lap.speedKmh)).toBeGreaterThan(200);
		expect(Math.min(...lap.speedKmh)).toBeLessThan(100);
		expect(Math.max(...lap.rollDeg)).toBeGreaterThan(30);
		expect(Math.min(...lap.rollDeg)).toBeLessThan(-30);
	});
});
