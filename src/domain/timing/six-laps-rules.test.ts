import { describe, expect, it } from "vitest";
import { parseGpsFile } from "../six/parse-gps";
import type { GpsPoints, LapFile, LapRecord } from "../six/types";
import { sixFixes } from "./six-fixes";
import { loggerLaps } from "./six-laps";

const date = { day: 15, month: 3, year: 2025 };
const options = { date, utcOffsetMinutes: 0 };
const TEN = 36_000_000;

function record(number: number, entrySec: number, timeMs = 60_000): LapRecord {
	return {
		number,
		timeMs,
		battery: "12.6V",
		entrySec,
		sectors: [null, null, null, null],
		sprintCount: 0,
		distanceM: 0,
		line: number,
	};
}

/**
 * Lap 1: one point; lap 2: five points; then a point of an unfinished lap 3. A tenth of a
 * second a point from 10:00:00 UTC, moving north 2 m a point, roll 5.5°.
 */
function points(laps = [1, 2, 2, 2, 2, 2, 3]): GpsPoints {
	const text = laps.map((lap, k) => {
		const lat = (-23.55 + k * 0.000018).toFixed(7);
		const time = `1000${(k * 0.1).toFixed(2).padStart(5, "0")}`;
		return `${lat},-46.63|72|${10 + k}|${time}|${lap}|1|12.6V|5.5|5.2|${50 * k}`;
	});
	return parseGpsFile(text.join("\n")).points;
}

/** The points with no value in `column` at `indices` (the older variant has none at all). */
function without(p: GpsPoints, column: "roll" | "distanceM", indices: number[]): GpsPoints {
	for (const i of indices) p[column][i] = Number.NaN;
	return p;
}

const lapFile: LapFile = { laps: [record(1, 36_000, 100), record(2, 36_001, 480)], report: [] };

function timed(p: GpsPoints) {
	return loggerLaps(lapFile, p, sixFixes(p, options), options);
}

/** Points of lap 2 (indices 1..5) whose time goes back before 10:00. */
function goingBack(p: GpsPoints, indices: number[]): GpsPoints {
	for (const i of indices) p.timeOfDayMs[i] = TEN - 60_000;
	return p;
}

describe("loggerLaps: points without a time of their own", () => {
	it("times every point of a lap whose points all have times", () => {
		const result = timed(points());
		const lap2 = result.laps[1]!;
		expect(Array.from(lap2.channels.timeMs)).toEqual([0, 100, 200, 300, 400]);
		expect(lap2.startMs).toBe(Date.UTC(2025, 2, 15, 10, 0, 0, 100));
		expect(result.report.map((r) => r.reason)).toEqual([
			"volta 1: pontos sem hora; tempos distribuídos pelo tempo de volta do logger",
		]);
	});

	it("leaves out the points set aside, and counts them", () => {
		const one = timed(goingBack(points(), [3]));
		expect(Array.from(one.laps[1]!.channels.timeMs)).toEqual([0, 100, 300, 400]);
		expect(one.report.map((r) => [r.file, r.line, r.reason])).toContainEqual([
			"gps.six",
			2,
			"volta 2: 1 ponto sem hora fora dos canais",
		]);
		const three = timed(goingBack(points(), [3, 4, 5]));
		// Two points left: enough for channels of their own.
		expect(Array.from(three.laps[1]!.channels.timeMs)).toEqual([0, 100]);
		expect(three.report.map((r) => r.reason)).toContain(
			"volta 2: 3 pontos sem hora fora dos canais",
		);
	});

	it("spreads the points evenly over the lap time when fewer than two keep a time", () => {
		const result = timed(goingBack(points(), [2, 3, 4, 5]));
		const lap2 = result.laps[1]!;
		expect(Array.from(lap2.channels.timeMs)).toEqual([0, 120, 240, 360, 480]);
		expect(Array.from(lap2.channels.distanceM)).toEqual([0, 50, 100, 150, 200]);
		expect(lap2.channels.leanEstimated).toBe(false);
		expect(Array.from(lap2.channels.leanDeg)).toEqual([5.5, 5.5, 5.5, 5.5, 5.5]);
		expect(Array.from(lap2.channels.extra.satellites!)).toEqual([11, 12, 13, 14, 15]);
		expect(result.report.map((r) => [r.file, r.line])).toEqual([
			["gps.six", 1],
			["gps.six", 2],
		]);
		// Started at its lap.six entry: 10:00:01 local, here UTC.
		expect(lap2.startMs).toBe(Date.UTC(2025, 2, 15, 10, 0, 1));
		// Lap 1 has a single point: at time 0.
		expect(Array.from(result.laps[0]!.channels.timeMs)).toEqual([0]);
		expect(result.laps[0]!.startMs).toBe(Date.UTC(2025, 2, 15, 10));
	});

	it("estimates the lean of spread points without roll, measures it with some", () => {
		const all = [0, 1, 2, 3, 4, 5, 6];
		const none = timed(goingBack(without(points(), "roll", all), [2, 3, 4, 5]));
		expect(none.laps[1]!.channels.length).toBe(5);
		expect(none.laps[1]!.channels.leanEstimated).toBe(true);
		const some = timed(goingBack(without(points(), "roll", [3]), [2, 3, 4, 5]));
		expect(some.laps[1]!.channels.leanEstimated).toBe(false);
	});

	it("measures spread points' distance along the path without metres", () => {
		const all = [0, 1, 2, 3, 4, 5, 6];
		const none = timed(goingBack(without(points(), "distanceM", all), [2, 3, 4, 5]));
		const along = Array.from(none.laps[1]!.channels.distanceM);
		// 0.000018° of latitude a point: about 2.0015 m.
		expect(along.map((d) => Math.round(d * 100) / 100)).toEqual([0, 2, 4, 6, 8.01]);
	});

	it("keeps the lap the file ends in when lap.six has it", () => {
		const result = timed(points([1, 2, 2, 2, 2, 2]));
		expect(Array.from(result.laps[1]!.channels.timeMs)).toEqual([0, 100, 200, 300, 400]);
	});

	it("keeps every point of a lap that starts at the first fix", () => {
		const result = timed(points([1, 1, 2, 2, 2, 2, 3]));
		expect(Array.from(result.laps[0]!.channels.timeMs)).toEqual([0, 100]);
		expect(result.laps[0]!.startMs).toBe(Date.UTC(2025, 2, 15, 10));
		expect(result.report).toEqual([]);
	});
});

describe("loggerLaps: laps without a path", () => {
	const empty = parseGpsFile("").points;

	it("start at their entry on the session's local date, the next day past midnight", () => {
		const laps: LapFile = { laps: [record(1, 86_380), record(2, 40)], report: [] };
		const utc = { date, utcOffsetMinutes: null };
		const result = loggerLaps(laps, empty, sixFixes(empty, utc), utc);
		expect(result.laps.map((l) => l.startMs)).toEqual([
			Date.UTC(2025, 2, 15, 23, 59, 40),
			Date.UTC(2025, 2, 16, 0, 0, 40),
		]);
		const saoPaulo = { date, utcOffsetMinutes: -180 };
		const local = loggerLaps(laps, empty, sixFixes(empty, saoPaulo), saoPaulo);
		expect(local.laps[0]!.startMs).toBe(Date.UTC(2025, 2, 16, 2, 59, 40));
	});
});
