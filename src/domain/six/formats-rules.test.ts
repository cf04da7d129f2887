/**
 * One test per rule of FORMATS.md, named by the rule's own words, so the coverage of the
 * binding format page can be read from the test list.
 */
import { describe, expect, it } from "vitest";
import {
	formatDateFolder,
	formatEntry,
	formatLapTime,
	formatTreeLapTime,
	isValidDateFolder,
	isValidHardwareId,
	isValidTrackName,
} from "../format";
import { analyzeSession, analyzeSixFiles } from "./analyze";
import { parseGpsFile } from "./parse-gps";
import { parseLapFile } from "./parse-lap";
import { splitLaps } from "./split-laps";

const S = ",,,,,|,,,,,|,,,,,|,,,,,";
const lap = (number: number | string, time = "0123456", rest = `12.6V|36000|${S}|0|1800`) =>
	`${time}|${rest}|${number}`;
const fix = (lapCount: number, flag: number, extra = "") =>
	`-23.5,-46.6|100|9|100000.00|${lapCount}|${flag}|12.6V|1.5|1.2|100${extra}`;
const lapLines = (text: string) => parseLapFile(text).report.map((r) => r.line);
const gpsLines = (text: string) => parseGpsFile(text).report.map((r) => r.line);
const gpsReason = (text: string) => parseGpsFile(text).report[0]?.reason ?? "";
const paths = (gps: string, completed: number[]) =>
	splitLaps(parseGpsFile(gps).points, new Set(completed)).paths.map((p) => p.lapNumber);

describe("FORMATS.md: common rules", () => {
	it('"Line endings LF or CRLF. A missing final newline is fine."', () => {
		const lf = parseGpsFile(`${fix(1, 1)}\n${fix(1, 1)}\n`);
		const crlf = parseGpsFile(`${fix(1, 1)}\r\n${fix(1, 1)}`);
		expect(crlf).toEqual(lf);
		expect(parseLapFile(`${lap(1)}\r\n${lap(2)}`).laps).toHaveLength(2);
	});

	it('"Blank lines (empty or whitespace only) are ignored."', () => {
		const text = `\n \t\r\n${fix(1, 1)}\n\n   \n${fix(1, 1)}\n`;
		expect(parseGpsFile(text).report).toEqual([]);
		expect(Array.from(parseGpsFile(text).points.line)).toEqual([3, 6]);
		expect(parseLapFile(`\n  \n${lap(1)}\n\t\n`).report).toEqual([]);
	});

	it('"Fields are separated by `|`. Sub-fields by `,`. Surrounding spaces are trimmed."', () => {
		const gps = parseGpsFile(" -23.5 , -46.6 | 100 | 9 | 100000 | 1 | 1 | 12.6 V | 1 | 2 | 3 ");
		expect([gps.points.lat[0], gps.points.lon[0], gps.points.battery[0]]).toEqual([
			-23.5,
			-46.6,
			"12.6 V",
		]);
		const laps = parseLapFile(" 0123456 | 12.6V | 1 | 100 , 1 , 2 , 3 , 01.0 , 5 |||| 0 | 9 | 4 ");
		expect(laps.laps[0]?.sectors[0]).toMatchObject({ timeMs: 100, display: "01.0", distanceM: 5 });
	});

	it('"A line that breaks a rule below is rejected: it goes into the parse report with its 1-based line number, the file name and a reason, and parsing goes on with the next line."', () => {
		const file = parseGpsFile(`${fix(1, 1)}\nbad\n${fix(1, 1)}`);
		expect(file.points.length).toBe(2);
		expect(file.report).toEqual([
			{
				file: "gps.six",
				line: 2,
				kind: "rejected",
				reason: "esperados 10 campos (ou 7 na variante antiga), encontrados 1",
			},
		]);
		expect(parseLapFile(`${lap(1)}\nbad`).report[0]).toMatchObject({ file: "lap.six", line: 2 });
	});

	it('"A file never makes the parser throw; a file with no valid line yields an empty result plus the report."', () => {
		const bytes = new Uint8Array([0, 255, 124, 10, 13, 200, 44, 46, 45]);
		expect(() => parseGpsFile(bytes)).not.toThrow();
		const gps = parseGpsFile("x\ny");
		expect([gps.points.length, gps.report.length]).toEqual([0, 2]);
		const laps = parseLapFile("x\ny");
		expect([laps.laps.length, laps.report.length]).toEqual([0, 2]);
	});

	it('"Numbers use `.` as decimal separator. `NaN`, `Infinity`, hex and exponent forms are rejected."', () => {
		for (const speed of [
			"1,5",
			"NaN",
			"Infinity",
			"-Infinity",
			"0x10",
			"1e3",
			"1E3",
			"",
			"+1",
			".5",
			"5.",
		]) {
			expect(gpsLines(`-23.5,-46.6|${speed}|9|100000|1|1|x`)).toEqual([1]);
		}
		expect(lapLines(lap("0x1"))).toEqual([1]);
		expect(lapLines(lap("1e2"))).toEqual([1]);
	});
});

describe("FORMATS.md: lap.six", () => {
	it('"lapTime: left-pad with `0` to 7 digits, read as `mmssSSS`. `123456` -> `0123456` -> 1:23.456 = 83 456 ms."', () => {
		expect(parseLapFile(lap(1, "123456")).laps[0]?.timeMs).toBe(83_456);
	});

	it('"Seconds part must be < 60."', () => {
		expect(lapLines(lap(1, "0060000"))).toEqual([1]);
		expect(lapLines(lap(1, "0059999"))).toEqual([]);
	});

	it('"More than 7 digits: rejected."', () => {
		expect(lapLines(lap(1, "00123456"))).toEqual([1]);
	});

	it('"Displayed `mm:ss.SSS`."', () => {
		expect(formatLapTime(83_456)).toBe("01:23.456");
	});

	it('"battery: battery reading as the device wrote it (`12.6V`, `87%`): shown verbatim"', () => {
		expect(parseLapFile(lap(1, "0123456", `87%|0|${S}|0|0`)).laps[0]?.battery).toBe("87%");
	});

	it('"entry: time of day the lap started, seconds since local midnight (0..86399); displayed `hh:mm:ss`"', () => {
		expect(lapLines(lap(1, "0123456", `x|86399|${S}|0|0`))).toEqual([]);
		expect(lapLines(lap(1, "0123456", `x|86400|${S}|0|0`))).toEqual([1]);
		expect(formatEntry(36_083)).toBe("10:01:23");
	});

	it('"Sector sub-fields: `timerMs,upFlag,upMax,upTrack,display,metres`"', () => {
		const sector = parseLapFile(lap(1, "0123456", "x|0|20100,1,5,7,20.1,400|||" + "|0|0")).laps[0]
			?.sectors[0];
		expect(sector).toEqual({
			number: 1,
			timeMs: 20_100,
			improved: true,
			upMax: 5,
			upTrack: 7,
			display: "20.1",
			distanceM: 400,
		});
		expect(lapLines(lap(1, "0123456", "x|0|20100,2,5,7,,400||||0|0"))).toEqual([1]);
	});

	it('"display: the device\'s own text for the sector time (may be empty: then show `timerMs` as `ss.SSS`)"', () => {
		expect(
			parseLapFile(lap(1, "0123456", "x|0|5123,0,0,0,,1||||0|0")).laps[0]?.sectors[0]?.display,
		).toBe("05.123");
	});

	it('"A sector with all sub-fields empty means \\"not recorded\\"."', () => {
		expect(parseLapFile(lap(1)).laps[0]?.sectors).toEqual([null, null, null, null]);
	});

	it('"lapNumber: integer >= 1"', () => {
		expect(lapLines([lap(0), lap(-1), lap(1.5), lap(1)].join("\n"))).toEqual([1, 2, 3]);
	});

	it('"Exactly 10 fields, else rejected."', () => {
		expect(
			lapLines([`${lap(1)}|x`, lap(1).split("|").slice(1).join("|"), lap(1)].join("\n")),
		).toEqual([1, 2]);
	});

	it('"Duplicate lap numbers: the later line wins and the earlier one is reported."', () => {
		const file = parseLapFile(`${lap(1, "0100000")}\n${lap(1, "0200000")}`);
		expect(file.laps.map((l) => l.timeMs)).toEqual([120_000]);
		expect(file.report.map((r) => r.line)).toEqual([1]);
	});
});

describe("FORMATS.md: gps.six", () => {
	it('"Current variant, 10 fields" (position, speed, satellites, time, lapCount, firstLapFlag, battery, roll, filteredLean, metres)', () => {
		const p = parseGpsFile("-23.5,-46.6|101.5|9|100000.5|2|1|12.6V|-30.5|-29|1234").points;
		expect([
			p.lat[0],
			p.lon[0],
			p.speedKmh[0],
			p.satellites[0],
			p.timeOfDayMs[0],
			p.lapCount[0],
			p.timingFlag[0],
			p.battery[0],
			p.roll[0],
			p.filteredLean[0],
			p.distanceM[0],
		]).toEqual([-23.5, -46.6, 101.5, 9, 36_000_500, 2, 1, "12.6V", -30.5, -29, 1234]);
	});

	it('"speed: km/h, >= 0"', () => {
		expect(
			gpsLines([fix(1, 1).replace("|100|", "|-1|"), fix(1, 1).replace("|100|", "|0|")].join("\n")),
		).toEqual([1]);
	});

	it('"time: UTC time of day: `hhmmss.ss` (NMEA style, any number of decimals) or `hh:mm:ss[.fff]`"', () => {
		const times = ["235959", "235959.9", "235959.123456", "23:59:59", "23:59:59.5"];
		const p = parseGpsFile(times.map((t) => `1,1|0|0|${t}|0|0|x`).join("\n")).points;
		expect(Array.from(p.timeOfDayMs)).toEqual([
			86_399_000, 86_399_900, 86_399_123.456, 86_399_000, 86_399_500,
		]);
		expect(
			gpsLines(
				["240000", "236000", "23:59", "2359590", "23.59.59"]
					.map((t) => `1,1|0|0|${t}|0|0|x`)
					.join("\n"),
			),
		).toEqual([1, 2, 3, 4, 5]);
	});

	it('"lapCount: integer >= 0"', () => {
		expect(
			gpsLines(
				["1,1|0|0|000000|0|0|x", "1,1|0|0|000000|-1|0|x", "1,1|0|0|000000|1.0|0|x"].join("\n"),
			),
		).toEqual([2, 3]);
	});

	it('"firstLapFlag: `0`/`1` — 1 = timing active"', () => {
		expect(
			gpsLines(["0", "1", "2", "-1", "true", ""].map((f) => `1,1|0|0|000000|0|${f}|x`).join("\n")),
		).toEqual([3, 4, 5, 6]);
	});

	it('"roll: lean angle in degrees, positive = leaning right, negative = left"', () => {
		const { summary } = analyzeSixFiles(
			lap(1),
			[fix(1, 1).replace("|1.5|", "|40|"), fix(1, 1).replace("|1.5|", "|-35|")].join("\n"),
		);
		expect(summary.maxRoll).toEqual({ deg: 40, lap: 1 });
		expect(summary.minRoll).toEqual({ deg: -35, lap: 1 });
	});

	it('"Older variant, 7 fields: `x,y|speed|satellites|time|lapCount|firstLapFlag|battery` (no roll, lean or distance: those are absent, not zero)"', () => {
		const p = parseGpsFile("-23.5,-46.6|10|5|101010|1|1|87%").points;
		expect([p.lat[0], p.lon[0], p.battery[0]]).toEqual([-23.5, -46.6, "87%"]);
		expect([p.roll[0], p.filteredLean[0], p.distanceM[0]].every(Number.isNaN)).toBe(true);
	});

	it('"The variant is decided per line by its field count; any other count is rejected."', () => {
		const lines = [
			fix(1, 1),
			"-23.5,-46.6|10|5|101010|1|1|87%",
			`${fix(1, 1)}|9`,
			"1,1|0|0|000000|0|0",
			"1,1|0|0|000000|0|0|x|1",
		];
		const file = parseGpsFile(lines.join("\n"));
		expect(Array.from(file.points.line)).toEqual([1, 2]);
		expect(file.report.map((r) => r.line)).toEqual([3, 4, 5]);
	});

	it('"Invalid coordinates (non-numeric, |lat| > 90, |lon| > 180, or exactly `0,0` meaning \\"no fix\\") are rejected and reported; the rest of the line is dropped too."', () => {
		const bad = [
			"x,1",
			"1,x",
			"90.0000001,1",
			"-90.1,1",
			"1,180.5",
			"1,-181",
			"0,0",
			"0.000,-0.0",
			"1",
			"",
		];
		expect(gpsLines(bad.map((p) => `${p}|0|0|000000|0|0|x`).join("\n"))).toEqual([
			1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		]);
		expect(
			gpsLines(["90,180", "-90,-180", "0,1"].map((p) => `${p}|0|0|000000|0|0|x`).join("\n")),
		).toEqual([]);
		expect(gpsReason("0,0|0|0|000000|0|0|x")).toBe("posição: 0,0 significa sem sinal de GPS");
	});
});

describe("FORMATS.md: laps from GPS points", () => {
	it('"1. A point with flag 1: if `collected` is not empty and its `lapCount` differs from `current`, save `collected` as lap `current`\'s path and start a new list."', () => {
		expect(paths([fix(1, 1), fix(1, 1), fix(2, 1)].join("\n"), [])).toEqual([1]);
	});

	it('"2. A point with flag 0 that follows a flag-1 point: discard `collected` (the rider left timing, e.g. into the pits)."', () => {
		expect(paths([fix(1, 1), fix(1, 0), fix(2, 1), fix(3, 1)].join("\n"), [])).toEqual([2]);
	});

	it('"3. End of file: the points still collected form lap `current`\'s path only if `lap.six` has that lap number; otherwise they are an unfinished lap, kept out of every lap table and statistic."', () => {
		const gps = [fix(1, 1), fix(2, 1)].join("\n");
		expect(paths(gps, [1])).toEqual([1]);
		expect(paths(gps, [1, 2])).toEqual([1, 2]);
		const unfinished = analyzeSixFiles(
			lap(1),
			`${fix(1, 1)}\n${fix(2, 1).replace("|100|", "|300|")}`,
		);
		expect(unfinished.summary.maxSpeed).toEqual({ kmh: 100, lap: 1 });
	});

	it('"A path is saved for a lap number only once: a second run of the same lap number replaces the first and is reported."', () => {
		const result = splitLaps(
			parseGpsFile([fix(1, 1), fix(2, 1), fix(1, 1), fix(3, 1)].join("\n")).points,
			new Set([3]),
		);
		expect(result.paths.map((p) => [p.lapNumber, p.start])).toEqual([
			[1, 2],
			[2, 1],
			[3, 3],
		]);
		expect(result.report.map((r) => r.line)).toEqual([1]);
	});
});

describe("FORMATS.md: derived figures", () => {
	const laps = [lap(1, "0130000"), lap(2, "0120000"), lap(3, "0125000")].join("\n");
	const gps = [
		fix(1, 1).replace("|100|", "|150|"),
		fix(2, 1).replace("|1.5|", "|45|"),
		fix(3, 1).replace("|1.5|", "|-50|"),
	].join("\n");
	const { summary } = analyzeSession(parseLapFile(laps), parseGpsFile(gps));

	it('"best lap (lowest lap time)"', () =>
		expect(summary.bestLap).toEqual({ number: 2, timeMs: 80_000 }));

	it('"highest speed with its lap number, highest roll (max right lean) with its lap, lowest roll (max left lean, most negative) with its lap — these three from GPS points that belong to saved lap paths"', () => {
		expect(summary.maxSpeed).toEqual({ kmh: 150, lap: 1 });
		expect(summary.maxRoll).toEqual({ deg: 45, lap: 2 });
		expect(summary.minRoll).toEqual({ deg: -50, lap: 3 });
	});

	it('"theoretical best = sum over sectors 1..4 of the best `timerMs` among all laps (only when every lap has all 4 sectors)"', () => {
		expect(summary.theoreticalBestMs).toBeNull();
		const all = (a: number) =>
			`x|0|${a},0,0,0,,1|${a + 1},0,0,0,,1|${a + 2},0,0,0,,1|${a + 3},0,0,0,,1|0|0`;
		const two = parseLapFile(`${lap(1, "0100000", all(10))}\n${lap(2, "0100000", all(5))}`);
		expect(analyzeSession(two, parseGpsFile("")).summary.theoreticalBestMs).toBe(5 + 6 + 7 + 8);
	});

	it('"lap-time mean and standard deviation" (population standard deviation)', () => {
		expect(summary.meanLapMs).toBe(80_000 + 5000);
		expect(summary.stdDevLapMs).toBeCloseTo(Math.sqrt((5000 ** 2 + 5000 ** 2 + 0) / 3), 9);
	});

	it('"Per lap: time, distance, sectors, max/min speed, max right and left lean, number of GPS points, path."', () => {
		const result = analyzeSixFiles(laps, gps);
		expect(result.laps[1]).toMatchObject({
			number: 2,
			timeMs: 80_000,
			distanceM: 1800,
			sectors: [],
			maxSpeedKmh: 100,
			minSpeedKmh: 100,
			maxRollDeg: 45,
			minRollDeg: 45,
			points: 1,
		});
		expect(result.paths.find((p) => p.lapNumber === 2)).toEqual({ lapNumber: 2, start: 1, end: 2 });
	});

	it('"Ties: the lowest lap number wins."', () => {
		const tie = analyzeSixFiles(
			[lap(2, "0100000"), lap(1, "0100000")].join("\n"),
			[fix(1, 1), fix(2, 1)].join("\n"),
		);
		expect(tie.summary.bestLap?.number).toBe(1);
		expect(tie.summary.maxSpeed?.lap).toBe(1);
	});
});

describe("FORMATS.md: storage layout", () => {
	it('"`ddmmyyyy` must be a real calendar date (`31022025` is rejected)."', () => {
		expect(isValidDateFolder("31022025")).toBe(false);
		expect(isValidDateFolder("28022025")).toBe(true);
	});

	it('"`track` is 1..64 characters, no `/`, `\\`, control characters, and not `.` or `..`."', () => {
		expect(["Interlagos", "a".repeat(64)].every(isValidTrackName)).toBe(true);
		expect(["", "a".repeat(65), "a/b", "a\\b", "a\tb", ".", ".."].some(isValidTrackName)).toBe(
			false,
		);
	});

	it('"`hardwareId` is 1..64 characters of letters, digits, `-` and `_`."', () => {
		expect(isValidHardwareId("SIX-001_a")).toBe(true);
		expect(["", "a b", "a.b", "a".repeat(65)].some(isValidHardwareId)).toBe(false);
	});

	it('"Displayed in the session tree: date folders as `dd/mm/yyyy`; laps as numbered entries with their lap time as `mm:ss.hh` (hundredths, truncated)."', () => {
		expect(formatDateFolder("05032025")).toBe("05/03/2025");
		expect(formatTreeLapTime(83_459)).toBe("01:23.45");
	});
});
