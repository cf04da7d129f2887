import { describe, expect, it } from "vitest";
import { simulateSession } from "../simulator";
import { parseGpsFile } from "../six/parse-gps";
import { parseLapFile } from "../six/parse-lap";
import type { LapFile } from "../six/types";
import { sixFixes, utcOffsetFromLaps } from "./six-fixes";

const date = { day: 15, month: 3, year: 2025 };

/** A 10-field gps.six line at a time of day (empty: no time), moving north 2 m a fix. */
function line(time: string, k: number): string {
	const lat = (-23.55 + k * 0.000018).toFixed(7);
	return `${lat},-46.63|72|10|${time}|1|1|12.6V|5.5|5.2|${100 + 2 * k}`;
}

function points(times: readonly string[]) {
	return parseGpsFile(times.map(line).join("\n")).points;
}

/** Fix times relative to 10:00:00 UTC on the date. */
function relativeTimes(times: readonly string[]): number[] {
	const { fixes } = sixFixes(points(times), { date, utcOffsetMinutes: 0 });
	const ten = Date.UTC(2025, 2, 15, 10);
	return Array.from(fixes.timeMs, (t) => Math.round(t - ten));
}

describe("sixFixes: points without time", () => {
	it("fills them from two timed points", () => {
		expect(relativeTimes(["100000.00", "100000.20", ""])).toEqual([0, 200, 400]);
	});

	it("extrapolates at the median step between timed points (odd count: the middle one)", () => {
		// Steps 100, 400 and 100 ms a point: the median is 100.
		const times = ["", "", "100000.00", "100000.10", "100000.50", "100000.60", ""];
		expect(relativeTimes(times)).toEqual([-200, -100, 0, 100, 500, 600, 700]);
	});

	it("extrapolates at the mean of the middle two steps for an even count", () => {
		// Steps 100 and 300 ms a point: the median is 200.
		expect(relativeTimes(["", "100000.00", "100000.10", "100000.40", ""])).toEqual([
			-200, 0, 100, 400, 600,
		]);
		// Steps 100, 100, 300 and 500: the median is 200.
		const four = ["100000.00", "100000.10", "100000.20", "100000.50", "100001.00", ""];
		expect(relativeTimes(four).at(-1)).toBe(1200);
	});

	it("leaves a point untimed beside a single timed one", () => {
		const { fixes, report } = sixFixes(points(["100000.00", ""]), { date, utcOffsetMinutes: 0 });
		expect(fixes.length).toBe(1);
		expect(report.map((r) => r.reason)).toEqual([
			"1 ponto (linha 2) sem hora: fora do canal de tempo",
		]);
	});

	it("runs on past midnight across a point without time", () => {
		expect(relativeTimes(["235959.90", "", "000000.10"]).map((t) => t - 50_399_900)).toEqual([
			0, 100, 200,
		]);
	});

	it("interpolates by the place in the file between the timed points around", () => {
		expect(relativeTimes(["100000.00", "", "", "", "100000.80"])).toEqual([0, 200, 400, 600, 800]);
	});
});

describe("sixFixes: the date", () => {
	it("gives no notice on an empty file, whatever the offset", () => {
		const empty = parseGpsFile("").points;
		expect(sixFixes(empty, { date, utcOffsetMinutes: null }).report).toEqual([]);
		expect(sixFixes(empty, { date, utcOffsetMinutes: 0 }).fixes.length).toBe(0);
	});

	it("puts a first fix late in the UTC day on the folder's date for a positive offset", () => {
		// 20:00 UTC at UTC+2 is 22:00 local on the folder's date, 15/03.
		const late = points(["200000.00", "200000.10"]);
		const { fixes } = sixFixes(late, { date, utcOffsetMinutes: 120 });
		expect(fixes.timeMs[0]).toBe(Date.UTC(2025, 2, 15, 20));
		// 23:00 UTC at UTC+2 is 01:00 local on the next day: the folder's date is local, so the
		// fix falls on 14/03 UTC.
		const early = points(["230000.00"]);
		expect(sixFixes(early, { date, utcOffsetMinutes: 120 }).fixes.timeMs[0]).toBe(
			Date.UTC(2025, 2, 14, 23),
		);
	});

	it("reports in the file's order, whatever the reason", () => {
		// The second point goes back in time; the last has none and is extrapolated.
		const p = points(["100000.00", "095959.00", "100000.10", "100000.20", ""]);
		const { report, fixOfPoint } = sixFixes(p, { date, utcOffsetMinutes: 0 });
		expect(Array.from(fixOfPoint)).toEqual([0, -1, 1, 2, 3]);
		expect(report.map((r) => [r.line, r.reason])).toEqual([
			[2, "1 ponto (linha 2): hora não avança, ponto fora do canal de tempo"],
			[5, "1 ponto (linha 5) sem hora: hora estimada pelo período do GPS"],
		]);
	});
});

describe("utcOffsetFromLaps", () => {
	function session() {
		const s = simulateSession({
			seed: 7,
			circuit: "granja-viana",
			laps: 3,
			utcOffsetMinutes: -180,
		});
		return { lap: parseLapFile(s.lapSix), points: parseGpsFile(s.gpsSix).points };
	}

	/** The offset read from two simulated laps recorded at `utcOffsetMinutes`. */
	function offsetRead(utcOffsetMinutes: number, startTimeOfDaySec?: number): number | null {
		const s = simulateSession({
			seed: 7,
			circuit: "granja-viana",
			laps: 2,
			utcOffsetMinutes,
			startTimeOfDaySec,
		});
		return utcOffsetFromLaps(parseLapFile(s.lapSix), parseGpsFile(s.gpsSix).points);
	}

	/** The laps with lap `k`'s local start moved by `hours`. */
	function shifted(lap: LapFile, k: number, hours: number): LapFile {
		return {
			...lap,
			laps: lap.laps.map((l, i) => (i === k ? { ...l, entrySec: l.entrySec + hours * 3600 } : l)),
		};
	}

	it("finds the offset when local and UTC dates differ", () => {
		// 23:00 in São Paulo is 02:00 UTC; 07:00 in Tokyo is 22:00 UTC the day before.
		for (const [utcOffsetMinutes, startTimeOfDaySec] of [
			[-180, 23 * 3600],
			[540, 7 * 3600],
		] as const) {
			expect(offsetRead(utcOffsetMinutes, startTimeOfDaySec)).toBe(utcOffsetMinutes);
		}
	});

	it("gives one offset whatever the hour, from Hawaii (UTC-10) to New Zealand's summer (UTC+13)", () => {
		// UTC+13 and UTC-11 read alike from times of day; the hour the laps start must not
		// choose between them (01:00 local in Auckland is 12:00 UTC the day before).
		for (const utcOffsetMinutes of [-600, -180, 0, 345, 720, 780, 825]) {
			for (const startTimeOfDaySec of [3600, 12 * 3600, 23 * 3600]) {
				const offset = offsetRead(utcOffsetMinutes, startTimeOfDaySec);
				expect({ utcOffsetMinutes, startTimeOfDaySec, offset }).toEqual({
					utcOffsetMinutes,
					startTimeOfDaySec,
					offset: utcOffsetMinutes,
				});
			}
		}
	});

	it("reads UTC-11 and UTC-12, where no circuit is, as UTC+13 and UTC+12", () => {
		for (const [given, read] of [
			[-660, 780],
			[-720, 720],
		] as const) {
			expect(offsetRead(given)).toBe(read);
		}
	});

	it("reads the offset from a lap the file ends in", () => {
		// Lap 1 from 10:00 UTC to the end of the file; lap.six starts it at 07:00 local.
		const gps = parseGpsFile([0, 1, 2].map((k) => line(`10000${k}.00`, k)).join("\n")).points;
		const lap = parseLapFile("");
		const laps: LapFile = {
			...lap,
			laps: [
				{
					number: 1,
					timeMs: 2000,
					battery: "12.6V",
					entrySec: 7 * 3600,
					sectors: [null, null, null, null],
					sprintCount: 0,
					distanceM: 0,
					line: 1,
				},
			],
		};
		expect(utcOffsetFromLaps(laps, gps)).toBe(-180);
	});

	it("takes the offset most laps agree on", () => {
		const { lap, points } = session();
		expect(utcOffsetFromLaps(shifted(lap, 1, 1), points)).toBe(-180);
	});

	it("breaks a tie with the offset nearest UTC, in either order", () => {
		const { lap, points } = session();
		const two = { ...lap, laps: lap.laps.slice(0, 2) };
		expect(utcOffsetFromLaps(shifted(two, 0, 1), points)).toBe(-120);
		expect(utcOffsetFromLaps(shifted(two, 1, 1), points)).toBe(-120);
		expect(utcOffsetFromLaps(shifted(two, 1, -1), points)).toBe(-180);
		// UTC-1 and UTC+1 lie as near UTC: the first lap's stays.
		const apart = shifted(shifted(two, 0, 2), 1, 4);
		expect(utcOffsetFromLaps(apart, points)).toBe(-60);
	});
});

describe("sixFixes: the point of each fix", () => {
	it("names it when the first point is set aside", () => {
		// One timed point: nothing to fill from, so the untimed points stay out of the time channel.
		const { pointIndex, fixOfPoint } = sixFixes(points(["", "100000.00", ""]), {
			date,
			utcOffsetMinutes: 0,
		});
		expect(Array.from(pointIndex)).toEqual([1]);
		expect(Array.from(fixOfPoint)).toEqual([-1, 0, -1]);
	});
});
