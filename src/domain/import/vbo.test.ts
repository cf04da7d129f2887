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
