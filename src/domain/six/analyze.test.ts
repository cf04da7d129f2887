import { describe, expect, it } from "vitest";
import { analyzeSession, analyzeSixFiles } from "./analyze";
import { parseGpsFile } from "./parse-gps";
import { parseLapFile } from "./parse-lap";
import { FIXTURE_FOLDERS, fixture, hasFixture } from "./test-fixtures";

const analyzeFixture = (folder: Parameters<typeof fixture>[0]) =>
	analyzeSixFiles(
		hasFixture(folder, "lap.six") ? fixture(folder, "lap.six") : null,
		hasFixture(folder, "gps.six") ? fixture(folder, "gps.six") : null,
	);

describe("analyzeSession", () => {
	it("computes the session and per-lap figures of the normal fixture", () => {
		const { laps, summary, paths } = analyzeFixture("normal");
		expect(summary).toEqual({
			bestLap: { number: 2, timeMs: 81_034 },
			theoreticalBestMs: 19_800 + 29_900 + 14_900 + 16_434,
			maxSpeed: { kmh: 158.9, lap: 2 },
			maxRoll: { deg: 44, lap: 2 },
			minRoll: { deg: -41.25, lap: 2 },
			meanLapMs: (83_456 + 81_034 + 82_500) / 3,
			stdDevLapMs: Math.sqrt(
				[83_456, 81_034, 82_500].reduce(
					(s, t) => s + (t - (83_456 + 81_034 + 82_500) / 3) ** 2,
					0,
				) / 3,
			),
			lapCount: 3,
			gpsPointCount: 13,
		});
		expect(paths.map((p) => p.lapNumber)).toEqual([1, 2, 3]);
		expect(laps[0]).toMatchObject({
			number: 1,
			points: 3,
			maxSpeedKmh: 152.3,
			minSpeedKmh: 98.4,
			maxRollDeg: 42.25,
			minRollDeg: -38.5,
		});
	});

	it("gives ties to the lowest lap number", () => {
		const lap = parseLapFile(
			["0100000|x|0|||||0|0|2", "0100000|x|0|||||0|0|1", "0100000|x|0|||||0|0|3"].join("\n"),
		);
		const gps = parseGpsFile(
			[
				"1,1|50|9|000000|1|1|x|10|0|0",
				"1,1|50|9|000000|2|1|x|10|0|0",
				"1,1|50|9|000000|3|1|x|-10|0|0",
			].join("\n"),
		);
		const { summary } = analyzeSession(lap, gps);
		expect(summary.bestLap).toEqual({ number: 1, timeMs: 60_000 });
		expect(summary.maxSpeed).toEqual({ kmh: 50, lap: 1 });
		expect(summary.maxRoll).toEqual({ deg: 10, lap: 1 });
		expect(summary.minRoll).toEqual({ deg: -10, lap: 3 });
		expect(summary.stdDevLapMs).toBe(0);
	});

	it("has no theoretical best unless every lap has all four sectors", () => {
		const full = "1000,0,0,0,,1|2000,0,0,0,,1|3000,0,0,0,,1|4000,0,0,0,,1";
		const partial = "1000,0,0,0,,1|2000,0,0,0,,1|3000,0,0,0,,1|,,,,,";
		const both = parseLapFile(`0010000|x|0|${full}|0|0|1\n0009000|x|0|${partial}|0|0|2`);
		expect(analyzeSession(both, parseGpsFile("")).summary.theoreticalBestMs).toBeNull();
		const two = parseLapFile(
			`0010000|x|0|${full}|0|0|1\n0010000|x|0|4000,0,0,0,,1|1000,0,0,0,,1|3000,0,0,0,,1|500,0,0,0,,1|0|0|2`,
		);
		expect(analyzeSession(two, parseGpsFile("")).summary.theoreticalBestMs).toBe(
			1000 + 1000 + 3000 + 500,
		);
	});

	it("takes speed and roll only from saved lap paths", () => {
		// The 300 km/h point is before the start (flag 0) and in the unfinished last lap.
		const gps = parseGpsFile(
			[
				"1,1|300|9|000000|0|0|x|80|0|0",
				"1,1|100|9|000000|1|1|x|20|0|0",
				"1,1|300|9|000000|2|1|x|-80|0|0",
			].join("\n"),
		);
		const { summary, laps } = analyzeSession(parseLapFile("0100000|x|0|||||0|0|1"), gps);
		expect(summary.maxSpeed).toEqual({ kmh: 100, lap: 1 });
		expect(summary.minRoll).toEqual({ deg: 20, lap: 1 });
		expect(laps[0]?.points).toBe(1);
	});

	it("leaves roll figures null for the old variant", () => {
		// Lap 2 (the one 10-field line) is unfinished: only lap 1, all 7-field, counts.
		const { laps, summary } = analyzeFixture("old-variant");
		expect(summary.maxRoll).toBeNull();
		expect(summary.maxSpeed).toEqual({ kmh: 152.3, lap: 1 });
		expect(laps[0]?.maxRollDeg).toBeNull();
		expect(laps[0]?.points).toBe(3);
	});

	it("reads lap.six alone: laps without paths or speed figures", () => {
		const result = analyzeSixFiles(fixture("normal", "lap.six"), null);
		expect(result.laps.map((l) => [l.number, l.points, l.maxSpeedKmh])).toEqual([
			[1, 0, null],
			[2, 0, null],
			[3, 0, null],
		]);
		expect(result.summary.maxSpeed).toBeNull();
		expect(result.summary.bestLap).toEqual({ number: 2, timeMs: 81_034 });
	});

	it("reads gps.six alone: paths closed by a lap change, no lap table", () => {
		const result = analyzeSixFiles(null, fixture("normal", "gps.six"));
		expect(result.laps).toEqual([]);
		expect(result.paths.map((p) => p.lapNumber)).toEqual([1, 2, 3]);
		expect(result.summary.maxSpeed).toEqual({ kmh: 158.9, lap: 2 });
		expect(result.summary.bestLap).toBeNull();
		expect(result.summary.meanLapMs).toBeNull();
	});

	it("reports a saved path whose lap is missing from lap.six", () => {
		const { report } = analyzeFixture("flag-zero");
		expect(report.map((r) => `${r.file}:${r.line}`)).toEqual(["gps.six:5", "gps.six:9"]);
		const { report: missing } = analyzeSixFiles(
			"0100000|x|0|||||0|0|2",
			fixture("normal", "gps.six"),
		);
		expect(missing.some((r) => r.reason.includes("volta 1: trajeto salvo sem linha"))).toBe(true);
	});

	it("marks unreadable lines rejected and data set aside by a rule as notices", () => {
		const kinds = (folder: Parameters<typeof fixture>[0]) =>
			analyzeFixture(folder).report.map((r) => `${r.file}:${r.line}:${r.kind}`);
		// flag-zero: a discarded stretch and an unfinished lap, every line readable.
		expect(kinds("flag-zero")).toEqual(["gps.six:5:notice", "gps.six:9:notice"]);
		// duplicate-laps: the earlier of two lines with one lap number is replaced, not unreadable.
		expect(kinds("duplicate-laps").filter((k) => k.startsWith("lap.six"))).toEqual([
			"lap.six:2:notice",
		]);
		// malformed: every lap.six entry is a line that could not be read.
		const malformed = analyzeFixture("malformed").report.filter((r) => r.file === "lap.six");
		expect(malformed.length).toBeGreaterThan(0);
		expect(malformed.every((r) => r.kind === "rejected")).toBe(true);
	});

	it("sorts the report by file (lap.six first) then line", () => {
		const { report } = analyzeFixture("malformed");
		const keys = report.map((r) => [r.file === "lap.six" ? 0 : 1, r.line]);
		expect(keys).toEqual([...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
		expect(report[0]?.file).toBe("lap.six");
		expect(report.at(-1)?.file).toBe("gps.six");
	});
});

describe("session fixtures", () => {
	for (const folder of FIXTURE_FOLDERS) {
		it(`analyses ${folder}`, () => {
			const { laps, summary, report, paths } = analyzeFixture(folder);
			expect({ laps, summary, report, paths }).toMatchSnapshot();
		});
	}
});

describe("shortestFloat32", () => {
	it("gives back the decimal the device wrote for a float32 value", async () => {
		const { shortestFloat32 } = await import("./analyze");
		for (const text of ["158.9", "0.1", "-41.25", "123.45", "0", "299.99"]) {
			expect(shortestFloat32(Math.fround(Number(text)))).toBe(Number(text));
		}
		expect(shortestFloat32(Number.NaN)).toBeNaN();
	});
});
