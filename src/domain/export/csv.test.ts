import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TimedLap } from "../channels/types";
import { CSV_EXTRA_COLUMNS } from "./csv";
import { csvTextCell } from "./csv-cell";
import { exportToString } from "./export-session";
import { simulatedSession, smallSession } from "./test-fixtures";
import type { ExportSession } from "./types";

/** RFC 4180 records (CRLF between records; quoted fields may hold anything). */
function parseCsv(text: string): string[][] {
	const records: string[][] = [];
	let record: string[] = [];
	let field = "";
	let i = 0;
	let quoted = false;
	while (i < text.length) {
		const c = text[i]!;
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				field += '"';
				i += 2;
			} else if (c === '"') {
				quoted = false;
				i++;
			} else {
				field += c;
				i++;
			}
		} else if (c === '"') {
			if (field !== "") throw new Error(`quote inside an unquoted field at ${i}`);
			quoted = true;
			i++;
		} else if (c === ",") {
			record.push(field);
			field = "";
			i++;
		} else if (c === "\r" && text[i + 1] === "\n") {
			record.push(field);
			records.push(record);
			record = [];
			field = "";
			i += 2;
		} else if (c === "\r" || c === "\n") {
			throw new Error(`bare line break at ${i}`);
		} else {
			field += c;
			i++;
		}
	}
	if (quoted) throw new Error("unterminated quoted field");
	if (field !== "" || record.length > 0) throw new Error("last record without CRLF");
	return records;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

describe("CSV cells", () => {
	it.each([
		["=1+1", "'=1+1"],
		["+55 11 9999", "'+55 11 9999"],
		["-2+3", "'-2+3"],
		["@SUM(A1)", "'@SUM(A1)"],
		["\tcmd", "'\tcmd"],
		["\r=cmd", '"\'\r=cmd"'],
		['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
		["Interlagos", "Interlagos"],
		["São Paulo, SP", '"São Paulo, SP"'],
		[" padded", '" padded"'],
		["", ""],
	])("writes %j as %j", (text, cell) => {
		expect(csvTextCell(text)).toBe(cell);
	});

	it("reads back as the text, or the text behind a quote mark when it would run as a formula", () => {
		fc.assert(
			fc.property(fc.string({ unit: "grapheme-composite" }), (text) => {
				const [[read]] = parseCsv(`${csvTextCell(text)}\r\n`) as [[string]];
				if (/^[=+\-@\t\r]/.test(text)) expect(read).toBe(`'${text}`);
				else expect(read).toBe(text);
			}),
		);
	});
});

describe("CSV export", () => {
	it("writes a header with units and one row per fix, lap by lap", () => {
		const session = simulatedSession({ laps: 2, hz: 10, circuit: "granja-viana" });
		const records = parseCsv(exportToString(session, "csv"));
		const [header, ...rows] = records;
		expect(header).toEqual([
			"pista",
			"volta",
			"hora_utc",
			"tempo_sessao_s",
			"tempo_volta_s",
			"latitude",
			"longitude",
			"velocidade_kmh",
			"inclinacao_graus",
			"inclinacao_origem",
			"distancia_volta_m",
			"altitude_m",
			"satelites",
		]);
		const total = session.laps.reduce((sum, lap) => sum + lap.channels.length, 0);
		expect(rows).toHaveLength(total);
		const origin = session.laps[0]!.startMs;
		let r = 0;
		for (const lap of session.laps) {
			for (let i = 0; i < lap.channels.length; i++, r++) {
				const row = rows[r]!;
				expect(row).toHaveLength(header!.length);
				expect(row[0]).toBe(session.trackName);
				expect(Number(row[1])).toBe(lap.number);
				const instant = lap.startMs + lap.channels.timeMs[i]!;
				expect(Math.abs(Date.parse(row[2]!) - instant)).toBeLessThanOrEqual(0.5);
				expect(Number(row[3])).toBeCloseTo((instant - origin) / 1000, 3);
				expect(Number(row[4])).toBeCloseTo(lap.channels.timeMs[i]! / 1000, 3);
				expect(Math.abs(Number(row[5]) - lap.channels.lat[i]!)).toBeLessThan(1e-7);
				expect(Math.abs(Number(row[6]) - lap.channels.lon[i]!)).toBeLessThan(1e-7);
				expect(Number(row[7])).toBeCloseTo(lap.channels.speedKmh[i]!, 2);
				expect(Number(row[8])).toBeCloseTo(lap.channels.leanDeg[i]!, 1);
				expect(row[9]).toBe("medida");
				expect(Number(row[10])).toBeCloseTo(lap.channels.distanceM[i]!, 2);
				for (const cell of row.slice(1))
					if (cell !== "medida" && !cell.includes("T")) expect(cell).toMatch(NUMBER);
			}
		}
	});

	it("writes the other channels present, empty cells where a fix has none", () => {
		const records = parseCsv(exportToString(smallSession(), "csv"));
		const header = records[0]!;
		expect(header.slice(11)).toEqual(CSV_EXTRA_COLUMNS.map((c) => c.column));
		const noSpeed = records[8]!; // lap 2, third fix: speed and altitude unknown
		expect(noSpeed[header.indexOf("velocidade_kmh")]).toBe("");
		expect(noSpeed[header.indexOf("altitude_m")]).toBe("");
		expect(noSpeed[header.indexOf("rpm")]).toBe("9000");
		// Lap 2 starts where lap 1 ends: that instant is a row of each lap.
		expect(records[5]![1]).toBe("1");
		expect(records[6]![1]).toBe("2");
		expect(records[5]![2]).toBe(records[6]![2]);
		expect(records[6]![4]).toBe("0.000");
	});

	it("neutralises a track name that would run as a formula, and leaves negative numbers alone", () => {
		const session: ExportSession = {
			...smallSession(),
			trackName: '=HYPERLINK("http://evil","x"),"',
		};
		const text = exportToString(session, "csv");
		const records = parseCsv(text);
		for (const row of records.slice(1)) {
			expect(row[0]).toBe(`'=HYPERLINK("http://evil","x"),"`);
			expect(row[5]!.startsWith("-23.")).toBe(true);
			expect(row[6]!.startsWith("-46.")).toBe(true);
		}
		expect(text).not.toMatch(/(^|,)'-\d/m);
	});

	it("uses CRLF only and counts session time from the session's first fix when one lap is exported", () => {
		const session = smallSession();
		const text = exportToString(session, "csv", { lap: 2 });
		expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
		const rows = parseCsv(text).slice(1);
		expect(rows.map((r) => r[1])).toEqual(["2", "2", "2", "2"]);
		expect(rows[0]![3]).toBe("0.160");
		expect(rows[0]![4]).toBe("0.000");
	});

	it("writes estimated lean as such", () => {
		const session = smallSession();
		const estimated = {
			...session,
			laps: session.laps.map((lap) => ({
				...lap,
				channels: { ...lap.channels, leanEstimated: true },
			})),
		};
		const rows = parseCsv(exportToString(estimated, "csv")).slice(1);
		expect(new Set(rows.map((r) => r[9]))).toEqual(new Set(["estimada"]));
	});
	it("keeps a channel's column when only some laps have it, its cells empty in the others", () => {
		const small = smallSession();
		const [lap1, lap2] = small.laps as [TimedLap, TimedLap];
		const session: ExportSession = {
			...small,
			trackName: null,
			laps: [lap1, { ...lap2, channels: { ...lap2.channels, extra: {} } }],
		};
		const records = parseCsv(exportToString(session, "csv"));
		const header = records[0]!;
		expect(header.slice(11)).toEqual(CSV_EXTRA_COLUMNS.map((c) => c.column));
		for (const row of records.slice(1)) {
			expect(row).toHaveLength(header.length);
			// No track name: an empty first cell.
			expect(row[0]).toBe("");
		}
		for (const row of records.slice(6)) expect(row.slice(11).every((c) => c === "")).toBe(true);
		expect(records[1]![header.indexOf("rpm")]).toBe("9800");
	});

	it("writes altitude as it is when the source has no heading (heading alone is wrapped to 0..360)", () => {
		const session = simulatedSession({ laps: 1, hz: 10, circuit: "granja-viana" });
		const records = parseCsv(exportToString(session, "csv"));
		const header = records[0]!;
		expect(header).not.toContain("rumo_graus");
		const altitude = header.indexOf("altitude_m");
		for (const row of records.slice(1)) expect(Number(row[altitude])).toBeGreaterThan(700);
	});

	it("leaves out a fix whose position is out of range", () => {
		const small = smallSession();
		const lap = small.laps[0]!;
		const lat = Float64Array.from(lap.channels.lat);
		lat[2] = 91;
		const session: ExportSession = {
			...small,
			laps: [{ ...lap, channels: { ...lap.channels, lat } }],
		};
		const rows = parseCsv(exportToString(session, "csv")).slice(1);
		expect(rows.map((r) => r[4])).toEqual(["0.000", "0.040", "0.120", "0.160"]);
	});
});
