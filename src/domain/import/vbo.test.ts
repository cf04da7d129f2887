import { describe, expect, it } from "vitest";
import type { GateLine } from "../recording/types";
import { crossingsMs, pointNearLine, START_MS, sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf, crossingTimes, latin1Bytes, strictlyIncreasing } from "./test-support";
import { importVbo } from "./vbo";
import { ALONG_GATE_WIDTH_M } from "./vbo-gates";

const expectedCrossings = (seconds: number) => crossingsMs(seconds).map((t) => START_MS + t);

function vbo(head: string[], rows: string[], newline = "\n"): Uint8Array {
	return bytesOf([...head, "[data]", ...rows].join(newline));
}

/** A row of the sats-first dialect at `t` ms of the drive, coordinates in minutes. */
function satsFirstRow(t: number, sats = "012", velocity?: string): string {
	const s = sampleAt(t);
	const hh = new Date(s.tMs).toISOString().slice(11, 22).replaceAll(":", "");
	return `${sats} ${hh} ${(s.lat * 60).toFixed(5)} ${(-s.lon * 60).toFixed(5)} ${velocity ?? s.speedKmh.toFixed(2)} ${s.headingDeg.toFixed(1)} +780.50`;
}

describe("importVbo: columns and units", () => {
	it("reads the sats-first order by the names, minutes with west-positive long", () => {
		const r = importVbo(fixtureBytes("vbo/racechrono-style.vbo"), "a.vbo");
		const s = sampleAt(0);
		expect(r.fixes.lat[0]).toBeCloseTo(s.lat, 7);
		expect(r.fixes.lon[0]).toBeCloseTo(s.lon, 7);
		expect(r.fixes.timeMs[0]).toBe(s.tMs);
		expect(r.report[0]?.reason).toBe(
			"colunas decididas pelos nomes de [column names]; coordenadas em minutos, longitude positiva a oeste",
		);
	});

	it("reads the sats-last order (RaceBox: time lat lng … sats) by the names", () => {
		const r = importVbo(fixtureBytes("vbo/racebox-style.vbo"), "b.vbo");
		expect(r.fixes.length).toBe(110 * 25 + 1);
		expect(r.fixes.lat[10]).toBeCloseTo(sampleAt(400).lat, 6);
		expect(r.fixes.extra.satellites?.[0]).toBe(14);
	});

	it("strips the brake (+64) and DGPS (+128) flags from sats", () => {
		const r = importVbo(fixtureBytes("vbo/racebox-style.vbo"), "b.vbo");
		const sats = r.fixes.extra.satellites!;
		expect([sats[7], sats[9], sats[8]]).toEqual([14, 14, 14]);
	});

	it("without names, takes the dialect order the rows fit, and signed degrees when no value needs minutes", () => {
		const r = importVbo(fixtureBytes("vbo/degrees-no-names.vbo"), "c.vbo");
		expect(r.fixes.lat[0]).toBeCloseTo(sampleAt(0).lat, 7);
		expect(r.fixes.lon[0]).toBeCloseTo(sampleAt(0).lon, 7);
		expect(r.report[0]?.reason).toBe(
			"colunas decididas pela ordem padrão com sats primeiro; coordenadas em graus",
		);
	});

	it("reads the rows with the names shifted when the rows lack a named column", () => {
		const r = importVbo(fixtureBytes("vbo/shifted-columns.vbo"), "d.vbo");
		expect(r.fixes.length).toBe(301);
		expect(r.fixes.speedKmh[5]).toBeCloseTo(72, 3);
		expect(r.report[0]?.reason).toMatch(/deslocados uma coluna à esquerda/);
	});

	it("takes the sats-last order from the rows when the names are missing", () => {
		const rows = [0, 100, 200].map((t) => {
			const [sats, ...rest] = satsFirstRow(t).split(" ");
			return [...rest, sats].join(" ");
		});
		const r = importVbo(vbo(["File created on 01/03/2025 @ 14:00", ""], rows), "e.vbo");
		expect(r.fixes.length).toBe(3);
		expect(r.report[0]?.reason).toMatch(/sats por último/);
	});

	it("converts a velocity named in mph to km/h", () => {
		const r = importVbo(
			vbo(
				[
					"[header]",
					"satellites",
					"time",
					"latitude",
					"longitude",
					"velocity mph",
					"",
					"[column names]",
					"sats time lat long velocity",
					"",
				],
				[satsFirstRow(0, "012", "10.000").split(" ").slice(0, 5).join(" ")],
			),
			"f.vbo",
		);
		expect(r.fixes.speedKmh[0]).toBeCloseTo(16.09344, 4);
	});

	it("reads lean_angle-calc as measured lean, and a -calc acceleration when the plain one is all zero", () => {
		const r = importVbo(fixtureBytes("vbo/racechrono-style.vbo"), "a.vbo");
		const bend = r.fixes.timeMs.findIndex((t) => sampleAt(t - START_MS).leanDeg !== 0);
		expect(r.fixes.leanDeg?.[bend]).toBeCloseTo(
			sampleAt(r.fixes.timeMs[bend]! - START_MS).leanDeg,
			2,
		);
		expect(r.fixes.extra.latAccG?.[bend]).toBeCloseTo(0.68, 2);
	});
});

describe("importVbo: header sections", () => {
	it("takes the device from [comments], the track from [session data] or the Venue comment", () => {
		const a = importVbo(fixtureBytes("vbo/racechrono-style.vbo"), "a.vbo");
		expect([a.source.device, a.trackName]).toEqual(["RaceChrono 10.2.4", "Oval de teste"]);
		const b = importVbo(fixtureBytes("vbo/racebox-style.vbo"), "b.vbo");
		expect([b.source.device, b.trackName]).toEqual(["RaceBox", "Oval de teste"]);
	});

	it("dates the times of day with the File created line, and goes past midnight", () => {
		const r = importVbo(fixtureBytes("vbo/broken.vbo"), "x.vbo");
		expect(r.dateKnown).toBe(true);
		expect(new Date(r.fixes.timeMs[0]!).toISOString()).toBe("2025-03-01T23:59:55.000Z");
		expect(new Date(r.fixes.timeMs[r.fixes.length - 1]!).toISOString()).toBe(
			"2025-03-02T00:00:05.000Z",
		);
		expect(strictlyIncreasing(r.fixes.timeMs)).toBe(true);
	});

	it("has no date without a File created line", () => {
		const r = importVbo(
			vbo(
				["[column names]", "sats time lat long velocity", ""],
				[satsFirstRow(0).split(" ").slice(0, 5).join(" ")],
			),
			"g.vbo",
		);
		expect(r.dateKnown).toBe(false);
		expect(r.fixes.timeMs[0]).toBe(14 * 3_600_000);
	});

	it("reads CRLF files", () => {
		const r = importVbo(fixtureBytes("vbo/racechrono-style.vbo"), "a.vbo");
		expect(r.fixes.length).toBe(1101);
		expect(r.report.filter((e) => e.kind === "rejected")).toEqual([]);
	});
});

describe("importVbo: broken lines", () => {
	it("drops rows above 150 m/s, position spikes, unreadable, short and backward rows, and reports each", () => {
		const r = importVbo(fixtureBytes("vbo/broken.vbo"), "x.vbo");
		expect(r.report.map((e) => `${e.line} ${e.kind} ${e.reason}`)).toEqual([
			"0 notice colunas decididas pelos nomes de [column names]; coordenadas em minutos, longitude positiva a oeste",
			"17 rejected velocidade 612 km/h acima de 540 km/h (150 m/s): ponto descartado",
			"27 rejected salto de posição de 1.149 m em 0,1 s (mais de 150 m/s): ponto descartado",
			'37 rejected time: esperado número, encontrado "23:59:58"',
			"47 rejected linha incompleta: 3 campos, esperados 7",
			'58 rejected time "235959.90" não avança (anterior na linha 57)',
			"109 notice seção depois de [data] ignorada: o arquivo termina aqui",
		]);
		expect(r.fixes.length).toBe(101 - 5);
	});
});

describe("importVbo: [laptiming]", () => {
	it("reads gates written longitude first, two points along the travel: a perpendicular gate through the first", () => {
		const r = importVbo(fixtureBytes("vbo/racechrono-style.vbo"), "a.vbo");
		const lines = r.lines!;
		const p1 = pointNearLine(0, 0);
		const mid = {
			lat: (lines.startFinish.a.lat + lines.startFinish.b.lat) / 2,
			lon: (lines.startFinish.a.lon + lines.startFinish.b.lon) / 2,
		};
		expect(mid.lat).toBeCloseTo(p1.lat, 7);
		expect(mid.lon).toBeCloseTo(p1.lon, 7);
		// Across the south straight (driven east): the gate runs north-south, 25 m wide.
		expect(Math.abs(lines.startFinish.a.lon - lines.startFinish.b.lon)).toBeLessThan(1e-7);
		expect(Math.abs(lines.startFinish.a.lat - lines.startFinish.b.lat) * 111_195).toBeCloseTo(
			ALONG_GATE_WIDTH_M,
			1,
		);
		expect(lines.directionDeg).toBeCloseTo(90, 3);
		const crossings = crossingTimes(r.fixes, lines.startFinish);
		expect(crossings).toHaveLength(3);
		for (const [k, t] of crossings.entries()) expect(t).toBeCloseTo(expectedCrossings(110)[k]!, 0);
		expect(r.report[1]?.reason).toMatch(/longitude primeiro .* seguem a direção do movimento/);
	});

	it("gives no lap when an along-travel gate is read as a crossing segment (why the meaning matters)", () => {
		const r = importVbo(fixtureBytes("vbo/racechrono-style.vbo"), "a.vbo");
		const segment = { a: pointNearLine(0, 0), b: pointNearLine(30, 0) };
		expect(crossingTimes(r.fixes, segment)).toHaveLength(0);
		expect(crossingTimes(r.fixes, r.lines!.startFinish)).toHaveLength(3);
	});

	it("reads splits as sectors in file order", () => {
		const r = importVbo(fixtureBytes("vbo/racechrono-style.vbo"), "a.vbo");
		expect(r.lines!.sectors).toHaveLength(2);
		const mid = (g: GateLine) => ({
			lat: (g.a.lat + g.b.lat) / 2,
			lon: (g.a.lon + g.b.lon) / 2,
		});
		expect(mid(r.lines!.sectors[0]!).lon).toBeCloseTo(pointNearLine(250, 0).lon, 7);
		expect(mid(r.lines!.sectors[1]!).lat).toBeCloseTo(pointNearLine(600, 0).lat, 7);
	});

	it("reads gates written latitude first as the ends of a crossing segment (RaceBox), Latin-1 ¬", () => {
		const r = importVbo(fixtureBytes("vbo/racebox-style.vbo"), "b.vbo");
		const lines = r.lines!;
		expect(lines.startFinish.a.lat).toBeCloseTo(pointNearLine(0, 12).lat, 6);
		expect(lines.startFinish.b.lat).toBeCloseTo(pointNearLine(0, -12).lat, 6);
		expect(lines.directionDeg).toBeNull();
		const crossings = crossingTimes(r.fixes, lines.startFinish);
		expect(crossings).toHaveLength(3);
		for (const [k, t] of crossings.entries()) expect(t).toBeCloseTo(expectedCrossings(110)[k]!, 0);
		expect(r.report[1]?.reason).toMatch(/latitude primeiro .* cruzam a pista/);
	});

	it("reads a gate line with the ¬ in UTF-8 or in Latin-1, or without it", () => {
		const a = pointNearLine(0, 12);
		const b = pointNearLine(0, -12);
		const m = (v: number) => `${v < 0 ? "-" : "+"}${Math.abs(v * 60).toFixed(5)}`;
		const gate = `Start ${m(a.lat)} ${m(-a.lon)} ${m(b.lat)} ${m(-b.lon)}`;
		const rows = [0, 100, 200, 4900, 5000, 5100].map((t) => satsFirstRow(t));
		for (const tail of [" ¬ Largada", " \u00ac Largada", ""]) {
			const text = [
				"File created on 01/03/2025 @ 14:00",
				"",
				"[laptiming]",
				`${gate}${tail}`,
				"",
				"[column names]",
				"sats time lat long velocity heading height",
				"",
				"[data]",
				...rows,
			].join("\r\n");
			for (const bytes of [bytesOf(text), latin1Bytes(text)]) {
				const r = importVbo(bytes, "g.vbo");
				expect(r.lines?.startFinish.a.lat).toBeCloseTo(a.lat, 6);
			}
		}
	});

	it("ignores gates far from every recorded position, and says so", () => {
		const rows = [0, 100, 200].map((t) => satsFirstRow(t));
		const r = importVbo(
			vbo(
				[
					"[laptiming]",
					"Start +100.0 +200.0 +100.1 +200.1 ¬ x",
					"",
					"[column names]",
					"sats time lat long velocity heading height",
					"",
				],
				rows,
			),
			"h.vbo",
		);
		expect(r.lines).toBeNull();
		expect(r.report).toContainEqual(
			expect.objectContaining({
				kind: "notice",
				reason: expect.stringMatching(/a mais de 500 m do trajeto/),
			}),
		);
	});
});

// ---- Rules of the header, each pinned by a file built here ----------------------------------

const NAMED = ["[column names]", "sats time lat long velocity heading height", ""];
const NBSP = "\u00a0";

/** `HHMMSS.SS` of a time of day in ms (past midnight wraps). */
function packedTime(todMs: number): string {
	return new Date(todMs).toISOString().slice(11, 22).replaceAll(":", "");
}

const tod = (h: number, m: number, s = 0) => ((h * 60 + m) * 60 + s) * 1000;

/** `count` sats-first rows every 0.1 s from the time of day `fromMs`, along the drive. */
function rowsAt(fromMs: number, count = 5): string[] {
	return Array.from({ length: count }, (_, i) => {
		const s = sampleAt(i * 100);
		return `012 ${packedTime(fromMs + i * 100)} ${(s.lat * 60).toFixed(5)} ${(-s.lon * 60).toFixed(5)} ${s.speedKmh.toFixed(2)} ${s.headingDeg.toFixed(1)} +780.50`;
	});
}

const isoTimes = (r: ReturnType<typeof importVbo>) =>
	Array.from(r.fixes.timeMs, (t) => new Date(t).toISOString());

const lines = (r: ReturnType<typeof importVbo>) =>
	r.report.map((e) => `${e.line} ${e.kind} ${e.reason}`);

const COLUMNS_BY_NAME =
	"0 notice colunas decididas pelos nomes de [column names]; coordenadas em minutos, longitude positiva a oeste";

describe("importVbo: the recording's day", () => {
	const firstFix = (head: string[], fromMs: number) =>
		isoTimes(importVbo(vbo([...head, "", ...NAMED], rowsAt(fromMs)), "d.vbo"));

	it("moves every fix to the day that puts the first one nearest the File created time, back or forward", () => {
		const back = firstFix(["File created on 02/03/2025 @ 00:05"], tod(23, 59, 55));
		expect([back[0], back[4]]).toEqual(["2025-03-01T23:59:55.000Z", "2025-03-01T23:59:55.400Z"]);
		const forward = firstFix(["File created on 01/03/2025 @ 23:58"], tod(0, 0, 5));
		expect([forward[0], forward[4]]).toEqual([
			"2025-03-02T00:00:05.000Z",
			"2025-03-02T00:00:05.400Z",
		]);
	});

	it("moves nothing when the first fix is within half a day of the created time (hh:mm:ss)", () => {
		const created = ["File created on 02/03/2025 at 00:05:30"];
		expect(firstFix(created, tod(12, 5, 20))[0]).toBe("2025-03-02T12:05:20.000Z");
		expect(firstFix(created, tod(12, 6))[0]).toBe("2025-03-01T12:06:00.000Z");
	});

	it("keeps the written date when no day is nearer: half a day either way, no time, or no time of day", () => {
		// 12 h and half a millisecond after: the day before is nearer by less than a millisecond.
		const r = importVbo(
			vbo(
				["File created on 02/03/2025 @ 00:00", "", ...NAMED],
				[rowsAt(0, 1)[0]!.replace("000000.00", "120000.0005")],
			),
			"h.vbo",
		);
		expect(r.fixes.timeMs[0]).toBe(Date.UTC(2025, 2, 2, 12) + 0.5);
		expect(firstFix(["File created on 02/03/2025"], tod(23, 59, 55))[0]).toBe(
			"2025-03-02T23:59:55.000Z",
		);
		// A time before the date is not the created time.
		expect(firstFix(["File created 00:05 on 02/03/2025"], tod(23, 59, 55))[0]).toBe(
			"2025-03-02T23:59:55.000Z",
		);
		expect(firstFix(["File created on 02/03/2025 @ 36:00"], tod(0, 0))[0]).toBe(
			"2025-03-02T00:00:00.000Z",
		);
	});

	it("reads two-digit days, and reports a date that is no calendar day, with its line", () => {
		expect(firstFix(["File created on 15/03/2025 @ 14:00"], tod(14, 0))[0]).toBe(
			"2025-03-15T14:00:00.000Z",
		);
		for (const created of [
			"File created on 31/02/2025 @ 14:00",
			"File created on 01/13/2025 @ 14:00",
		]) {
			const r = importVbo(vbo([created, "", ...NAMED], rowsAt(tod(14, 0))), "u.vbo");
			expect(r.dateKnown).toBe(false);
			expect(lines(r)).toEqual([
				COLUMNS_BY_NAME,
				"0 notice data da gravação ausente (linha File created on): horários sem dia",
				`1 notice data ilegível em ${JSON.stringify(created)}`,
			]);
		}
	});

	it("takes the date only from a line that starts with File created", () => {
		const r = importVbo(
			vbo(
				[
					"File created on 01/03/2025 @ 14:00",
					"Copied from the file created on 09/09/2026 @ 08:00",
					"lapsix export",
					"",
					...NAMED,
				],
				rowsAt(tod(14, 0)),
			),
			"c.vbo",
		);
		expect(isoTimes(r)[0]).toBe("2025-03-01T14:00:00.000Z");
		expect(lines(r)).toEqual([COLUMNS_BY_NAME]);
	});

	it("takes the UTC date started comment (RaceBox) over File created, in any spacing", () => {
		const dated = (comment: string) =>
			firstFix(
				["File created on 02/03/2025 @ 14:00", "", "[comments]", comment],
				tod(23, 59, 55),
			)[0];
		for (const comment of [
			"UTC Date Started : 01/03/2025 23:58",
			"UTC date started: 01/03/2025 23:58",
			"UTC date started :01/03/2025 23:58",
		]) {
			expect(dated(comment)).toBe("2025-03-01T23:59:55.000Z");
		}
		// Unreadable, or not at the start of the line: File created stands.
		expect(dated("UTC Date Started : unknown")).toBe("2025-03-02T23:59:55.000Z");
		expect(dated("Previous UTC date started : 09/09/2026 08:00")).toBe("2025-03-02T23:59:55.000Z");
	});
});

describe("importVbo: what the header sections say", () => {
	const withHead = (head: string[], rows = rowsAt(tod(14, 0))) =>
		importVbo(
			vbo(["File created on 01/03/2025 @ 14:00", "", ...head, "", ...NAMED], rows),
			"s.vbo",
		);

	it("reads section names in any case and spacing, skips comment lines in brackets, splits names on any blanks", () => {
		const text = [
			"File created on 01/03/2025 @ 14:00",
			"",
			"[ Comments ]",
			"Generated by RaceBox",
			"[x] wet track",
			"Track map [north loop]",
			"Venue : Lignano",
			"",
			"[Column Names]",
			"sats  time\tlat   long velocity heading height",
			"",
			"[Data]",
			...rowsAt(tod(14, 0)),
		].join("\n");
		const r = importVbo(bytesOf(text), "k.vbo");
		expect([r.source.device, r.trackName, r.fixes.length]).toEqual(["RaceBox", "Lignano", 5]);
		expect(r.fixes.extra.altitudeM?.[0]).toBeCloseTo(780.5, 3);
		expect(lines(r)).toEqual([COLUMNS_BY_NAME]);
	});

	it("names the device from Generated by (version without the v), or Racelogic VBOX from its comments", () => {
		const device = (...comments: string[]) => withHead(["[comments]", ...comments]).source.device;
		expect(device("Generated by RaceBox v3")).toBe("RaceBox 3");
		expect(device("Generated by RaceChrono  v10.2.4")).toBe("RaceChrono 10.2.4");
		expect(device("Generated by  v2.1")).toBe("v2.1");
		expect(device("Racelogic VBOX 3i", "firmware 2.1")).toBe("Racelogic VBOX");
		expect(device("Data generated by hand", "vbox mini")).toBe("Racelogic VBOX");
		expect(device("recorded on a phone")).toBeNull();
	});

	it("names the track from the Venue comment in any spacing, or the name line of [session data]", () => {
		const venue = (...comments: string[]) => withHead(["[comments]", ...comments]).trackName;
		for (const line of ["Venue : Lignano", "Venue: Lignano", "Venue :Lignano"]) {
			expect(venue(line)).toBe("Lignano");
		}
		expect(venue("Event venue : Misano", "Venue : Lignano")).toBe("Lignano");
		const session = withHead(["[session data]", "name Oval de teste", "driver name Ana"]);
		expect(session.trackName).toBe("Oval de teste");
	});

	it("reads header text without the white space around it, a no-break space too", () => {
		expect(withHead(["[session data]", `name Oval${NBSP}`]).trackName).toBe("Oval");
		expect(withHead(["[comments]", `Venue : Lignano${NBSP}`]).trackName).toBe("Lignano");
		expect(withHead(["[comments]", `Generated by RaceBox${NBSP}`]).source.device).toBe("RaceBox");
		const units = withHead([
			"[header]",
			"satellites",
			"time",
			"latitude",
			"longitude",
			"velocity",
			"",
			"[channel units]",
			"-",
			"hhmmss.ss",
			"min",
			"min",
			NBSP,
		]);
		expect(units.fixes.speedKmh[0]).toBeCloseTo(72, 3);
		expect(lines(units)).toEqual([COLUMNS_BY_NAME]);
	});

	it("ignores a header line longer than 4096 characters, and says so with its line", () => {
		const long = withHead(["[comments]", `Venue : ${"A".repeat(4089)}`, "Venue : Lignano"]);
		expect(long.trackName).toBe("Lignano");
		expect(lines(long)).toEqual([
			COLUMNS_BY_NAME,
			"4 rejected linha de cabeçalho longa demais: ignorada",
		]);
		const longest = withHead(["[comments]", `Venue : ${"B".repeat(4088)}`]);
		expect(longest.trackName).toBe("B".repeat(4088));
	});
});

describe("importVbo: velocity units", () => {
	const MPH_10 = 16.09344;
	/** Velocity 10 in a file whose [header] and [channel units] say these. */
	const speedOf = (header: string[], units: string[]) => {
		const row = rowsAt(tod(14, 0), 1)[0]!.split(" ").slice(0, 4).join(" ");
		return importVbo(
			vbo(
				[
					"File created on 01/03/2025 @ 14:00",
					"",
					"[header]",
					...header,
					"",
					"[channel units]",
					...units,
					"",
					"[column names]",
					"sats time lat long velocity",
					"",
				],
				[`${row} 10.000`],
			),
			"v.vbo",
		);
	};
	const HEADER = ["satellites", "time", "latitude", "longitude"];
	const UNITS = ["-", "hhmmss.ss", "min", "min"];

	it("takes the velocity unit from [channel units] when it lines up with [header]", () => {
		expect(speedOf([...HEADER, "velocity"], [...UNITS, "mph"]).fixes.speedKmh[0]).toBeCloseTo(
			MPH_10,
			4,
		);
		// RaceChrono's computed speed.
		expect(speedOf([...HEADER, "velocity-calc"], [...UNITS, "mph"]).fixes.speedKmh[0]).toBeCloseTo(
			MPH_10,
			4,
		);
	});

	it("reads km/h when the units do not line up with the names, and says so for an unknown unit", () => {
		const shifted = speedOf([...HEADER, "velocity"], [...UNITS, "mph", "m"]);
		expect(shifted.fixes.speedKmh[0]).toBeCloseTo(10, 4);
		expect(lines(shifted)).toEqual([COLUMNS_BY_NAME]);
		const unknown = speedOf([...HEADER, "velocity"], [...UNITS, "furlongs"]);
		expect(unknown.fixes.speedKmh[0]).toBeCloseTo(10, 4);
		expect(lines(unknown)).toEqual([
			COLUMNS_BY_NAME,
			'0 notice unidade de velocidade "furlongs" desconhecida: lida como km/h',
		]);
	});

	it("converts a height named in feet to metres", () => {
		const r = importVbo(
			vbo(["[header]", ...HEADER, "velocity kmh", "heading", "height ft", ""], rowsAt(tod(14, 0))),
			"ft.vbo",
		);
		expect(r.fixes.extra.altitudeM?.[0]).toBeCloseTo(780.5 * 0.3048, 3);
	});
});

describe("importVbo: channels and rows", () => {
	it("keeps a row whose velocity is unreadable, without speed, and reports its line", () => {
		const rows = rowsAt(tod(14, 0), 3);
		rows[1] = rows[1]!.replace(" 72.00 ", " n/a ");
		const r = importVbo(vbo(NAMED, rows), "n.vbo");
		expect(r.fixes.length).toBe(3);
		expect(r.fixes.speedKmh[1]).toBeNaN();
		expect(lines(r)).toContain('6 rejected velocity: valor ilegível "n/a"; ponto mantido sem ele');
	});

	it("reads a channel in the first column like any other (velocity with its unit, lean)", () => {
		const rows = rowsAt(tod(14, 0), 3).map((row) => {
			const [sats, time, lat, long] = row.split(" ");
			return `10.000 ${sats} ${time} ${lat} ${long}`;
		});
		rows[2] = rows[2]!.replace("10.000", "n/a");
		const speed = importVbo(
			vbo(
				[
					"[header]",
					"velocity",
					"satellites",
					"time",
					"latitude",
					"longitude",
					"",
					"[channel units]",
					"mph",
					"-",
					"hhmmss.ss",
					"min",
					"min",
					"",
				],
				rows,
			),
			"first.vbo",
		);
		expect(speed.fixes.speedKmh[0]).toBeCloseTo(16.09344, 4);
		expect(lines(speed)).toContain(
			'18 rejected velocity: valor ilegível "n/a"; ponto mantido sem ele',
		);
		const lean = importVbo(
			vbo(
				["[column names]", "lean_angle sats time lat long", ""],
				rows.map((row) => row.replace(/^\S+/, "+012.5")),
			),
			"lean.vbo",
		);
		expect(lean.fixes.leanDeg?.[0]).toBeCloseTo(12.5, 3);
	});

	it("without names, keeps sats, speed, heading and height in either dialect's order", () => {
		const satsFirst = importVbo(
			vbo(["File created on 01/03/2025 @ 14:00", ""], rowsAt(tod(14, 0))),
			"p.vbo",
		);
		const satsLast = importVbo(
			vbo(
				["File created on 01/03/2025 @ 14:00", ""],
				rowsAt(tod(14, 0)).map((row) => {
					const [sats, ...rest] = row.split(" ");
					return [...rest, sats].join(" ");
				}),
			),
			"q.vbo",
		);
		for (const r of [satsFirst, satsLast]) {
			expect(r.fixes.extra.satellites?.[0]).toBe(12);
			expect(r.fixes.speedKmh[0]).toBeCloseTo(72, 3);
			expect(r.fixes.extra.headingDeg?.[0]).toBeCloseTo(90, 3);
			expect(r.fixes.extra.altitudeM?.[0]).toBeCloseTo(780.5, 3);
		}
	});

	it("reports a file without [data], or whose rows read as no layout, and still says it is a VBO", () => {
		const none = importVbo(
			bytesOf("File created on 01/03/2025 @ 14:00\n\n[column names]\nsats time lat long\n"),
			"0.vbo",
		);
		expect([none.source.format, none.fixes.length]).toEqual(["vbo", 0]);
		expect(lines(none)).toEqual(["0 rejected seção [data] ausente: nenhum ponto no arquivo"]);
		const garbage = importVbo(vbo([], ["foo bar baz", "foo bar baz"]), "g.vbo");
		expect([garbage.source.format, garbage.fixes.length]).toEqual(["vbo", 0]);
		expect(lines(garbage)).toEqual([
			"0 rejected colunas time, lat e long não reconhecidas nas primeiras linhas de [data]: nenhum ponto lido",
		]);
	});
});

describe("importVbo: [laptiming] lines", () => {
	/** A crossing segment over the south straight, latitude first (RaceBox). */
	const NUMBERS = ["-1422.02591", "+2802.00003", "-1422.03887", "+2802.00007"];
	const withGates = (gateLines: string[], encode = bytesOf) =>
		importVbo(
			encode(
				[
					"File created on 01/03/2025 @ 14:00",
					"",
					"[laptiming]",
					...gateLines,
					"",
					...NAMED,
					"[data]",
					...rowsAt(tod(14, 0)),
				].join("\n"),
			),
			"l.vbo",
		);
	const gateOf = (r: ReturnType<typeof importVbo>) => {
		const g = r.lines?.startFinish;
		return g ? [g.a.lat, g.a.lon, g.b.lat, g.b.lon].map((v) => v.toFixed(9)) : null;
	};
	const expected = (numbers: string[]) => {
		const [a, b, c, d] = numbers.map(Number) as [number, number, number, number];
		return [a / 60, -b / 60, c / 60, -d / 60].map((v) => v.toFixed(9));
	};

	it("reads a gate with the ¬ apart or attached, UTF-8 or Latin-1, signed or not, whole minutes too", () => {
		const plain = `Start ${NUMBERS.join(" ")}`;
		for (const [line, encode] of [
			[`${plain} ¬ Start`, bytesOf],
			[`${plain}¬Start`, bytesOf],
			[`${plain}¬Start`, latin1Bytes],
			[`${NBSP}Start${NBSP}${NUMBERS.join(NBSP)} ¬ Start`, bytesOf],
		] as const) {
			const r = withGates([line], encode);
			expect(gateOf(r), line).toEqual(expected(NUMBERS));
			expect(r.lapMarksMs).toEqual([]);
		}
		const unsigned = NUMBERS.map((n) => n.replace("+", ""));
		expect(gateOf(withGates([`Start ${unsigned.join(" ")} ¬ Start`]))).toEqual(expected(unsigned));
		const whole = ["-1422", "+2802", "-1423", "+2802"];
		expect(gateOf(withGates([`Start ${whole.join(" ")} ¬ Start`]))).toEqual(expected(whole));
	});

	it("rejects a gate line without four plain numbers, quoting its first 60 characters at its line", () => {
		const bad = [
			"Start -1422.02591 +2802.00003 -1422.03887",
			"Split -1422.02591 +2802.00003 abc +2802.00007 ¬ x",
			"Split 1e3 +2802.00003 -1422.03887 +2802.00007 ¬ x",
			"Split 5. +2802.00003 -1422.03887 +2802.00007 ¬ x",
			`Split ${"9".repeat(80)}`,
		];
		const r = withGates([`Start ${NUMBERS.join(" ")} ¬ Start`, ...bad]);
		expect(
			r.report.filter((e) => e.kind === "rejected").map((e) => `${e.line} ${e.reason}`),
		).toEqual(
			bad.map(
				(line, i) => `${5 + i} linha de [laptiming] ilegível: ${JSON.stringify(line.slice(0, 60))}`,
			),
		);
		expect(gateOf(r)).toEqual(expected(NUMBERS));
	});
});
