import { describe, expect, it } from "vitest";
import { GpsPieceParser, parseGpsBytes, parseGpsFile } from "./parse-gps";
import { gpsPointAt } from "./serialize";
import { FIXTURE_FOLDERS, fixture, hasFixture } from "./test-fixtures";
import type { GpsFile } from "./types";

const CURRENT = "-23.5505199,-46.6333094|123.45|12|123456.25|3|1|12.6V|-12.5|-11.75|1234";

/** Points as plain objects with their line, for readable snapshots and comparisons. */
function rows(file: GpsFile) {
	return Array.from({ length: file.points.length }, (_, i) => ({
		line: file.points.line[i],
		...gpsPointAt(file.points, i),
	}));
}

function reasons(input: string): string[] {
	return parseGpsFile(input).report.map((r) => `${r.line}: ${r.reason}`);
}

describe("parseGpsFile", () => {
	it("reads every field of a current-variant line", () => {
		const [point] = rows(parseGpsFile(CURRENT));
		expect(point).toEqual({
			line: 1,
			lat: -23.5505199,
			lon: -46.6333094,
			speedKmh: Math.fround(123.45),
			satellites: 12,
			timeOfDayMs: (12 * 3600 + 34 * 60 + 56) * 1000 + 250,
			lapCount: 3,
			timingFlag: 1,
			battery: "12.6V",
			roll: -12.5,
			filteredLean: -11.75,
			distanceM: 1234,
		});
	});

	it("converts decimals exactly as Number() does", () => {
		const samples = [
			"-23.5505199",
			"0.1",
			"89.9999999",
			"-0.0000001",
			"12.3456789",
			"179.123456789",
		];
		for (const lat of samples.slice(0, 4)) {
			const file = parseGpsFile(`${lat},${samples[5]}|0.3|1|000000|0|0||0.1|0.2|0`);
			expect(file.points.lat[0]).toBe(Number(lat));
			expect(file.points.lon[0]).toBe(Number(samples[5]));
		}
	});

	it("reads long numbers (more than 15 digits) through Number()", () => {
		const lat = "-23.55051991234567891";
		const file = parseGpsFile(`${lat},-46.6333094|1|1|000000|0|0|x|0|0|0`);
		expect(file.points.lat[0]).toBe(Number(lat));
	});

	it("reads the older 7-field variant with absent (NaN) roll, lean and distance", () => {
		const file = parseGpsFile("-23.5,-46.6|10|5|101010.5|1|1|87%");
		const [point] = rows(file);
		expect(point?.roll).toBeNaN();
		expect(point?.filteredLean).toBeNaN();
		expect(point?.distanceM).toBeNaN();
		expect(point?.battery).toBe("87%");
		expect(file.report).toEqual([]);
	});

	it("accepts both time forms and any number of decimals", () => {
		const times = ["101010", "101010.5", "101010.123456789012", "10:10:10", "10:10:10.5"];
		const file = parseGpsFile(times.map((t) => `1,1|0|0|${t}|0|0|x`).join("\n"));
		expect(Array.from(file.points.timeOfDayMs)).toEqual([
			36_610_000,
			36_610_500,
			36_610_000 + 123_456_789_012 / 1e9,
			36_610_000,
			36_610_500,
		]);
	});

	it("keeps an empty time as NaN (the device wrote none)", () => {
		expect(parseGpsFile("1,1|0|0||0|0|x").points.timeOfDayMs[0]).toBeNaN();
	});

	it("treats a -0 speed as 0", () => {
		expect(Object.is(parseGpsFile("1,1|-0|0|000000|0|0|x").points.speedKmh[0], 0)).toBe(true);
	});

	it("skips a UTF-8 byte order mark", () => {
		const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(CURRENT)]);
		expect(parseGpsFile(bytes).points.length).toBe(1);
	});

	it("reads a first battery text of one byte, the same as the file's first byte", () => {
		for (const fastPath of [true, false]) {
			const text = `1,1|0|0|000000|0|0|1\n${CURRENT}\n${CURRENT}\n`;
			const file = parseGpsBytes(new TextEncoder().encode(text), fastPath);
			expect(file.points.battery).toEqual(["1", "12.6V", "12.6V"]);
		}
	});

	it("reads a file shorter than a 32-bit word with either reading, field by field", () => {
		// The one-pass reading loads whole words: it must not be given bytes that end inside one.
		for (const text of ["1,1", "7", "1,1\n"]) {
			const bytes = new TextEncoder().encode(text);
			const reference = parseGpsBytes(bytes, false);
			expect(reference.points.length).toBe(0);
			expect(reference.report).toEqual([
				{
					file: "gps.six",
					line: 1,
					kind: "rejected",
					reason: "esperados 10 campos (ou 7 na variante antiga), encontrados 1",
				},
			]);
			expect(parseGpsBytes(bytes, true)).toEqual(reference);
		}
	});

	it("keeps non-ASCII battery text", () => {
		expect(parseGpsFile("1,1|0|0|000000|0|0|bateria ½").points.battery[0]).toBe("bateria ½");
	});

	it("reads string and byte input alike", () => {
		const text = fixture("normal", "gps.six");
		expect(rows(parseGpsFile(new TextEncoder().encode(text)))).toEqual(rows(parseGpsFile(text)));
	});

	it("grows its columns past the first estimate", () => {
		// Long first lines make the estimate low; short ones follow.
		const long = `${CURRENT}${" ".repeat(3000)}`;
		const lines = [
			long,
			...Array.from({ length: 5000 }, (_, i) => `1,${(i % 170) + 1}|0|0|000000|0|0|x`),
		];
		const file = parseGpsFile(lines.join("\n"));
		expect(file.points.length).toBe(5001);
		expect(file.points.lon[5000]).toBe((4999 % 170) + 1);
		expect(file.points.battery.length).toBe(5001);
	});

	// Memory: columns sized from the first 64 KiB are allocated once and returned as views; a
	// copy (growth, or trimming an over-estimate) briefly holds two sets of columns.
	describe("sizes the columns from the first 64 KiB", () => {
		const line = (i: number) =>
			`-23.${String(i).padStart(7, "0")},-46.6333094|60.54|12|120000.00|1|1|12.8V`;
		const rowsAllocated = (file: GpsFile) => file.points.lat.buffer.byteLength / 8;

		it("a short file: one row per line, one to spare for a last line without LF", () => {
			const file = parseGpsFile(`${Array.from({ length: 100 }, (_, i) => line(i)).join("\n")}\n`);
			expect(file.points.length).toBe(100);
			expect(rowsAllocated(file)).toBe(101);
		});

		it("a long file of like lines: the count extrapolated, within 2 % and 16 rows, no copy", () => {
			const file = parseGpsFile(`${Array.from({ length: 5000 }, (_, i) => line(i)).join("\n")}\n`);
			expect(file.points.length).toBe(5000);
			// The sample ends inside a line: the count is off by up to a line per 64 KiB.
			const lineShare = (line(0).length + 1) / 65536;
			expect(rowsAllocated(file)).toBeGreaterThanOrEqual(5000 * 1.02 * (1 - lineShare) + 16);
			expect(rowsAllocated(file)).toBeLessThanOrEqual(5000 * 1.02 + 17);
		});

		it("the sample: the 64 KiB after the byte order mark, its LFs per byte applied to the rest", () => {
			// Lines of 64 bytes: the sample holds exactly 1024 of them, and the byte right after it
			// is an empty line's LF, so the estimate is the line count plus 2 % and 16, rounded up.
			const sized = (i: number) => line(i).padEnd(63, "x");
			for (const count of [2005, 2046]) {
				const lines = Array.from({ length: count }, (_, i) => `${sized(i)}\n`);
				lines.splice(1024, 0, "\n");
				const bytes = new TextEncoder().encode(`\ufeff${lines.join("")}`);
				expect(bytes.indexOf(10, 3 + 65536)).toBe(3 + 65536);
				const file = parseGpsFile(bytes);
				expect(file.points.length).toBe(count);
				expect(rowsAllocated(file)).toBe(Math.ceil(count * 1.02) + 16);
			}
		});

		it("a long file whose first lines are long: grown past the estimate, trimmed by a copy", () => {
			const head = Array.from({ length: 20 }, (_, i) => `${line(i)}${" ".repeat(4000)}`);
			const tail = Array.from({ length: 2000 }, (_, i) => line(i));
			const file = parseGpsFile([...head, ...tail].join("\n"));
			expect(file.points.length).toBe(2020);
			expect(rowsAllocated(file)).toBe(2020);
		});

		it("a long file whose first lines are short: the over-estimate trimmed by a copy", () => {
			const head = Array.from({ length: 1100 }, (_, i) => line(i));
			const tail = Array.from({ length: 20 }, (_, i) => `${line(i)}${" ".repeat(20_000)}`);
			const file = parseGpsFile([...head, ...tail].join("\n"));
			expect(file.points.length).toBe(1120);
			expect(rowsAllocated(file)).toBe(1120);
		});
	});

	it.each([
		[
			"field count",
			`${CURRENT}|x`,
			"esperados 10 campos (ou 7 na variante antiga), encontrados 11",
		],
		["no comma", "1|0|0|000000|0|0|x", 'posição: esperado "latitude,longitude", encontrado "1"'],
		[
			"NaN speed",
			"1,1|NaN|0|000000|0|0|x",
			'velocidade: esperado número decimal (ex.: -23.55), encontrado "NaN"',
		],
		[
			"negative speed",
			"1,1|-2|0|000000|0|0|x",
			'velocidade: "-2" fora do intervalo (deve ser >= 0)',
		],
		[
			"exponent",
			"1,1|1e3|0|000000|0|0|x",
			'velocidade: esperado número decimal (ex.: -23.55), encontrado "1e3"',
		],
		["empty speed", "1,1||0|000000|0|0|x", "velocidade: campo vazio"],
		[
			"satellites",
			"1,1|0|70000|000000|0|0|x",
			'satélites: "70000" fora do intervalo (máximo 65535)',
		],
		[
			"time",
			"1,1|0|0|24:00:00|0|0|x",
			'hora: esperado hhmmss.ss ou hh:mm:ss[.fff] (hora 00-23, minuto e segundo 00-59), encontrado "24:00:00"',
		],
		[
			"lap count",
			"1,1|0|0|000000|1.5|0|x",
			'contagem de voltas: esperado inteiro não negativo, encontrado "1.5"',
		],
		[
			"flag",
			"1,1|0|0|000000|0|01|x",
			'indicador de cronometragem: esperado 0 ou 1, encontrado "01"',
		],
		[
			"roll",
			"1,1|0|0|000000|0|0|x|Infinity|0|0",
			'inclinação: esperado número decimal (ex.: -23.55), encontrado "Infinity"',
		],
		["lean", "1,1|0|0|000000|0|0|x|0||0", "inclinação filtrada: campo vazio"],
		[
			"distance",
			"1,1|0|0|000000|0|0|x|0|0|-5",
			'distância: esperado inteiro não negativo, encontrado "-5"',
		],
	])("rejects a bad %s with a clear reason", (_name, line, reason) => {
		expect(reasons(`${CURRENT}\n${line}\n${CURRENT}`)).toEqual([`2: ${reason}`]);
	});

	it("never throws on arbitrary garbage and reports it", () => {
		const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
		expect(() => parseGpsFile(garbage)).not.toThrow();
	});
});

describe("GpsPieceParser", () => {
	/** A file over 64 KiB: a byte order mark, rejected lines and battery changes throughout. */
	function longFile(): Uint8Array {
		const lines = Array.from({ length: 3000 }, (_, i) =>
			i % 700 === 350
				? `lixo ${i}`
				: `-23.${String(i).padStart(7, "0")},-46.6333094|60.54|12|120000.00|1|1|${12 + (i >> 9) / 10}V`,
		);
		return new TextEncoder().encode(`\ufeff${lines.join("\n")}\n`);
	}

	/** The bytes cut just after an LF: the first piece past 64 KiB, then about every `size` bytes. */
	function piecesOf(bytes: Uint8Array, size: number): Uint8Array[] {
		const pieces: Uint8Array[] = [];
		let start = 0;
		let want = 3 + 65536;
		while (start < bytes.length) {
			const lf = bytes.indexOf(10, start + want);
			const end = lf < 0 ? bytes.length : lf + 1;
			pieces.push(bytes.subarray(start, end));
			start = end;
			want = size;
		}
		return pieces;
	}

	it("gives for a file handed in pieces of whole lines what one parse of the whole file gives", () => {
		const bytes = longFile();
		const pieces = piecesOf(bytes, 20_000);
		expect(pieces.length).toBeGreaterThan(3);
		const parser = new GpsPieceParser(bytes.length);
		for (const piece of pieces) parser.push(piece);
		const file = parser.finish();
		const whole = parseGpsFile(bytes);
		expect(rows(file)).toEqual(rows(whole));
		expect(file.report).toEqual(whole.report);
		expect(file.report.map((r) => r.line)).toEqual([351, 1051, 1751, 2451]);
	});
});

describe("gps.six fixtures", () => {
	for (const folder of FIXTURE_FOLDERS) {
		if (!hasFixture(folder, "gps.six")) continue;
		it(`parses ${folder}/gps.six`, () => {
			const file = parseGpsFile(fixture(folder, "gps.six"));
			expect({ points: rows(file), report: file.report }).toMatchSnapshot();
		});
		it(`reads ${folder}/gps.six the same with and without the one-pass reader`, () => {
			const bytes = new TextEncoder().encode(fixture(folder, "gps.six"));
			const fast = parseGpsBytes(bytes, true);
			const reference = parseGpsBytes(bytes, false);
			expect(rows(fast)).toEqual(rows(reference));
			expect(fast.report).toEqual(reference.report);
		});
	}
});
