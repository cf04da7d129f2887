import { describe, expect, it } from "vitest";
import type { Circuit } from "./circuits";
import { planDrive, STANDSTILL_END_S, STANDSTILL_START_S } from "./drive";
import { createRng } from "./prng";
import { testOval } from "./test-oval";
import { buildTrack } from "./track";
import { VEHICLE_PROFILES } from "./vehicle";

/** An oval whose length is no whole number of metres: its samples are not exactly 1 m apart. */
const oval = testOval(1234.4);

/** Three laps of the oval. Planned inside each test: the mutation run only counts what a test runs. */
function ovalDrive() {
	const track = buildTrack(oval);
	return { track, drive: planDrive(oval, track, VEHICLE_PROFILES.moto, 3, createRng(7)) };
}

describe("planDrive", () => {
	it("runs from the pit exit through whole laps from the line to the pit entry", () => {
		const { track, drive } = ovalDrive();
		const { n } = track;
		const sampleAt = (u: number) => (drive.startIndex + u) % n;
		expect(drive.startIndex).toBe(Math.round(oval.pitExit * n));
		expect(drive.lapStart).toHaveLength(drive.laps + 1);
		for (const [k, u] of drive.lapStart.entries()) {
			// Every timed lap starts on the start/finish line, track sample 0, one lap after the last.
			expect(sampleAt(u)).toBe(0);
			if (k > 0) expect(u - drive.lapStart[k - 1]!).toBe(n);
		}
		expect(sampleAt(drive.count - 1)).toBe(Math.round(oval.pitEntry * n));
		expect(drive.count - 1).toBeGreaterThan(drive.lapStart[drive.laps]!);
	});

	it("keeps the pit exit and entry off the line: the in-lap stops before crossing it again", () => {
		const edges: Circuit = { ...oval, pitExit: 0, pitEntry: 0.99999 };
		const track = buildTrack(edges);
		const drive = planDrive(edges, track, VEHICLE_PROFILES.moto, 2, createRng(7));
		expect(drive.startIndex).toBe(1);
		expect(drive.count - 1 - drive.lapStart[drive.laps]!).toBe(track.n - 1);
	});

	it("takes each step's length over the mean of its two speeds, standing still at both ends", () => {
		const { track, drive } = ovalDrive();
		expect(track.spacingM).not.toBe(1);
		expect(drive.speedMs[0]).toBe(0);
		expect(drive.speedMs[drive.count - 1]).toBe(0);
		expect(drive.timeS[0]).toBe(STANDSTILL_START_S);
		for (let u = 0; u + 1 < drive.count; u++) {
			const step = drive.timeS[u + 1]! - drive.timeS[u]!;
			const expected = track.spacingM / ((drive.speedMs[u]! + drive.speedMs[u + 1]!) / 2);
			expect(Math.abs(step - expected)).toBeLessThan(1e-9 * expected);
		}
		expect(drive.durationS).toBe(drive.timeS[drive.count - 1]! + STANDSTILL_END_S);
	});

	it("has the distance counter read each timed lap with its own factor, off timing true", () => {
		const { track, drive } = ovalDrive();
		const factorAt = (u: number) => {
			for (let k = 1; k <= drive.laps; k++) {
				if (u >= drive.lapStart[k - 1]! && u < drive.lapStart[k]!)
					return drive.distanceFactor[k - 1]!;
			}
			return 1;
		};
		expect(drive.distanceFactor).toHaveLength(drive.laps);
		expect(new Set(drive.distanceFactor).size).toBe(drive.laps);
		expect(drive.odometerM[0]).toBe(0);
		for (let u = 0; u + 1 < drive.count; u++) {
			const step = drive.odometerM[u + 1]! - drive.odometerM[u]!;
			expect(step).toBeCloseTo(track.spacingM * factorAt(u), 9);
		}
	});
});
