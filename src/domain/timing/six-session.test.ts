import { describe, expect, it } from "vitest";
import { parseDateFolder } from "../format/storage-names";
import { simulateSession } from "../simulator";
import { parseGpsFile } from "../six/parse-gps";
import { parseLapFile } from "../six/parse-lap";
import { fixture } from "../six/test-fixtures";
import { timeLapsFromLines } from "./lap-lines";
import { timeSixSession } from "./six-session";

describe("timeSixSession", () => {
	it("gives the fixes, the logger's laps and the line of the lap counter, which re-times them", () => {
		const s = simulateSession({ seed: 99, circuit: "velocitta", laps: 3, hz: 20 });
		const date = parseDateFolder("07092025")!;
		const t = timeSixSession(parseLapFile(s.lapSix), parseGpsFile(s.gpsSix), date);
		expect(t.utcOffsetMinutes).toBe(-180);
		expect(t.logger.timing).toEqual({ kind: "logger" });
		expect(t.logger.laps.map((l) => l.timeMs)).toEqual(s.lapTimesMs);
		// The first fix at 10:00 in São Paulo.
		expect(t.six.fixes.timeMs[0]).toBe(Date.UTC(2025, 8, 7, 13));
		const retimed = timeLapsFromLines(t.six.fixes, t.startFinish!.lines, { derived: t.derived });
		retimed.laps.forEach((l, k) => {
			expect(Math.abs(l.timeMs - s.lapTimesMs[k]!)).toBeLessThanOrEqual(50);
		});
	});

	it("times the fixture sessions without throwing, every lap numbered as lap.six has it", () => {
		const date = { day: 1, month: 2, year: 2025 };
		for (const folder of [
			"normal",
			"old-variant",
			"flag-zero",
			"duplicate-laps",
			"malformed",
		] as const) {
			const lap = parseLapFile(fixture(folder, "lap.six"));
			const t = timeSixSession(lap, parseGpsFile(fixture(folder, "gps.six")), date);
			expect(t.logger.laps.map((l) => l.number)).toEqual(lap.laps.map((l) => l.number));
			for (const l of t.logger.laps) {
				for (let i = 1; i < l.channels.length; i++) {
					expect(l.channels.timeMs[i]).toBeGreaterThanOrEqual(l.channels.timeMs[i - 1]!);
				}
			}
		}
	});
});
