import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMA, NUMBER_EMPTY, NUMBER_OK } from "./bytes";
import { makeColumnReader } from "./column-reader";
import { CsvNumberReader, slotsOfColumns } from "./csv-numbers";
import { latin1Bytes, type ReadLine, readEveryLine } from "./test-support";

/** Every line of `text` as a reader reads it, with or without the reader made for its columns. */
function readAll(text: string, columns: number[], scales: number[], made: boolean): ReadLine[] {
	const reader = new CsvNumberReader(columns, scales, COMMA, false, made);
	return readEveryLine(reader, latin1Bytes(text), 0, columns.length);
}

/** Slot and field count of one line as the made reader alone reads it (-1: left to the general one). */
function madeRead(line: string, columns: number[], scales: number[] = []) {
	const read = makeColumnReader(
		slotsOfColumns(columns),
		Int32Array.from(columns, (_, slot) => scales[slot] ?? 0),
	)!;
	const bytes = latin1Bytes(line);
	const values = new Float64Array(columns.length);
	const states = new Uint8Array(columns.length).fill(NUMBER_EMPTY);
	const count = new Int32Array(1);
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const end = read(bytes, view, 0, bytes.length - 4, values, states, count);
	return { end, count: count[0], values: [...values], states: [...states] };
}

const plain = fc
	.tuple(
		fc.constantFrom("", "-", "+"),
		fc.stringMatching(/^[0-9]{1,7}$/),
		fc.option(fc.stringMatching(/^[0-9]{0,8}$/), { nil: undefined }),
	)
	.map(([sign, int, frac]) => (frac === undefined ? `${sign}${int}` : `${sign}${int}.${frac}`));

/** Cells the made reader reads itself, and cells it leaves to the general reading. */
const cell = fc.oneof(
	{ weight: 6, arbitrary: plain },
	{ weight: 2, arbitrary: fc.constant("") },
	{
		weight: 2,
		arbitrary: fc.constantFrom(
			'"12.5"',
			'"a,b"',
			'"x""y"',
			'1"2',
			"1e3",
			" 5",
			"5 ",
			"abc",
			"-",
			"+",
			".",
			".5",
			"5.",
			"1.2.3",
			"1234567890123456",
			"123456789012.3456",
			"0x1F",
			"--1",
		),
	},
);

const line = fc
	.tuple(
		fc.array(cell, { minLength: 1, maxLength: 9 }),
		fc.constantFrom("\n", "\r\n", "\rjunk\n", "\r,1,2\n"),
	)
	.map(([cells, end]) => `${cells.join(",")}${end}`);

describe("reader made for a file's columns", () => {
	it("gives every line the values, states, field count, end and quoted cells the general reading gives", () => {
		fc.assert(
			fc.property(
				fc.array(line, { minLength: 1, maxLength: 12 }),
				fc.boolean(),
				fc.array(fc.integer({ min: -1, max: 7 }), { minLength: 1, maxLength: 6 }),
				fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }),
				(lines, lastLf, columns, scales) => {
					let text = lines.join("");
					if (!lastLf) text = text.slice(0, -1);
					const made = readAll(text, columns, scales, true);
					const general = readAll(text, columns, scales, false);
					expect(made).toEqual(general);
				},
			),
			{ numRuns: 400 },
		);
	});

	it("reads plain decimals and blank cells itself, to the numbers Number gives", () => {
		fc.assert(
			fc.property(
				fc.array(fc.oneof(plain, fc.constant("")), { minLength: 4, maxLength: 4 }),
				fc.integer({ min: 0, max: 3 }),
				(cells, scale) => {
					const scales = [scale, 0, scale, 0];
					const got = madeRead(`${cells.join(",")}\n`, [3, -1, 0, 2], scales);
					expect(got.end).toBe(cells.join(",").length);
					expect(got.count).toBe(4);
					[3, -1, 0, 2].forEach((column, slot) => {
						if (column < 0) return;
						const raw = cells[column]!;
						if (raw === "") {
							expect(got.states[slot]).toBe(NUMBER_EMPTY);
							expect(got.values[slot]).toBeNaN();
						} else {
							expect(got.states[slot]).toBe(NUMBER_OK);
							// Exact: the scaled value is the mantissa times or over one power of ten.
							const [int, frac = ""] = raw.replace(/^[+-]/, "").split(".");
							const digits = Number(`${int}${frac}`);
							const shift = scales[slot]! - frac.length;
							const value = shift >= 0 ? digits * 10 ** shift : digits / 10 ** -shift;
							expect(got.values[slot]).toBe(raw.startsWith("-") ? -value : value);
						}
					});
				},
			),
		);
	});

	it("reads seconds as milliseconds exactly as written", () => {
		const got = madeRead("1740837600.240,0,-23.7005396\n", [0, 2], [3]);
		expect(got.values).toEqual([1740837600240, -23.7005396]);
		expect(got.count).toBe(3);
	});

	it("counts the fields after the last column read and empties the columns a short line lacks", () => {
		expect(madeRead("1,2,3,4,5,6\n", [0, 1])).toMatchObject({ count: 6, values: [1, 2] });
		const short = madeRead("7,8\r\n", [0, 3, 1]);
		expect(short).toMatchObject({ end: 4, count: 2, states: [NUMBER_OK, NUMBER_EMPTY, NUMBER_OK] });
		expect(short.values[1]).toBeNaN();
	});

	it("ends a line at a CR, after a blank cell too, whatever follows it before the LF", () => {
		expect(madeRead("5,\r\n", [0, 1])).toMatchObject({ end: 3, count: 2 });
		expect(madeRead("5,6\r,7,8\n", [0])).toMatchObject({ end: 8, count: 2, values: [5] });
		expect(madeRead("5,6\r,7,8\n", [1])).toMatchObject({ end: 8, count: 2, values: [6] });
	});

	it("leaves a line to the general reading at a quote, an exponent, blanks, text or 16 digits", () => {
		for (const bad of ['"1"', "1e3", " 1", "x", "1234567890123456", "-", "1.2.3"]) {
			expect(madeRead(`5,${bad},6\n`, [0, 1, 2]).end).toBe(-1);
		}
		// In a column not read only a quote does (its cell could hold a comma): other bytes are skipped.
		expect(madeRead('5,"a,b",6\n', [0, 2]).end).toBe(-1);
		expect(madeRead("5,1e3 x,6\n", [0, 2]).end).toBe(9);
	});

	it("reads lines whose last bytes are at the end of the buffer, a byte at a time", () => {
		expect(madeRead("1.5,22\n", [0, 1])).toMatchObject({ end: 6, values: [1.5, 22] });
		expect(madeRead("9\n", [0])).toMatchObject({ end: 1, values: [9], count: 1 });
		expect(madeRead("123456789.25,-7\n", [1, 0])).toMatchObject({
			end: 15,
			values: [-7, 123456789.25],
		});
	});
});

describe("the readers made", () => {
	/** Column c read into slot slotOf[c] (-1: skipped), no scaling. */
	const plan = (slotOf: number[]) =>
		[Int32Array.from(slotOf), new Int32Array(Math.max(1, ...slotOf) + 1)] as const;

	it("are made for 1 to 256 columns, and none for no column or more", () => {
		const wide = (n: number) => Array.from({ length: n }, (_, c) => (c === 0 ? 0 : -1));
		expect(makeColumnReader(...plan([]))).toBeNull();
		expect(makeColumnReader(...plan([0]))).toBeTypeOf("function");
		expect(makeColumnReader(...plan(wide(256)))).toBeTypeOf("function");
		expect(makeColumnReader(...plan(wide(257)))).toBeNull();
	});

	it("are kept: the same columns give the same reader, between others", () => {
		const first = makeColumnReader(...plan([0, 1]));
		makeColumnReader(...plan([1, 0]));
		expect(makeColumnReader(...plan([0, 1]))).toBe(first);
	});

	it("are kept 64 at a time: the 65th plan starts the store again", () => {
		// Plan n reads only the last of n + 2 columns: a new reader for each n.
		let next = 0;
		const newPlan = () => {
			const n = next++;
			return plan(Array.from({ length: n + 2 }, (_, c) => (c === n + 1 ? 0 : -1)));
		};
		const kept = newPlan();
		let first = makeColumnReader(...kept);
		// Until the store starts again (it holds other tests' readers too): then it holds two.
		while (makeColumnReader(...newPlan()) && makeColumnReader(...kept) === first);
		first = makeColumnReader(...kept);
		for (let n = 0; n < 62; n++) makeColumnReader(...newPlan());
		expect(makeColumnReader(...kept)).toBe(first);
		makeColumnReader(...newPlan());
		expect(makeColumnReader(...kept)).not.toBe(first);
	});

	it("keep their working values to themselves", () => {
		madeRead("1.5,-2,,7\n", [0, 1, 2, 3], [1, 0, 0, 0]);
		for (const name of ["mantissa", "digits", "fraction", "before", "value", "negative"])
			expect(Object.hasOwn(globalThis, name), name).toBe(false);
	});
});
