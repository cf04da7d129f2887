import { describe, expect, it } from "vitest";
import { getCircuit } from "./circuits";
import { type Drive, planDrive } from "./drive";
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

/**
 * A hand-made drive for the sprint rule: one grid point per second, the given speeds (m/s),
 * timed laps starting at the given points (never point 0: the out-lap comes first).
 */
function handDrive(speeds: number[], lapStart: number[]): Drive {
	const count = speeds.length;
	const laps = lapStart.length - 1;
	return {
		track: {
			lengthM: 100,
			n: 100,
			spacingM: 1,
			x: new Float64Array(100),
			y: new Float64Array(100),
			curvature: new Float64Array(100),
		},
		laps,
		startIndex: 0,
		count,
		speedMs: Float64Array.from(speeds),
		timeS: Float64Array.from(speeds, (_, u) => u),
		odometerM: Float64Array.from(speeds, (_, u) => u),
		lapStart,
		sectorEndIndex: [1, 2, 3],
		distanceFactor: Array(laps).fill(1),
		durationS: count,
	};
}

/** `seconds` of steady acceleration starting at `from` m/s: seconds + 1 points. */
function accelerating(from: number, seconds: number): number[] {
	return Array.from({ length: seconds + 1 }, (_, i) => from + i);
}

describe("buildLapRecords: sprints", () => {
	it("counts a run of rising speed as a sprint when it lasts at least 4 s", () => {
		const speeds = [
			...Array(6).fill(10), // steady: no sprint, however long
			...accelerating(10, 4), // exactly 4 s up to the peak: a sprint
			...Array(8).fill(8), // slowing down, then steady
			...accelerating(8, 3), // 3 s: too short
			...Array(6).fill(5), // braking and steady to the end of the lap
		];
		const laps = buildLapRecords(handDrive(speeds, [1, speeds.length - 1]));
		expect(laps[0]!.sprintCount).toBe(1);
	});

	it("ends a run at the line: it counts in the lap it was in, and starts afresh in the next", () => {
		// Lap 1 is points 1..20, lap 2 points 20..40; the rider accelerates from point 12 to 23.
		const speeds = [...Array(12).fill(20), ...accelerating(20, 11), ...Array(17).fill(15)];
		const laps = buildLapRecords(handDrive(speeds, [1, 20, 40]));
		// Lap 1: 12 -> 19 is 7 s of acceleration before the line.
		expect(laps[0]!.sprintCount).toBe(1);
		// Lap 2: only the 3 s from 20 to 23, no sprint.
		expect(laps[1]!.sprintCount).toBe(0);
	});

	it("counts no sprint in a lap driven at a steady speed", () => {
		const speeds = Array(40).fill(30);
		const laps = buildLapRecords(handDrive(speeds, [10, 20, 39]));
		expect(laps.map((l) => l.sprintCount)).toEqual([0, 0]);
	});
});

describe("buildLapRecords: improvements", () => {
	it("does not count a lap or sector that only equals the best as an improvement", () => {
		// Two laps at one steady speed: the same lap time and the same four sector times.
		const laps = buildLapRecords(handDrive(Array(30).fill(20), [1, 11, 21]));
		expect(laps[1]!.timeMs).toBe(laps[0]!.timeMs);
		expect(laps[1]!.sectors.map((s) => s.timeMs)).toEqual(laps[0]!.sectors.map((s) => s.timeMs));
		for (const s of laps[1]!.sectors) {
			expect(s).toMatchObject({ improved: false, upMax: 0, upTrack: 0 });
		}
	});
});

describe("buildLapRecords: distances", () => {
	it("measures a sector as its track samples times their spacing, as the counter reads it", () => {
		// 50 samples 2 m apart; sectors end at samples 10, 20 and 30; the counter reads 1 % long.
		const base = handDrive(Array(60).fill(20), [1, 51]);
		const drive: Drive = {
			...base,
			track: { ...base.track, lengthM: 100, n: 50, spacingM: 2 },
			sectorEndIndex: [10, 20, 30],
			distanceFactor: [1.01],
		};
		const [lap] = buildLapRecords(drive);
		expect(lap!.metres).toBe(101);
		expect(lap!.sectors.map((s) => s.metres)).toEqual([20, 20, 20, 41]);
	});

	it("gives each lap and sector the distance the device's counter advanced over it", () => {
		const drive = interlagosDrive();
		const laps = buildLapRecords(drive);
		const odometer = (u: number) => drive.odometerM[u]!;
		for (const [i, lap] of laps.entries()) {
			const start = drive.lapStart[i]!;
			const end = drive.lapStart[i + 1]!;
			expect(lap.metres).toBe(Math.round(odometer(end) - odometer(start)));
			const bounds = [start, ...drive.sectorEndIndex.map((e) => start + e), end];
			for (let j = 0; j < 3; j++) {
				expect(lap.sectors[j]!.metres).toBe(
					Math.round(odometer(bounds[j + 1]!) - odometer(bounds[j]!)),
				);
			}
			// The last sector takes what is left: the four add up to the lap exactly.
			expect(lap.sectors.reduce((sum, s) => sum + s.metres, 0)).toBe(lap.metres);
		}
		// The counter over- or under-reads a little, differently each lap.
		expect(new Set(laps.map((l) => l.metres)).size).toBeGreaterThan(1);
	});
});

describe("entrySeconds", () => {
	it("keeps seconds since midnight within a day", () => {
		expect(entrySeconds(36_117.9)).toBe(36_117);
		expect(entrySeconds(86_400 + 5)).toBe(5);
		expect(entrySeconds(-1)).toBe(86_399);
	});
});
