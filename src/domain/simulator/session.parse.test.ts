/**
 * The simulator's files read back by the real `lap.six` / `gps.six` reader: what the
 * portal will make of demo data.
 */
import { describe, expect, it } from "vitest";
import { analyzeSixFiles, parseGpsFile, parseLapFile } from "../six/index";
import { type SimulateSessionOptions, simulateSession } from "./index";

const cases: SimulateSessionOptions[] = [
	{ seed: 1, circuit: "interlagos", laps: 5, hz: 10, profile: "moto", invalidLines: 3 },
	{ seed: 2, circuit: "velocitta", laps: 4, hz: 25, profile: "moto", invalidLines: 5 },
	{ seed: 3, circuit: "granja-viana", laps: 8, hz: 15, profile: "kart", invalidLines: 0 },
	{ seed: 4, circuit: "interlagos", laps: 3, hz: 20, gpsVariant: "old", invalidLines: 2 },
];

/**
 * Simulated inside each test, never once per file: the mutation run only counts the code a test
 * runs itself.
 */
function readBack(opts: SimulateSessionOptions) {
	const session = simulateSession(opts);
	return {
		session,
		lapFile: parseLapFile(session.lapSix),
		gpsFile: parseGpsFile(session.gpsSix),
		analysis: analyzeSixFiles(session.lapSix, session.gpsSix),
	};
}

describe.each(cases)("simulated session read back %o", (opts) => {
	const hz = opts.hz ?? 10;

	it("has every lap, and exactly the damaged lines rejected", () => {
		const { session, lapFile, gpsFile, analysis } = readBack(opts);
		expect(lapFile.report).toEqual([]);
		expect(lapFile.laps.map((l) => l.number)).toEqual(
			Array.from({ length: opts.laps }, (_, i) => i + 1),
		);
		expect(lapFile.laps.map((l) => l.timeMs)).toEqual(session.lapTimesMs);
		expect(gpsFile.report).toHaveLength(opts.invalidLines ?? 3);
		const lineCount = session.gpsSix.trimEnd().split("\n").length;
		expect(gpsFile.points.length).toBe(lineCount - (opts.invalidLines ?? 3));
		expect(analysis.summary.lapCount).toBe(opts.laps);
	});

	it("gives every lap a GPS path whose duration matches its lap time", () => {
		const { session, lapFile, analysis } = readBack(opts);
		expect(analysis.paths.map((p) => p.lapNumber)).toEqual(lapFile.laps.map((l) => l.number));
		const times = analysis.points.timeOfDayMs;
		for (const [i, path] of analysis.paths.entries()) {
			// From the lap's first fix to the next lap's first fix.
			const gpsMs = times[path.end]! - times[path.start]!;
			expect(Math.abs(gpsMs - session.lapTimesMs[i]!)).toBeLessThanOrEqual(1000 / hz + 10);
			expect(analysis.laps[i]!.points).toBe(path.end - path.start);
		}
	});

	it("is fast on the straights and slow in the corners of every lap", () => {
		const { session, analysis } = readBack(opts);
		for (const lap of analysis.laps) {
			expect(lap.maxSpeedKmh!).toBeGreaterThan(2 * lap.minSpeedKmh!);
		}
		const best = Math.min(...session.lapTimesMs);
		expect(analysis.summary.bestLap?.timeMs).toBe(best);
		expect(analysis.summary.theoreticalBestMs!).toBeLessThanOrEqual(best);
		expect(analysis.summary.stdDevLapMs!).toBeGreaterThan(0);
	});

	it("leans to the side the path turns (old variant: no lean at all)", () => {
		const { analysis } = readBack(opts);
		const { points } = analysis;
		if (opts.gpsVariant === "old") {
			expect(analysis.summary.maxRoll).toBeNull();
			expect(analysis.laps.every((l) => l.maxRollDeg === null)).toBe(true);
			return;
		}
		const metresPerDegLat = 111_195;
		const metresPerDegLon = metresPerDegLat * Math.cos((points.lat[0]! * Math.PI) / 180);
		const half = Math.max(2, Math.round(hz / 3));
		let checked = 0;
		const wrongSide: number[] = [];
		const minRoll = opts.profile === "kart" ? 1.5 : 15;
		for (const path of analysis.paths) {
			for (let i = path.start + half; i < path.end - half; i++) {
				const roll = points.roll[i]!;
				if (Math.abs(roll) < minRoll) continue;
				const ax = (points.lon[i]! - points.lon[i - half]!) * metresPerDegLon;
				const ay = (points.lat[i]! - points.lat[i - half]!) * metresPerDegLat;
				const bx = (points.lon[i + half]! - points.lon[i]!) * metresPerDegLon;
				const by = (points.lat[i + half]! - points.lat[i]!) * metresPerDegLat;
				const turn = Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
				if (Math.abs(turn) < (3 * Math.PI) / 180) continue;
				checked++;
				// A left turn (counter-clockwise, positive) must lean left (negative roll).
				if (Math.sign(turn) === Math.sign(roll)) wrongSide.push(points.line[i]!);
			}
		}
		expect(checked).toBeGreaterThan(100);
		expect(wrongSide).toEqual([]);
		expect(analysis.summary.maxRoll!.deg).toBeGreaterThan(0);
		expect(analysis.summary.minRoll!.deg).toBeLessThan(0);
	});
});
