import { describe, expect, it } from "vitest";
import type { Drive } from "./drive";
import { createRng } from "./prng";
import { IN_LAP_TIMING_S, sampleDrive } from "./sampling";
import { VEHICLE_PROFILES } from "./vehicle";

const moto = VEHICLE_PROFILES.moto;
/** Fixes per second whose times are exact in binary: a fix falls exactly on each crossing. */
const HZ = 16;

/**
 * A hand-made drive along the x axis at 16 m/s, one grid point per metre (1/16 s apart),
 * moving off at 3 s, in a steady left-hand curve of 40 m radius. Two timed laps start at
 * 8 s and 18 s; the in-lap starts at 28 s.
 */
function steadyDrive(): Drive {
	const n = 1000;
	const count = 560;
	const timeS = Float64Array.from({ length: count }, (_, u) => 3 + u / 16);
	return {
		track: {
			lengthM: n,
			n,
			spacingM: 1,
			x: Float64Array.from({ length: n }, (_, i) => i),
			y: new Float64Array(n),
			curvature: new Float64Array(n).fill(1 / 40),
		},
		laps: 2,
		startIndex: 0,
		count,
		speedMs: new Float64Array(count).fill(16),
		timeS,
		odometerM: Float64Array.from({ length: count }, (_, u) => u),
		lapStart: [80, 240, 400],
		sectorEndIndex: [40, 80, 120],
		distanceFactor: [1, 1],
		durationS: timeS[count - 1]! + 2,
	};
}

const fixAt = (seconds: number) => seconds * HZ;

describe("sampleDrive: timing state", () => {
	it("shows the next lap from the fix taken at the crossing itself", () => {
		const samples = sampleDrive(steadyDrive(), moto, HZ, createRng(1));
		for (const [seconds, lap] of [
			[8, 1],
			[18, 2],
			[28, 3],
		] as const) {
			expect(samples.timeS[fixAt(seconds)]).toBe(seconds);
			expect(samples.lapCount[fixAt(seconds) - 1]).toBe(lap - 1);
			expect(samples.lapCount[fixAt(seconds)]).toBe(lap);
		}
	});

	it("keeps timing for exactly IN_LAP_TIMING_S after the last crossing", () => {
		const samples = sampleDrive(steadyDrive(), moto, HZ, createRng(1));
		let closing = 0;
		for (let k = 0; k < samples.count; k++) {
			if (samples.lapCount[k] === 3 && samples.timingFlag[k] === 1) closing++;
		}
		expect(closing).toBe(IN_LAP_TIMING_S * HZ);
		expect(samples.timingFlag[fixAt(28 + IN_LAP_TIMING_S) - 1]).toBe(1);
		expect(samples.timingFlag[fixAt(28 + IN_LAP_TIMING_S)]).toBe(0);
	});
});

describe("sampleDrive: sensors", () => {
	it("has the filtered lean catch up with the roll within about a second (0.3 s filter)", () => {
		const samples = sampleDrive(steadyDrive(), moto, HZ, createRng(2));
		// Standing still until 3 s: no lean. Then a steady left turn at 16 m/s, about 33° left.
		expect(Math.abs(samples.filteredLeanDeg[fixAt(3) - 1]!)).toBeLessThan(2);
		const k = fixAt(4.5);
		expect(samples.rollDeg[k]!).toBeLessThan(-30);
		expect(Math.abs(samples.filteredLeanDeg[k]! - samples.rollDeg[k]!)).toBeLessThan(3);
	});

	it("has the position noise's usual spread from the very first fix", () => {
		// The straight runs along y = 0: a fix's y is its position error across the track.
		const first = Array.from(
			{ length: 400 },
			(_, seed) => sampleDrive(steadyDrive(), moto, HZ, createRng(seed)).y[0]!,
		);
		const spread = Math.sqrt(first.reduce((sum, y) => sum + y * y, 0) / first.length);
		expect(spread).toBeGreaterThan(0.25);
		expect(spread).toBeLessThan(0.45);
	});

	it("lets the satellites in use drift by one at a time, both ways, within 7 to 14", () => {
		const steps = new Set<number>();
		for (let seed = 1; seed <= 5; seed++) {
			const { satellites, count } = sampleDrive(steadyDrive(), moto, HZ, createRng(seed));
			for (let k = 1; k < count; k++) steps.add(satellites[k]! - satellites[k - 1]!);
			expect(Math.min(...satellites)).toBeGreaterThanOrEqual(7);
			expect(Math.max(...satellites)).toBeLessThanOrEqual(14);
		}
		expect([...steps].sort()).toEqual([-1, 0, 1]);
	});
});
