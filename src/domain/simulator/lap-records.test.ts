import { describe, expect, it } from "vitest";
import { getCircuit } from "./circuits";
import { planDrive } from "./drive";
import { buildLapRecords, entrySeconds } from "./lap-records";
import { createRng } from "./prng";
import { trackOf } from "./track";
import { VEHICLE_PROFILES } from "./vehicle";

/**
 * Eight laps of Interlagos on a motorbike. Built inside each test, never once per file: the
 * mutation run only counts the code a test runs itself.
 */
function interlagosDrive() {
	const circuit = getCircuit("interlagos");
	return planDrive(circuit, trackOf(circuit), VEHICLE_PROFILES.moto, 8, createRng(21));
}

describe("buildLapRecords", () => {
	it("times each lap from crossing to crossing", () => {
		const laps = buildLapRecords(interlagosDrive());
		expect(laps.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
		for (const [k, lap] of laps.entries()) {
			expect(lap.timeMs).toBe(Math.round(lap.endS * 1000) - Math.round(lap.startS * 1000));
			if (k > 0) expect(lap.startS).toBe(laps[k - 1]!.endS);
			expect(lap.sectors.reduce((sum, s) => sum + s.timeMs, 0)).toBe(lap.timeMs);
		}
	});

	it("counts improvements: per sector in upMax, of the lap in upTrack", () => {
		const laps = buildLapRecords(interlagosDrive());
		let bestLap = Infinity;
		let lapImprovements = 0;
		const best = [Infinity, Infinity, Infinity, Infinity];
		const counts = [0, 0, 0, 0];
		for (const [k, lap] of laps.entries()) {
			if (k > 0 && lap.timeMs < bestLap) lapImprovements++;
			bestLap = Math.min(bestLap, lap.timeMs);
			for (const [j, s] of lap.sectors.entries()) {
				if (s.improved) counts[j]!++;
				expect(s.improved).toBe(k > 0 && s.timeMs < best[j]!);
				best[j] = Math.min(best[j]!, s.timeMs);
				expect(s.upMax).toBe(counts[j]);
				expect(s.upTrack).toBe(lapImprovements);
			}
		}
		expect(counts.some((c) => c > 0)).toBe(true);
	});

	it("counts a few sprints per lap, the long acceleration runs", () => {
		const laps = buildLapRecords(interlagosDrive());
		for (const lap of laps) {
			expect(lap.sprintCount).toBeGreaterThanOrEqual(2);
			expect(lap.sprintCount).toBeLessThanOrEqual(10);
		}
	});
});

describe("entrySeconds", () => {
	it("keeps seconds since midnight within a day", () => {
		expect(entrySeconds(36_117.9)).toBe(36_117);
		expect(entrySeconds(86_400 + 5)).toBe(5);
		expect(entrySeconds(-1)).toBe(86_399);
	});
});
