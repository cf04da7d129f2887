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

/** Names, units and sources rows of `columns`. */
const headerRows = (columns: readonly [string, string, string][]) => [
	columns.map((c) => c[0]).join(","),
	columns.map((c) => c[1]).join(","),
	columns.map((c) => c[2]).join(","),
];

const ROW = "1740837600.0,1,-23.7,-46.7,10";
const NEXT_ROW = "1740837600.04,1,-23.7001,-46.7,10";

const entries = (r: ReturnType<typeof importRaceChrono>) =>
	r.report.map((e) => `${e.line} ${e.kind} ${e.reason}`);

/** Report entries of the importer's own rules (the plausibility pass aside). */
const ownRejections = (r: ReturnType<typeof importRaceChrono>) =>
	entries(r).filter((e) => e.includes("rejected") && !/salto|primeiro ponto/.test(e));

describe("importRaceChrono preamble and header", () => {
	it("finds the header after leading blank lines, several blank lines, or none at all", () => {
		const preamble = [BANNER, "Format,3", 'Track name,"Pista X"'];
		const leading = importRaceChrono(
			bytesOf(["", "", ...preamble, "", ...headerRows(BASIC), ROW].join("\n")),
			"s.csv",
		);
		expect([leading.fixes.length, leading.trackName, leading.report]).toEqual([1, "Pista X", []]);
		const spaced = importRaceChrono(
			bytesOf([...preamble, "", "", " ", "", ...headerRows(BASIC), ROW].join("\n")),
			"s.csv",
		);
		expect([spaced.fixes.length, spaced.report]).toEqual([1, []]);
		// No blank line: the header right after the preamble (line 4), its rows from line 7.
		const tight = importRaceChrono(
			bytesOf(
				[...preamble, ...headerRows(BASIC), ROW, "abc,1,-23.7,-46.7,10", NEXT_ROW].join("\n"),
			),
			"s.csv",
		);
		expect([tight.fixes.length, tight.trackName]).toEqual([2, "Pista X"]);
		expect(entries(tight)).toEqual(['8 rejected timestamp: esperado número, encontrado "abc"']);
		// No preamble at all: the header is the first line.
		const bare = importRaceChrono(bytesOf([...headerRows(BASIC), ROW].join("\n")), "s.csv");
		expect([bare.fixes.length, bare.source.device]).toEqual([1, null]);
		expect(entries(bare)).toEqual([
			"0 notice linha Format ausente no cabeçalho RaceChrono: lido como CSV v3",
		]);
	});

	it("names the track from Track name, else from Session title, else leaves it unnamed", () => {
		const track = (...lines: string[]) =>
			importRaceChrono(
				bytesOf([BANNER, "Format,3", ...lines, "", ...headerRows(BASIC), ROW].join("\n")),
				"s.csv",
			).trackName;
		expect(track('Session title,"Sessão"', "Track name,", "Created,01/03/2025,14:00")).toBe(
			"Sessão",
		);
		expect(track('Session title,"Sessão"', "Track name", "Note,nada")).toBe("Sessão");
		expect(track("Session title,", "Track name,", "Created,01/03/2025,14:00")).toBeNull();
	});

	it("names the device from the banner, with or without Pro and a v before the version", () => {
		const device = (...head: string[]) =>
			importRaceChrono(
				bytesOf([...head, "Format,3", "", ...headerRows(BASIC), ROW].join("\n")),
				"s.csv",
			).source.device;
		expect(device("This file is created using RaceChrono Pro ( http://racechrono.com/ ).")).toBe(
			"RaceChrono Pro",
		);
		expect(device("This file is created using RaceChrono 8.0.5 ( http://racechrono.com/ ).")).toBe(
			"RaceChrono 8.0.5",
		);
		expect(device('Session title,"Sessão"')).toBeNull();
	});

	it("refuses an unknown Format, a file without header, and a header not starting with timestamp, at their lines", () => {
		const refused = (text: string) => {
			const r = importRaceChrono(bytesOf(text), "s.csv");
			expect([r.source.format, r.fixes.length]).toEqual(["racechrono", 0]);
			return entries(r);
		};
		expect(refused(`${BANNER}\nFormat,abc\n\n${headerRows(BASIC).join("\n")}\n${ROW}\n`)).toEqual([
			"2 rejected formato RaceChrono desconhecido não suportado: exporte como CSV v3",
		]);
		expect(refused(`${BANNER}\nFormat,3\n`)).toEqual([
			"2 rejected linha de nomes das colunas (timestamp, …) não encontrada",
		]);
		expect(refused(`${BANNER}\nFormat,3\n\n`)).toEqual([
			"3 rejected linha de nomes das colunas (timestamp, …) não encontrada",
		]);
		expect(refused(`${BANNER}\nFormat,3\n\ntime,latitude\n,deg\n,gps\n1,2\n`)).toEqual([
			'4 rejected primeira coluna deveria ser timestamp, encontrado "time"',
		]);
		expect(refused(`${BANNER}\nFormat,3\n\n123,456\n124,457\n`)).toEqual([
			'4 rejected primeira coluna deveria ser timestamp, encontrado "123"',
		]);
	});

	it("reads a header of names only, or of names and units, and its first row as data", () => {
		const [names, units] = headerRows(BASIC);
		const namesOnly = importRaceChrono(bytesOf([names, ROW, NEXT_ROW].join("\n")), "s.csv");
		expect([namesOnly.fixes.length, namesOnly.fixes.speedKmh[0]]).toEqual([2, 36]);
		expect(entries(namesOnly)).toContain(
			'0 notice unidade "" da coluna speed desconhecida: lida como m/s',
		);
		const withUnits = importRaceChrono(bytesOf([names, units, ROW, NEXT_ROW].join("\n")), "s.csv");
		expect(withUnits.fixes.length).toBe(2);
	});

	it("refuses a first data row whose timestamp is not a number, not taking it for a header", () => {
		const r = importRaceChrono(csv(BASIC, ["abc,1,-23.7,-46.7,10", ROW, NEXT_ROW]), "s.csv");
		expect(r.fixes.length).toBe(2);
		expect(entries(r)).toContain('10 rejected timestamp: esperado número, encontrado "abc"');
	});
});

describe("importRaceChrono rows", () => {
	it("refuses rows off the globe, at 0,0, with half a position or one cell, at their lines; edges and blank rows pass", () => {
		const rows = [
			"1740837600.0,1,-90.5,10,10",
			"1740837600.1,1,90.5,10,10",
			"1740837600.2,1,10,-180.5,10",
			"1740837600.3,1,10,180.5,10",
			"1740837600.4,1,0,0,10",
			"1740837600.5,1,,-46.7,10",
			"1740837600.6,1,-23.7,,10",
			"x",
			"",
			"1740837600.7,1,-90,10,10",
			"1740837600.8,1,90,10,10",
			"1740837600.9,1,10,-180,10",
			"1740837601.0,1,10,180,10",
			"1740837601.1,1,0,10,10",
			"1740837601.2,1,10,0,10",
		];
		const r = importRaceChrono(csv(BASIC, rows), "s.csv");
		expect(ownRejections(r)).toEqual([
			"10 rejected posição fora do intervalo ou sem fixo: -90.5, 10",
			"11 rejected posição fora do intervalo ou sem fixo: 90.5, 10",
			"12 rejected posição fora do intervalo ou sem fixo: 10, -180.5",
			"13 rejected posição fora do intervalo ou sem fixo: 10, 180.5",
			"14 rejected posição fora do intervalo ou sem fixo: 0, 0",
			'15 rejected posição ilegível: latitude "", longitude "-46.7"',
			'16 rejected posição ilegível: latitude "-23.7", longitude ""',
			"17 rejected linha incompleta: 1 campos, esperados 5",
		]);
		expect(entries(r).filter((e) => e.includes("sem posição"))).toEqual([]);
	});

	it("keeps a point whose channel cell is unreadable and names that column; a blank cell is no report", () => {
		const r = importRaceChrono(
			csv(
				[
					...BASIC,
					["lean_angle", "deg", "calc"],
					["distance_traveled", "m", ""],
					["rpm", "rpm", "200: obd"],
				],
				[
					"1740837600.0,1,-23.7,-46.7,fast,x,far,y",
					"1740837600.04,1,-23.7001,-46.7,,,,",
					"1740837600.08,1,-23.7002,-46.7,10,-20,5,6000",
				],
			),
			"s.csv",
		);
		expect(r.fixes.length).toBe(3);
		expect(entries(r)).toEqual([
			'10 rejected coluna speed (5): valor ilegível "fast"; ponto mantido sem ele',
			'10 rejected coluna lean_angle (6): valor ilegível "x"; ponto mantido sem ele',
			'10 rejected coluna distance_traveled (7): valor ilegível "far"; ponto mantido sem ele',
			'10 rejected coluna rpm (8): valor ilegível "y"; ponto mantido sem ele',
		]);
		expect([r.fixes.leanDeg?.[0], r.fixes.distanceM?.[0], r.fixes.distanceM?.[1]]).toEqual([
			NaN,
			NaN,
			NaN,
		]);
	});

	it("keeps only the channels the file has", () => {
		const r = importRaceChrono(csv(BASIC, [ROW, NEXT_ROW]), "s.csv");
		expect([r.fixes.leanDeg, r.fixes.distanceM, r.fixes.extra]).toEqual([undefined, undefined, {}]);
		expect(r.report).toEqual([]);
	});

	it("says when latitude or longitude is missing, and makes no point", () => {
		const missing = "0 rejected colunas latitude e longitude ausentes: nenhum ponto GPS no arquivo";
		const without = (drop: string[]) =>
			importRaceChrono(
				csv(
					BASIC.filter((c) => !drop.includes(c[0])),
					["1740837600.0,1,-23.7,10"],
				),
				"s.csv",
			);
		expect(entries(without(["latitude"]))).toContain(missing);
		expect(entries(without(["longitude"]))).toContain(missing);
		const neither = without(["latitude", "longitude"]);
		expect(entries(neither)).toEqual([missing]);
		expect(neither.fixes.length).toBe(0);
	});
});

describe("importRaceChrono units and sources", () => {
	it("converts distance, altitude and accelerations by their units row", () => {
		const r = importRaceChrono(
			csv(
				[
					...BASIC.slice(0, 4),
					["speed", "km/h", "100: gps"],
					["distance_traveled", "km", ""],
					["altitude", "ft", "100: gps"],
					["lateral_acc", "m/s2", "calc"],
					["longitudinal_acc", "m/s²", "calc"],
					["bearing", "deg", "100: gps"],
				],
				["1740837600.0,1,-23.7,-46.7,72,1.2345,1000,9.80665,-4.903325,90"],
			),
			"s.csv",
		);
		const f = r.fixes;
		expect(f.speedKmh[0]).toBe(72);
		expect(f.distanceM?.[0]).toBeCloseTo(1234.5, 3);
		expect(f.extra.altitudeM?.[0]).toBeCloseTo(304.8, 3);
		expect(f.extra.latAccG?.[0]).toBeCloseTo(1, 6);
		expect(f.extra.lonAccG?.[0]).toBeCloseTo(-0.5, 6);
		expect(f.extra.headingDeg?.[0]).toBe(90);
		expect(r.report).toEqual([]);
	});

	it("reads an unknown unit as the usual one and says which it assumed", () => {
		const r = importRaceChrono(
			csv(
				[
					...BASIC.slice(0, 4),
					["speed", "furlong/h", "100: gps"],
					["distance_traveled", "league", ""],
					["altitude", "cubit", "100: gps"],
					["lateral_acc", "gee", "calc"],
					["longitudinal_acc", "gee", "calc"],
				],
				["1740837600.0,1,-23.7,-46.7,10,1234.5,780,0.5,-0.25"],
			),
			"s.csv",
		);
		const f = r.fixes;
		expect(f.speedKmh[0]).toBe(36);
		expect([
			f.distanceM?.[0],
			f.extra.altitudeM?.[0],
			f.extra.latAccG?.[0],
			f.extra.lonAccG?.[0],
		]).toEqual([1234.5, 780, 0.5, -0.25]);
		expect(entries(r)).toEqual([
			'0 notice unidade "cubit" da coluna altitude (100: gps) desconhecida: lida como m',
			'0 notice unidade "gee" da coluna lateral_acc (calc) desconhecida: lida como G',
			'0 notice unidade "gee" da coluna longitudinal_acc (calc) desconhecida: lida como G',
			'0 notice unidade "furlong/h" da coluna speed (100: gps) desconhecida: lida como m/s',
			'0 notice unidade "league" da coluna distance_traveled desconhecida: lida como m',
		]);
	});

	it("takes each channel from its preferred source, the first column on a tie", () => {
		const columns: [string, string, string][] = [
			["timestamp", "unix time", ""],
			["lap_number", "", ""],
			["lap_number", "", "100: gps"],
			["latitude", "deg", "100: gps"],
			["longitude", "deg", "100: gps"],
			["speed", "km/h", "200: obd"],
			["speed", "km/h", "calc"],
			["lean_angle", "deg", "100: gps"],
			["lean_angle", "deg", "200: acc"],
			["lateral_acc", "G", "100: gps"],
			["lateral_acc", "G", "calc"],
			["longitudinal_acc", "G", "100: gps"],
			["longitudinal_acc", "G", "calc"],
			["rpm", "rpm", "calc"],
			["rpm", "rpm", "200: obd"],
			["throttle_pos", "%", "calc"],
			["throttle_pos", "%", "300: canbus"],
			["distance_traveled", "m", ""],
			["distance_traveled", "m", "100: gps"],
			["device_update_rate", "Hz", "100: gps"],
			["device_update_rate", "Hz", "calc"],
		];
		const r = importRaceChrono(
			csv(columns, [
				"1740837600.0,1,7,-23.7,-46.7,50,60,-1,-2,0.1,0.2,0.3,0.4,1000,2000,10,20,100,200,25,10",
				"1740837601.0,2,8,-23.7001,-46.7,50,60,-1,-2,0.1,0.2,0.3,0.4,1000,2000,10,20,100,200,25,10",
			]),
			"s.csv",
		);
		const f = r.fixes;
		expect(r.lapMarksMs).toEqual([1740837601000]);
		expect([
			f.speedKmh[0],
			f.leanDeg?.[0],
			f.distanceM?.[0],
			f.extra.rpm?.[0],
			f.extra.throttlePct?.[0],
		]).toEqual([60, -2, 100, 2000, 20]);
		expect([f.extra.latAccG?.[0], f.extra.lonAccG?.[0]].map((v) => v?.toFixed(3))).toEqual([
			"0.200",
			"0.400",
		]);
		const notices = entries(r).filter((e) => e.includes("usada"));
		expect(notices).toContain(
			"0 notice coluna lap_number, coluna 2, usada; ignoradas: lap_number (100: gps), coluna 3",
		);
		expect(notices).toHaveLength(8);
	});
});

describe("importRaceChrono lap marks and repeated rows", () => {
	it("marks the first lap number after exactly a second of blanks, counted from the first blank", () => {
		const marks = (rows: string[]) => importRaceChrono(csv(BASIC, rows), "s.csv").lapMarksMs;
		expect(
			marks([
				"1740837600.0,,-23.7,-46.7,10",
				"1740837600.5,,-23.7001,-46.7,10",
				"1740837601.0,1,-23.7002,-46.7,10",
			]),
		).toEqual([1740837601000]);
		expect(
			marks([
				"1740837600.0,,-23.7,-46.7,10",
				"1740837600.5,,-23.7001,-46.7,10",
				"1740837601.2,1,-23.7002,-46.7,10",
			]),
		).toEqual([1740837601200]);
	});

	it("never marks two laps at one instant, nor one back in time", () => {
		const r = importRaceChrono(
			csv(BASIC, [
				"1740837600.0,1,-23.7,-46.7,10",
				"1740837610.0,2,-23.7001,-46.7,10",
				"1740837610.0,3,-23.7002,-46.7,10",
				"1740837609.0,4,-23.7003,-46.7,10",
			]),
			"s.csv",
		);
		expect(r.lapMarksMs).toEqual([1740837610000]);
	});

	it("notes repeated rows once with all their lines, whatever their line ends; a shorter row at the same time is refused", () => {
		const r = importRaceChrono(
			csv(BASIC, [
				"1740837600.0,1,-23.7,-46.7,10\r",
				"1740837600.0,1,-23.7,-46.7,10",
				"1740837600.1,1,-23.7001,-46.7,10",
				"1740837600.1,1,-23.7001,-46.7,10\r",
				"1740837600.1,1,-23.7001,-46.7,1",
				"1740837600.2,1,-23.7002,-46.7,10",
				"1740837600.2,1,-23.7002,-46.7,10",
			]),
			"s.csv",
		);
		expect(r.fixes.length).toBe(3);
		expect(entries(r)).toEqual([
			"11 notice 3 linhas idênticas à anterior ignoradas (linhas 11, 13, 16)",
			'14 rejected timestamp "1740837600.1" não avança (anterior na linha 12)',
		]);
	});
});
