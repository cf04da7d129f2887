import { describe, expect, it } from "vitest";
import type { Recording } from "../recording/types";
import { importRaceCapture } from "./racecapture";
import { crossingsMs, START_MS, sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf, EDGE_POSITIONS, strictlyIncreasing } from "./test-support";

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
		// RPM is logged every 40 ms, GPS every 100 ms: the fix at 700 ms has the RPM of 680 ms.
		expect(r.fixes.timeMs[2]).toBe(START_MS + 700);
		expect(r.fixes.extra.rpm![2]).toBe(6680);
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

// ---- Files written inside the tests ---------------------------------------------------------

/** A header cell as RaceCapture writes it: `"Name"|"Units"|min|max|rate`. */
const cell = (name: string, unit = "") => `"${name}"|"${unit}"|0|0|10`;

function raceCaptureFile(lines: readonly string[]): Uint8Array {
	return bytesOf(`${lines.join("\r\n")}\r\n`);
}

const rowsOf = (r: Recording) => r.report.map((e) => `${e.line} ${e.kind} ${e.reason}`);

/** Each fix as an object of its channels (NaN where a channel has no value), to 3 decimals. */
function fixObjects(r: Recording): Record<string, number>[] {
	const f = r.fixes;
	const round = (v: number) => Number(v.toFixed(3));
	return Array.from({ length: f.length }, (_, i) => ({
		timeMs: f.timeMs[i]!,
		line: f.line[i]!,
		lat: f.lat[i]!,
		lon: f.lon[i]!,
		speedKmh: round(f.speedKmh[i]!),
		...Object.fromEntries(
			Object.entries(f.extra).map(([name, values]) => [name, round(values![i]!)]),
		),
	}));
}

const T0 = 1740837600000;
const HEADER = ["Interval", "Utc", "Latitude", "Longitude"]
	.map((n) => cell(n, n === "Latitude" || n === "Longitude" ? "Degrees" : "ms"))
	.join(",");

describe("importRaceCapture: channels", () => {
	const NAMES: [string, string][] = [
		["Interval", "ms"],
		["Utc", "ms"],
		["Latitude", "Degrees"],
		["Longitude", "Degrees"],
		["Speed", "mph"],
		["Altitude", "ft"],
		["GPSSats", ""],
		["Heading", "Degrees"],
		["LapCount", ""],
		["RPM", "rpm"],
		["TPS", "%"],
	];
	const ROWS = [
		[1000, T0, -23.7, -46.7, 50, 2500, 11, 90, 0, 7000, 40],
		[1020, "", "", "", "", "", "", "", "", 7100, 42],
		[1100, T0 + 100, -23.7001, -46.7, 51, "", "", "", 1, "", ""],
	];

	it("finds every channel by its name, whatever the order; RPM and throttle keep their last value, the others do not", () => {
		for (let first = 0; first < NAMES.length; first++) {
			const rotate = <T>(cells: readonly T[]) => [...cells.slice(first), ...cells.slice(0, first)];
			const r = importRaceCapture(
				raceCaptureFile([
					rotate(NAMES)
						.map(([n, u]) => cell(n, u))
						.join(","),
					...ROWS.map((row) => rotate(row).join(",")),
				]),
				"c.log",
			);
			const at = `with ${NAMES[first]![0]} first`;
			expect(r.source, at).toEqual({ format: "racecapture", device: "RaceCapture" });
			expect(r.dateKnown, at).toBe(true);
			expect(fixObjects(r), at).toEqual([
				{
					timeMs: T0,
					line: 2,
					lat: -23.7,
					lon: -46.7,
					speedKmh: 80.467,
					altitudeM: 762,
					satellites: 11,
					headingDeg: 90,
					rpm: 7000,
					throttlePct: 40,
				},
				{
					timeMs: T0 + 100,
					line: 4,
					lat: -23.7001,
					lon: -46.7,
					speedKmh: 82.077,
					altitudeM: Number.NaN,
					satellites: Number.NaN,
					headingDeg: Number.NaN,
					rpm: 7100,
					throttlePct: 42,
				},
			]);
			expect(r.lapMarksMs, at).toEqual([T0 + 100]);
			expect(rowsOf(r), at).toEqual([]);
		}
	});

	it("reads the other names of speed, heading, RPM and throttle, and header cells spaced out", () => {
		const r = importRaceCapture(
			raceCaptureFile([
				[
					cell("Interval", "ms"),
					cell("Latitude"),
					cell("Longitude"),
					cell("GPSSpeed", "kph"),
					cell("GPSHeading"),
					cell("EngineSpeed"),
					cell("Throttle"),
				].join(" , "),
				"1000,-23.7,-46.7,36,180,5000,12.5",
			]),
			"n.log",
		);
		expect(fixObjects(r)).toEqual([
			{
				timeMs: 1000,
				line: 2,
				lat: -23.7,
				lon: -46.7,
				speedKmh: 36,
				headingDeg: 180,
				rpm: 5000,
				throttlePct: 12.5,
			},
		]);
	});

	it("takes off only the quotes around a name: a quote inside stays part of it", () => {
		const r = importRaceCapture(
			raceCaptureFile([
				`${HEADER},"Alti"tude"|"m"|0|0|10,"RPM"|""|0|0|10`,
				`1000,${T0},-23.7,-46.7,700,5000`,
			]),
			"q.log",
		);
		expect(Object.keys(r.fixes.extra)).toEqual(["rpm"]);
	});

	it("reads a line of one cell, not a blank line: the first column's value is kept", () => {
		const r = importRaceCapture(
			raceCaptureFile([
				`${cell("RPM", "rpm")},${HEADER}`,
				`7000,1000,${T0},-23.7,-46.7`,
				"7100",
				`,1100,${T0 + 100},-23.7001,-46.7`,
			]),
			"o.log",
		);
		expect([...r.fixes.extra.rpm!]).toEqual([7000, 7100]);
		const laps = importRaceCapture(
			raceCaptureFile([
				`${cell("LapCount")},${HEADER}`,
				`0,1000,${T0},-23.7,-46.7`,
				"1",
				`1,1100,${T0 + 100},-23.7001,-46.7`,
			]),
			"l.log",
		);
		// The lap changed on the one-cell line, which has no time: no mark, and none after it.
		expect(laps.lapMarksMs).toEqual([]);
		expect([...laps.fixes.timeMs]).toEqual([T0, T0 + 100]);
	});

	it("reads a Speed without units as km/h, with a notice, and a log without Speed as no speed", () => {
		const unitless = importRaceCapture(
			raceCaptureFile([`${HEADER},"Speed"`, `1000,${T0},-23.7,-46.7,36`]),
			"s.log",
		);
		expect(unitless.fixes.speedKmh[0]).toBe(36);
		expect(rowsOf(unitless)).toEqual(['1 notice unidade de Speed "" desconhecida: lida como km/h']);
		const none = importRaceCapture(raceCaptureFile([HEADER, `1000,${T0},-23.7,-46.7`]), "n.log");
		expect(none.fixes.speedKmh[0]).toBeNaN();
		expect(Object.keys(none.fixes.extra)).toEqual([]);
		expect(rowsOf(none)).toEqual([]);
	});

	it("refuses a header without Latitude, Longitude, or both Interval and Utc, on line 1", () => {
		const read = (names: string[]) =>
			importRaceCapture(
				raceCaptureFile([names.map((n) => cell(n)).join(","), `1000,-23.7,-46.7`]),
				"h.log",
			);
		for (const names of [
			["Interval", "Longitude"],
			["Interval", "Latitude"],
			["Latitude", "Longitude"],
		]) {
			const r = read(names);
			expect(r.source.format, `${names}`).toBe("racecapture");
			expect(r.fixes.length, `${names}`).toBe(0);
			expect(rowsOf(r), `${names}`).toEqual([
				"1 rejected cabeçalho RaceCapture sem Interval/Utc, Latitude e Longitude: nenhum ponto lido",
			]);
		}
		expect(read(["Interval", "Latitude", "Longitude"]).fixes.length).toBe(1);
		expect(read(["Utc", "Latitude", "Longitude"]).fixes.length).toBe(1);
	});
});

describe("importRaceCapture: times and lap marks", () => {
	it("dates rows by Utc, rows before it and without it by Interval and the first Utc minus Interval", () => {
		const r = importRaceCapture(
			raceCaptureFile([
				`${HEADER},${cell("LapCount")}`,
				"1000,0,-23.7,-46.7,0", // Utc 0: the GPS does not know the time yet
				"1050,,,,1",
				`1100,${T0 + 100},-23.7001,-46.7,1`,
				`1200,${T0 + 207},-23.7002,-46.7,1`, // the two clocks drift apart
				"1300,,-23.7003,-46.7,2",
			]),
			"t.log",
		);
		expect(r.dateKnown).toBe(true);
		expect([...r.fixes.timeMs]).toEqual([T0, T0 + 100, T0 + 207, T0 + 300]);
		expect(r.lapMarksMs).toEqual([T0 + 50, T0 + 300]);
		expect(rowsOf(r)).toEqual([]);
	});

	it("dates a lap mark made before the GPS knew the time, even with no fix before the first Utc", () => {
		const r = importRaceCapture(
			raceCaptureFile([
				`${HEADER},${cell("LapCount")}`,
				"1000,0,0.0,0.0,0", // before the GPS has a fix: Utc 0, position 0,0
				"1050,0,0.0,0.0,1",
				`1100,${T0 + 100},-23.7,-46.7,1`,
			]),
			"m.log",
		);
		expect([...r.fixes.timeMs]).toEqual([T0 + 100]);
		expect(r.lapMarksMs).toEqual([T0 + 50]);
	});

	it("checks the first Utc row against the rows dated from Interval before it, on one clock", () => {
		// The first fix has no Utc; the next row's Interval steps back, so once the first Utc
		// dates the two, the second is 100 ms before the first: not kept.
		const r = importRaceCapture(
			raceCaptureFile([
				HEADER,
				"1500,,-23.7,-46.7",
				`1400,${T0 + 400},-23.7001,-46.7`,
				`1600,${T0 + 600},-23.7002,-46.7`,
			]),
			"c.log",
		);
		expect([...r.fixes.timeMs]).toEqual([T0 + 500, T0 + 600]);
		expect(rowsOf(r)).toEqual(["3 rejected tempo não avança (anterior na linha 2)"]);
	});

	it("dates a row with Utc but no readable Interval by its Utc, before the first row with both", () => {
		// Rows with Utc need no Interval: the first Utc minus Interval (line 5) dates only the
		// rows without Utc, not the fixes on lines 2 and 4, nor the lap mark made on line 3.
		const r = importRaceCapture(
			raceCaptureFile([
				`${HEADER},${cell("LapCount")}`,
				`,${T0},-23.7,-46.7,0`,
				`,${T0 + 50},,,1`,
				`n/a,${T0 + 100},-23.7001,-46.7,1`,
				`1200,${T0 + 200},-23.7002,-46.7,1`,
			]),
			"v.log",
		);
		expect(r.dateKnown).toBe(true);
		expect([...r.fixes.timeMs]).toEqual([T0, T0 + 100, T0 + 200]);
		expect(r.lapMarksMs).toEqual([T0 + 50]);
		expect(rowsOf(r)).toEqual([]);
	});

	it("dates a log with Utc and no Interval column", () => {
		const utcOnly = ["Utc", "Latitude", "Longitude"].map((n) => cell(n)).join(",");
		const r = importRaceCapture(
			raceCaptureFile([
				utcOnly,
				`${T0},-23.7,-46.7`,
				`${T0 + 100},-23.7001,-46.7`,
				",-23.7002,-46.7",
			]),
			"u.log",
		);
		expect(r.dateKnown).toBe(true);
		expect([...r.fixes.timeMs]).toEqual([T0, T0 + 100]);
		expect(rowsOf(r)).toEqual(["4 rejected linha sem Interval nem Utc legíveis"]);
	});

	it("says so when no row has Utc, and counts from the logger's start", () => {
		const r = importRaceCapture(
			raceCaptureFile([HEADER, "1000,0,-23.7,-46.7", "1100,,-23.7001,-46.7"]),
			"n.log",
		);
		expect(r.dateKnown).toBe(false);
		expect([...r.fixes.timeMs]).toEqual([1000, 1100]);
		expect(rowsOf(r)).toEqual(["0 notice sem Utc: horários contados do início do registro"]);
	});
});

describe("importRaceCapture: rows", () => {
	/** A one-row log with a fix at `lat`, `lon`: what is kept, and what is reported. */
	const onePosition = (lat: string, lon: string) => {
		const r = importRaceCapture(raceCaptureFile([HEADER, `1000,${T0},${lat},${lon}`]), "p.log");
		return { fixes: r.fixes.length, report: rowsOf(r) };
	};

	it("keeps positions up to the poles and the antimeridian, on the equator and the prime meridian", () => {
		for (const [lat, lon] of EDGE_POSITIONS) {
			expect(onePosition(lat, lon), `${lat}, ${lon}`).toEqual({ fixes: 1, report: [] });
		}
	});

	it("refuses positions out of range on their line, and passes over 0,0 (no fix yet) silently", () => {
		for (const [lat, lon] of [
			["90.1", "-46.7"],
			["-90.1", "-46.7"],
			["-23.7", "180.1"],
			["-23.7", "-180.1"],
			["95", "0"],
			["0", "200"],
		]) {
			expect(onePosition(lat!, lon!), `${lat}, ${lon}`).toEqual({
				fixes: 0,
				report: [`2 rejected posição fora do intervalo: ${Number(lat)}, ${Number(lon)}`],
			});
		}
		expect(onePosition("0", "0")).toEqual({ fixes: 0, report: [] });
	});

	it("skips blank lines, refuses a half position and a position without time", () => {
		const r = importRaceCapture(
			raceCaptureFile([
				HEADER,
				"",
				"   ",
				`1000,${T0},-23.7,-46.7`,
				`1100,${T0 + 100},-23.7001,`,
				`1200,${T0 + 200},,-46.7`,
				",,-23.7002,-46.7",
				`1300,${T0 + 300},-23.7003,-46.7`,
			]),
			"r.log",
		);
		expect([...r.fixes.line]).toEqual([4, 8]);
		expect(rowsOf(r)).toEqual([
			'5 rejected posição ilegível: "-23.7001", ""',
			'6 rejected posição ilegível: "", "-46.7"',
			"7 rejected linha sem Interval nem Utc legíveis",
		]);
	});
});
