import { describe, expect, it } from "vitest";
import { importRaceCapture } from "./racecapture";
import { crossingsMs, START_MS, sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf, strictlyIncreasing } from "./test-support";

describe("importRaceCapture", () => {
	it("makes a fix of each row with a position; the sparse rows between are other channels", () => {
		const r = importRaceCapture(fixtureBytes("racecapture/normal.log"), "r.log");
		// 10 Hz GPS for 110 s, less the first half second without a fix (0,0).
		expect(r.fixes.length).toBe(1101 - 5);
		expect(r.fixes.lat[0]).toBeCloseTo(sampleAt(500).lat, 7);
	});

	it("dates fixes by Utc and converts Speed in mph and Altitude in ft", () => {
		const r = importRaceCapture(fixtureBytes("racecapture/normal.log"), "r.log");
		expect(r.dateKnown).toBe(true);
		expect(r.fixes.timeMs[0]).toBe(START_MS + 500);
		expect(r.fixes.speedKmh[0]).toBeCloseTo(72, 1);
		expect(r.fixes.extra.altitudeM?.[0]).toBeCloseTo(780.5, 1);
	});

	it("keeps the last RPM on fixes whose row has none", () => {
		const r = importRaceCapture(fixtureBytes("racecapture/normal.log"), "r.log");
		expect(Number.isNaN(r.fixes.extra.rpm![1]!)).toBe(false);
	});

	it("marks laps where LapCount changes", () => {
		const r = importRaceCapture(fixtureBytes("racecapture/normal.log"), "r.log");
		// LapCount changes on the first GPS row (10 Hz) at or after each crossing.
		const expected = crossingsMs(110).map((c) => START_MS + Math.ceil(c / 100) * 100);
		expect(r.lapMarksMs).toEqual(expected);
	});

	it("dates rows without Utc through Interval, and counts from the start without any Utc", () => {
		const text = [
			'"Interval"|"ms"|0|0|1,"Utc"|"ms"|0|0|1,"Latitude"|"Degrees"|-180|180|10,"Longitude"|"Degrees"|-180|180|10',
			"1000,,-23.7,-46.7",
			"1100,1740837600100,-23.7001,-46.7",
		].join("\n");
		const r = importRaceCapture(bytesOf(text), "u.log");
		expect([...r.fixes.timeMs]).toEqual([1740837600000, 1740837600100]);
		const none = importRaceCapture(bytesOf(text.replace("1740837600100", "")), "n.log");
		expect(none.dateKnown).toBe(false);
		expect([...none.fixes.timeMs]).toEqual([1000, 1100]);
	});

	it("reports unreadable, out-of-range and backward rows and a header repeated mid-file", () => {
		const r = importRaceCapture(fixtureBytes("racecapture/broken.log"), "b.log");
		expect(r.report.map((e) => `${e.line} ${e.kind} ${e.reason}`)).toEqual([
			'41 rejected posição ilegível: "north", "-46.7"',
			"61 rejected posição fora do intervalo: 95, -46.7",
			"81 rejected tempo não avança (anterior na linha 79)",
			"101 notice novo cabeçalho no meio do arquivo: linha ignorada",
		]);
		expect(strictlyIncreasing(r.fixes.timeMs)).toBe(true);
	});
});
