import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NUMBER_EMPTY, NUMBER_INVALID, NUMBER_OK, SPACE } from "./bytes";
import { CsvNumberReader } from "./csv-numbers";
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
