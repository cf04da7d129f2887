import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NUMBER_EMPTY, NUMBER_INVALID, NUMBER_OK, SPACE } from "./bytes";
import { CsvNumberReader, isBlankLine } from "./csv-numbers";
import { bytesOf } from "./test-support";

function readLines(text: string, columns: number[], scales: number[] = [], sep?: number) {
	const reader = new CsvNumberReader(columns, scales, sep);
	const bytes = bytesOf(text);
	const out: { values: number[]; states: number[]; count: number; end: number }[] = [];
	let pos = 0;
	while (pos < bytes.length) {
		const end = reader.read(bytes, pos);
		out.push({
			values: [...reader.values],
			states: [...reader.states],
			count: reader.fieldCount,
			end,
		});
		pos = end + 1;
	}
	return out;
}

describe("CsvNumberReader", () => {
	it("reads the wanted columns of each line to the numbers Number gives, skipping the others", () => {
		const cell = fc.oneof(
			fc
				.double({ noNaN: true, noDefaultInfinity: true, min: -1e7, max: 1e7 })
				.map((v) => v.toFixed(4)),
			fc.integer({ min: -1000, max: 1000 }).map(String),
			fc.constantFrom("", "abc", "1e3", " 5 "),
		);
		fc.assert(
			fc.property(
				fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 20 }),
				(rows) => {
					const text = rows.map((r) => r.join(",")).join("\n");
					const lines = readLines(text, [4, 1, 3]);
					expect(lines.length).toBe(rows.length);
					lines.forEach((line, i) => {
						[4, 1, 3].forEach((column, slot) => {
							const raw = rows[i]![column]!.trim();
							const expected = raw === "" ? Number.NaN : Number(raw);
							if (Number.isNaN(expected)) expect(line.values[slot]).toBeNaN();
							else expect(line.values[slot]).toBe(expected);
							expect(line.states[slot]).toBe(
								raw === "" ? NUMBER_EMPTY : Number.isNaN(expected) ? NUMBER_INVALID : NUMBER_OK,
							);
						});
					});
				},
			),
		);
	});

	it("counts fields and gives empty for columns a short line lacks", () => {
		const [line] = readLines("1,2", [0, 3]);
		expect(line).toMatchObject({
			count: 2,
			values: [1, Number.NaN],
			states: [NUMBER_OK, NUMBER_EMPTY],
		});
	});

	it("gives empty for a blank or missing cell after a line where it held a number", () => {
		const lines = readLines("1,2,3\n4,,6\n7\n", [0, 1, 2]);
		expect(lines.map((l) => l.states)).toEqual([
			[NUMBER_OK, NUMBER_OK, NUMBER_OK],
			[NUMBER_OK, NUMBER_EMPTY, NUMBER_OK],
			[NUMBER_OK, NUMBER_EMPTY, NUMBER_EMPTY],
		]);
	});

	it("quotes a slot's own cell on the last line, and nothing for a cell the line lacks", () => {
		const reader = new CsvNumberReader([0, 1, 3]);
		const bytes = bytesOf('1,"x""y",3,4z\n5,6\n7,8,9,10\n');
		const end = reader.read(bytes, 0);
		expect([reader.quoted(0), reader.quoted(1), reader.quoted(2)]).toEqual([
			'"1"',
			'"x""y"',
			'"4z"',
		]);
		reader.read(bytes, end + 1);
		expect([reader.quoted(1), reader.quoted(2)]).toEqual(['"6"', '""']);
		const blanks = new CsvNumberReader([0, 2], [], SPACE);
		blanks.read(bytesOf("  a \t b  c \n"), 0);
		expect([blanks.quoted(0), blanks.quoted(1)]).toEqual(['"a"', '"c"']);
	});

	it("reads quoted cells, with commas and doubled quotes inside", () => {
		const [line] = readLines('"a,b","5",7,"x""y",9', [1, 2, 4]);
		expect(line).toMatchObject({ count: 5, values: [5, 7, 9] });
	});

	it("reads CRLF lines and a last line without LF (from a copy with one)", () => {
		const lines = readLines("1,2\r\n3,4", [1]);
		expect(lines.map((l) => l.values[0])).toEqual([2, 4]);
		expect(lines[1]!.end).toBe(8);
	});

	it("scales a slot exactly: seconds with decimals to milliseconds", () => {
		const [line] = readLines("1767150797.44,9", [0], [3]);
		expect(line!.values[0]).toBe(1767150797440);
	});

	it("reads blank-separated rows: runs of spaces and tabs are one separator", () => {
		const [line] = readLines(
			"  016 090358.20\t +2689.899660   -00673.458530  \n",
			[0, 1, 2, 3],
			[],
			SPACE,
		);
		expect(line).toMatchObject({ count: 4, values: [16, 90358.2, 2689.89966, -673.45853] });
	});
});

describe("CsvNumberReader slots", () => {
	it("reads a column named by two slots into the first; the second stays empty and quotes nothing", () => {
		const reader = new CsvNumberReader([1, 1, -1]);
		reader.read(bytesOf("a,5\n"), 0);
		expect([...reader.values.subarray(0, 1)]).toEqual([5]);
		expect([...reader.states]).toEqual([NUMBER_OK, NUMBER_EMPTY, NUMBER_EMPTY]);
		expect([reader.quoted(0), reader.quoted(1), reader.quoted(2), reader.quoted(7)]).toEqual([
			'"5"',
			'""',
			'""',
			'""',
		]);
	});

	it("gives empty for slot 0 on a line that lacks its column", () => {
		const lines = readLines("1,2\n3\n", [1]);
		expect(lines.map((l) => l.states)).toEqual([[NUMBER_OK], [NUMBER_EMPTY]]);
	});

	it("gives the LF of an empty last line as its end", () => {
		expect(readLines("1\n\n", [0]).map((l) => l.end)).toEqual([1, 2]);
	});

	it("divides by the decimals past a slot's scale", () => {
		const [line] = readLines("1.23456,0\n", [0], [3]);
		expect(line!.values[0]).toBe(1234.56);
	});

	it("reads the digits in a file's last bytes one at a time, to the same value", () => {
		const cases: [string, number, number][] = [
			["1.23456\n", 0, 1.23456],
			["1.23456", 0, 1.23456],
			["123456\n", 0, 123456],
			["x,-98.7\n", 1, -98.7],
		];
		for (const [text, column, value] of cases) {
			expect(readLines(text, [column])[0]!.values[0], text).toBe(value);
		}
	});

	it("reads more than 15 digits to the double Number gives", () => {
		// Read four digits at a time, these would round twice: 1234.1234567890122, not …124.
		const fraction = "1234.123456789012345";
		expect(readLines(`${fraction},0\n`, [0])[0]!.values[0]).toBe(Number(fraction));
		// Eighteen digits that end the file: the last two read one at a time.
		const integer = "123456789012345610";
		expect(readLines(`a,${integer}\n`, [1])[0]!.values[0]).toBe(Number(integer));
	});
});

describe("CsvNumberReader cells", () => {
	it("ends a quoted cell at the separator after its closing quote", () => {
		const [line] = readLines('"5"x,7', [0, 1]);
		expect(line).toMatchObject({
			count: 2,
			values: [Number.NaN, 7],
			states: [NUMBER_INVALID, NUMBER_OK],
		});
		const [doubled] = readLines('x,"a"",b",7', [2]);
		expect(doubled).toMatchObject({ count: 3, values: [7] });
	});

	it("ends the line's fields at a CR, in a quoted, a skipped or an unreadable cell", () => {
		expect(readLines('"5"\rx,7\n', [0, 1])[0]).toMatchObject({
			count: 1,
			states: [NUMBER_OK, NUMBER_EMPTY],
		});
		expect(readLines("5\r,7\n", [1])[0]).toMatchObject({ count: 1, states: [NUMBER_EMPTY] });
		expect(readLines("5x\r,7\n", [0, 1])[0]).toMatchObject({
			count: 1,
			states: [NUMBER_INVALID, NUMBER_EMPTY],
		});
	});
});

describe("CsvNumberReader blank-separated rows", () => {
	const blankRows = (text: string, columns: number[]) => readLines(text, columns, [], SPACE);

	it("skips tabs and spaces in any order before, between and after fields", () => {
		expect(blankRows("\t1 \t2 \r\n", [0, 1])[0]).toMatchObject({ count: 2, values: [1, 2] });
		expect(blankRows("1\t2\n", [1])[0]).toMatchObject({ count: 2, values: [2] });
	});

	it("ends a quoted or unreadable cell at a space or a tab", () => {
		expect(blankRows('"5" 6\t7\n', [0, 1, 2])[0]).toMatchObject({ count: 3, values: [5, 6, 7] });
		expect(blankRows('"5"\t6\n', [0, 1])[0]).toMatchObject({ count: 2, values: [5, 6] });
		expect(blankRows("1x\t2\n", [0, 1])[0]).toMatchObject({
			count: 2,
			values: [Number.NaN, 2],
			states: [NUMBER_INVALID, NUMBER_OK],
		});
	});

	it("reads a line of blanks before CRLF as no field, ending at its LF", () => {
		const lines = blankRows(" \r\n1\n", [0]);
		expect(lines.map((l) => [l.count, l.end])).toEqual([
			[0, 2],
			[1, 4],
		]);
	});
});

describe("CsvNumberReader.quoted", () => {
	const quotedCells = (text: string, count: number, separator?: number) => {
		const reader = new CsvNumberReader(
			Array.from({ length: count }, (_, i) => i),
			[],
			separator,
		);
		reader.read(bytesOf(text), 0);
		return Array.from({ length: count }, (_, slot) => reader.quoted(slot));
	};

	it("keeps the blanks of a comma-separated cell and drops the CR of CRLF", () => {
		expect(quotedCells(" a, b\r\n", 2)).toEqual(['" a"', '" b"']);
	});

	it("splits blank-separated cells at tabs too", () => {
		expect(quotedCells("\ta\tb\n", 2, SPACE)).toEqual(['"a"', '"b"']);
	});

	it("skips quoted cells whole: commas and doubled quotes inside", () => {
		expect(quotedCells('"a,b",7\n', 2)[1]).toBe('"7"');
		expect(quotedCells('x,"a"",b",7\n', 3)[2]).toBe('"7"');
	});

	it("drops only a pair of quotes around the whole cell", () => {
		expect(quotedCells('a,5"\n', 2)[1]).toBe('"5""');
		expect(quotedCells('a,"5\n', 2)[1]).toBe('""5"');
		expect(quotedCells('a,"\n', 2)[1]).toBe('"""');
	});
});

describe("isBlankLine", () => {
	it("is true for a range of spaces, tabs and CRs only", () => {
		const b = bytesOf("x \t\rx");
		expect(isBlankLine(b, 1, 4)).toBe(true);
		for (const at of [1, 2, 3]) expect(isBlankLine(b, at, at + 1)).toBe(true);
		expect(isBlankLine(b, 2, 2)).toBe(true);
		expect(isBlankLine(b, 1, 5)).toBe(false);
		expect(isBlankLine(b, 0, 1)).toBe(false);
	});
});
