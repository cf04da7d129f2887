import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulateSession } from "../simulator";
import { parseGpsFile } from "../six/parse-gps";
import { parseLapFile } from "../six/parse-lap";
import { timeLapsFromLines } from "./lap-lines";
import { sixFixes, utcOffsetFromLaps } from "./six-fixes";
import { loggerLaps } from "./six-laps";
import { startFinishFromLapCounter } from "./six-start-line";

const date = { day: 15, month: 3, year: 2025 };

function session(options: Parameters<typeof simulateSession>[0]) {
	const s = simulateSession(options);
	const lap = parseLapFile(s.lapSix);
	const points = parseGpsFile(s.gpsSix).points;
	const sixOptions = { date, utcOffsetMinutes: utcOffsetFromLaps(lap, points) };
	const six = sixFixes(points, sixOptions);
	return { s, lap, points, six, sixOptions };
}

describe("loggerLaps", () => {
	it("gives the logger's laps and sectors, channels timed by the gps.six time field", () => {
		const { s, lap, points, six, sixOptions } = session({
			seed: 11,
			circuit: "velocitta",
			laps: 3,
			hz: 25,
		});
		const result = loggerLaps(lap, points, six, sixOptions);
		expect(result.timing).toEqual({ kind: "logger" });
		expect(result.laps.map((l) => l.timeMs)).toEqual(s.lapTimesMs);
		for (const l of result.laps) {
			expect(l.sectorsMs).toHaveLength(4);
			expect(l.sectorsMs.reduce((a, b) => a! + b!, 0)).toBe(l.timeMs);
			const c = l.channels;
			expect(c.timeMs[0]).toBe(0);
			// 25 Hz: 40 ms a point. The points lie between the crossings, each within a period.
			expect(c.timeMs[1]).toBe(40);
			const span = c.timeMs[c.length - 1]!;
			expect(span).toBeLessThan(l.timeMs);
			expect(span).toBeGreaterThanOrEqual(l.timeMs - 80);
			expect(c.leanEstimated).toBe(false);
			expect(c.distanceM[0]).toBe(0);
			expect(Math.abs(c.distanceM[c.length - 1]! - s.circuit.lengthM)).toBeLessThan(30);
			// The logger's roll: a motorbike leans well past 30° somewhere in a lap.
			expect(Math.max(...Array.from(c.leanDeg, Math.abs))).toBeGreaterThan(30);
		}
		// Laps follow each other: a lap starts about when the previous one ended.
		for (let k = 1; k < result.laps.length; k++) {
			const previous = result.laps[k - 1]!;
			expect(
				Math.abs(result.laps[k]!.startMs - (previous.startMs + previous.timeMs)),
			).toBeLessThanOrEqual(40);
		}
		expect(result.laps[0]!.startMs).toBeGreaterThan(Date.UTC(2025, 2, 15, 13));
		expect(result.laps[0]!.startMs).toBeLessThan(Date.UTC(2025, 2, 15, 13, 5));
	});

	it("estimates the lean of the older variant, which has no roll", () => {
		const { lap, points, six, sixOptions } = session({
			seed: 2,
			circuit: "interlagos",
			laps: 2,
			gpsVariant: "old",
		});
		const result = loggerLaps(lap, points, six, sixOptions);
		expect(result.laps.every((l) => l.channels.leanEstimated)).toBe(true);
		const lean = result.laps[0]!.channels.leanDeg;
		expect(Math.max(...Array.from(lean, Math.abs))).toBeGreaterThan(30);
	});

	it("falls back to the logger's lap time where a lap's points have no time, and says so", () => {
		const { lap, points, sixOptions } = session({ seed: 5, circuit: "granja-viana", laps: 2 });
		points.timeOfDayMs.fill(Number.NaN);
		const six = sixFixes(points, sixOptions);
		const result = loggerLaps(lap, points, six, sixOptions);
		expect(result.laps).toHaveLength(2);
		for (const l of result.laps) {
			const c = l.channels;
			expect(c.length).toBeGreaterThan(100);
			expect(c.timeMs[0]).toBe(0);
			expect(c.timeMs[c.length - 1]).toBe(l.timeMs);
		}
		expect(result.report.map((r) => r.reason)).toEqual([
			"volta 1: pontos sem hora; tempos distribuídos pelo tempo de volta do logger",
			"volta 2: pontos sem hora; tempos distribuídos pelo tempo de volta do logger",
		]);
	});

	it("keeps a lap of lap.six without a path, with no points, started at its entry", () => {
		const { lap, sixOptions } = session({ seed: 5, circuit: "granja-viana", laps: 2 });
		const empty = sixFixes(parseGpsFile("").points, sixOptions);
		const result = loggerLaps(lap, parseGpsFile("").points, empty, sixOptions);
		expect(result.laps.map((l) => l.channels.length)).toEqual([0, 0]);
		const offset = sixOptions.utcOffsetMinutes! * 60_000;
		expect(result.laps[0]!.startMs).toBe(
			Date.UTC(2025, 2, 15) - offset + lap.laps[0]!.entrySec * 1000,
		);
	});

	it("has no laps, timing none, without lap.six", () => {
		const { points, six, sixOptions } = session({ seed: 5, circuit: "granja-viana", laps: 1 });
		expect(loggerLaps({ laps: [], report: [] }, points, six, sixOptions).timing).toEqual({
			kind: "none",
		});
	});
});

describe("re-timing a .six session with the line of its own lap counter", () => {
	it("gives the logger's lap times within one GPS period (property)", () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 1_000_000 }),
				fc.constantFrom("interlagos", "velocitta", "granja-viana"),
				fc.constantFrom(10, 20, 25),
				fc.constantFrom("moto", "kart"),
				fc.integer({ min: 2, max: 5 }),
				(seed, circuit, hz, profile, laps) => {
					const { lap, points, six, sixOptions } = session({ seed, circuit, laps, hz, profile });
					const logger = loggerLaps(lap, points, six, sixOptions);
					const line = startFinishFromLapCounter(points)!;
					const retimed = timeLapsFromLines(six.fixes, line.lines);
					expect(retimed.laps.map((l) => l.number)).toEqual(logger.laps.map((l) => l.number));
					retimed.laps.forEach((l, k) => {
						expect(Math.abs(l.timeMs - logger.laps[k]!.timeMs)).toBeLessThanOrEqual(1000 / hz);
					});
				},
			),
			{ numRuns: 12 },
		);
	});
});
