import { describe, expect, it } from "vitest";
import { importRaceChrono } from "./racechrono";
import { crossingsMs, START_MS } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf, strictlyIncreasing } from "./test-support";

const BANNER = "This file is created using RaceChrono v8.0.5 ( http://racechrono.com/ ).";

function csv(
	columns: [name: string, unit: string, source: string][],
	rows: string[],
	format = "3",
): Uint8Array {
	return bytesOf(
		[
			BANNER,
			`Format,${format}`,
			'Session title,"Sessão"',
			'Track name,"Pista X"',
			"Created,01/03/2025,14:00",
			"",
			columns.map((c) => c[0]).join(","),
			columns.map((c) => c[1]).join(","),
			columns.map((c) => c[2]).join(","),
			...rows,
		].join("\n"),
	);
}

const BASIC: [string, string, string][] = [
	["timestamp", "unix time", ""],
	["lap_number", "", ""],
	["latitude", "deg", "100: gps"],
	["longitude", "deg", "100: gps"],
	["speed", "m/s", "100: gps"],
];

describe("importRaceChrono", () => {
	it('refuses a Format other than 3 with "exporte como CSV v3"', () => {
		const r = importRaceChrono(csv(BASIC, ["1740837600.0,1,-23.7,-46.7,10"], "2"), "s.csv");
		expect(r.fixes.length).toBe(0);
		expect(r.report).toEqual([
			{
				file: "s.csv",
				line: 2,
				kind: "rejected",
				reason: "formato RaceChrono 2 não suportado: exporte como CSV v3",
			},
		]);
	});

	it("names the device from the banner and the track from the preamble", () => {
		const r = importRaceChrono(csv(BASIC, ["1740837600.0,1,-23.7,-46.7,10"]), "s.csv");
		expect(r.source).toEqual({ format: "racechrono", device: "RaceChrono 8.0.5" });
		expect(fixtureSource()).toEqual({ format: "racechrono", device: "RaceChrono Pro 9.1.3" });
		expect(r.trackName).toBe("Pista X");
	});

	it("reads timestamp (Unix seconds) as exact epoch milliseconds: the date is known", () => {
		const r = importRaceChrono(
			csv(BASIC, ["1740837600.04,1,-23.7,-46.7,10", "1740837600.08,1,-23.7,-46.7,10"]),
			"s.csv",
		);
		expect([...r.fixes.timeMs]).toEqual([1740837600040, 1740837600080]);
		expect(r.dateKnown).toBe(true);
	});

	it("reads repeated names by position, the gps source for speed, and says which columns it ignored", () => {
		const r = importRaceChrono(
			csv(
				[
					["timestamp", "unix time", ""],
					["speed", "m/s", "calc"],
					["latitude", "deg", "100: gps"],
					["longitude", "deg", "100: gps"],
					["speed", "m/s", "100: gps"],
					["speed", "km/h", "200: obd"],
				],
				["1740837600.0,1,-23.7,-46.7,10,99"],
			),
			"s.csv",
		);
		expect(r.fixes.speedKmh[0]).toBeCloseTo(36, 5);
		expect(r.report[0]).toMatchObject({
			line: 0,
			kind: "notice",
			reason:
				"coluna speed (100: gps), coluna 5, usada; ignoradas: speed (calc), coluna 2; speed (200: obd), coluna 6",
		});
	});

	it("converts speed from m/s (and from a km/h unit row) to km/h", () => {
		const kmh = importRaceChrono(
			csv([...BASIC.slice(0, 4), ["speed", "km/h", "100: gps"]], ["1740837600.0,1,-23.7,-46.7,72"]),
			"s.csv",
		);
		expect(kmh.fixes.speedKmh[0]).toBe(72);
		const ms = importRaceChrono(csv(BASIC, ["1740837600.0,1,-23.7,-46.7,20"]), "s.csv");
		expect(ms.fixes.speedKmh[0]).toBe(72);
	});

	it("marks a lap where lap_number changes, at that row's timestamp", () => {
		const r = importRaceChrono(fixtureBytes("racechrono/normal.csv"), "n.csv");
		const expected = crossingsMs(110).map((t) => Math.round(START_MS + t));
		expect(r.lapMarksMs).toEqual(expected);
	});

	it("marks the first lap number after a second or more of blanks (the out-lap), not after a short gap", () => {
		const rows = (gapEnd: number) => [
			"1740837600.0,,-23.7,-46.7,10",
			`1740837600.5,,-23.7001,-46.7,10`,
			`${1740837600 + gapEnd},1,-23.7002,-46.7,10`,
			`${1740837600 + gapEnd + 1},1,-23.7003,-46.7,10`,
			`${1740837600 + gapEnd + 2},2,-23.7004,-46.7,10`,
		];
		expect(importRaceChrono(csv(BASIC, rows(1.5)), "s.csv").lapMarksMs).toEqual([
			1740837601500, 1740837603500,
		]);
		expect(importRaceChrono(csv(BASIC, rows(0.7)), "s.csv").lapMarksMs).toEqual([1740837602700]);
	});

	it("makes no fix of a row without position (another sensor's sample) and counts them", () => {
		const r = importRaceChrono(
			csv(BASIC, [
				"1740837600.0,1,-23.7,-46.7,10",
				"1740837600.02,1,,,",
				"1740837600.04,1,-23.7001,-46.7,10",
			]),
			"s.csv",
		);
		expect(r.fixes.length).toBe(2);
		expect(r.report).toContainEqual({
			file: "s.csv",
			line: 0,
			kind: "notice",
			reason: "1 linhas sem posição (amostras de outros sensores) não viraram pontos",
		});
	});

	it("keeps the last value of slow channels in blank cells and leaves fast ones NaN", () => {
		const r = importRaceChrono(
			csv(
				[
					...BASIC,
					["rpm", "rpm", "200: obd"],
					["altitude", "m", "100: gps"],
					["lean_angle", "deg", "calc"],
					["bearing", "deg", "100: gps"],
					["lateral_acc", "G", "calc"],
				],
				[
					"1740837600.0,1,-23.7,-46.7,10,5000,780,-12.5,90,0.5",
					"1740837600.04,1,-23.7001,-46.7,,,,,,",
				],
			),
			"s.csv",
		);
		expect(r.fixes.extra.rpm?.[1]).toBe(5000);
		expect(r.fixes.extra.altitudeM?.[1]).toBe(780);
		expect(r.fixes.speedKmh[1]).toBeNaN();
		expect(r.fixes.leanDeg?.[1]).toBeNaN();
		expect(r.fixes.extra.headingDeg?.[1]).toBeNaN();
		expect(r.fixes.extra.latAccG?.[1]).toBeNaN();
	});

	it("reads lean_angle (calc) as measured lean, distance_traveled and the extra channels", () => {
		const r = importRaceChrono(
			csv(
				[
					...BASIC,
					["lean_angle", "deg", "calc"],
					["distance_traveled", "m", ""],
					["lateral_acc", "G", "calc"],
					["longitudinal_acc", "G", "calc"],
					["altitude", "m", "100: gps"],
					["satellites", "sats", "100: gps"],
					["rpm", "rpm", "200: obd"],
					["throttle_pos", "%", "200: obd"],
					["bearing", "deg", "100: gps"],
				],
				["1740837600.0,1,-23.7,-46.7,10,-21.5,1234.5,0.8,-0.3,780.5,12,6500,88,271.5"],
			),
			"s.csv",
		);
		const f = r.fixes;
		expect([f.leanDeg?.[0], f.distanceM?.[0]]).toEqual([-21.5, 1234.5]);
		expect(
			Object.fromEntries(Object.entries(f.extra).map(([k, v]) => [k, Number(v[0]!.toFixed(3))])),
		).toEqual({
			latAccG: 0.8,
			lonAccG: -0.3,
			altitudeM: 780.5,
			satellites: 12,
			rpm: 6500,
			throttlePct: 88,
			headingDeg: 271.5,
		});
	});

	it("reports every line it cannot use, with its line number and kind", () => {
		const r = importRaceChrono(fixtureBytes("racechrono/broken.csv"), "b.csv");
		expect(
			r.report.filter((e) => e.line > 0).map((e) => `${e.line} ${e.kind} ${e.reason}`),
		).toEqual([
			"24 notice linha idêntica à anterior ignorada (linha 24)",
			"25 rejected linha incompleta: 8 campos, esperados 16",
			'26 rejected timestamp: esperado número, encontrado "abc"',
			'27 rejected posição ilegível: latitude "north", longitude "-46.7006286"',
			"28 rejected posição fora do intervalo ou sem fixo: 95, -46.7006286",
			'29 rejected timestamp "1740837596.800" não avança (anterior na linha 23)',
			'33 rejected coluna speed (11): valor ilegível "fast"; ponto mantido sem ele',
		]);
		expect(strictlyIncreasing(r.fixes.timeMs)).toBe(true);
		expect([...r.fixes.line]).toContain(33);
	});

	it("reads CRLF line ends and a byte-order mark", () => {
		const r = importRaceChrono(fixtureBytes("racechrono/crlf-bom.csv"), "c.csv");
		expect(r.source.device).toBe("RaceChrono Pro 9.1.3");
		expect(r.fixes.length).toBe(101);
		expect(r.report.filter((e) => e.kind === "rejected")).toEqual([]);
	});

	it("reads a file without a Format line as v3, and says so", () => {
		const text = new TextDecoder()
			.decode(csv(BASIC, ["1740837600.0,1,-23.7,-46.7,10"]))
			.replace("Format,3\n", "");
		const r = importRaceChrono(bytesOf(text), "s.csv");
		expect(r.fixes.length).toBe(1);
		expect(r.report[0]?.reason).toMatch(/Format ausente/);
	});

	it("refuses a header whose first column is not timestamp", () => {
		const r = importRaceChrono(
			bytesOf(`${BANNER}\nFormat,3\n\ntime,latitude\n,deg\n1,2\n`),
			"s.csv",
		);
		expect(r.fixes.length).toBe(0);
		expect(r.report).toContainEqual(
			expect.objectContaining({
				kind: "rejected",
				reason: 'primeira coluna deveria ser timestamp, encontrado "time"',
			}),
		);
	});
});

function fixtureSource() {
	return importRaceChrono(fixtureBytes("racechrono/normal.csv"), "n.csv").source;
}
