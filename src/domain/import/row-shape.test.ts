import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NUMBER_EMPTY, NUMBER_INVALID, NUMBER_OK, SPACE } from "./bytes";
import { CsvNumberReader, slotsOfColumns } from "./csv-numbers";
import { learnRowShape } from "./row-shape";
import { latin1Bytes, type ReadLine, readEveryLine } from "./test-support";

/** Every line of `text` as a reader (with or without fixed-width layouts) reads it. */
function readAll(
	text: string,
	columns: number[],
	scales: number[],
	separator: number,
	fixedRows: boolean,
): ReadLine[] {
	const reader = new CsvNumberReader(columns, scales, separator, fixedRows);
	// Data rows never start a file: a header line first, as in a VBO.
	return readEveryLine(reader, latin1Bytes(`[data]\n${text}`), 7, columns.length);
}

/** Lines read with and without layouts, which must agree on everything. */
function bothWays(text: string, columns: number[], scales: number[] = [3], separator = SPACE) {
	const general = readAll(text, columns, scales, separator, false);
	const fixed = readAll(text, columns, scales, separator, true);
	return { general, fixed };
}

/** sats, time, lat, long, velocity, heading, height, longacc (column 8 not read). */
const VBO_COLUMNS = [1, 0, 2, 3, 4, 5, 6, 7];

/** `count` rows of the VBO layout, the digits changed row by row, the signs too. */
function vboRows(count: number): string {
	const rows: string[] = [];
	for (let i = 0; i < count; i++) {
		const d = (n: number) => String((i * 7 + n) % 10);
		rows.push(
			`01${d(1)} 1400${d(2)}${d(3)}.${d(4)}0 ${i % 2 ? "+" : "-"}142${d(5)}.03237${d(6)} +02802.05892${d(7)} 07${d(8)}.000 090.0${d(9)} ${i % 3 ? "-" : "+"}00780.50 +000.012 +025.000\r\n`,
		);
	}
	return rows.join("");
}

describe("fixed-width rows read by a reader made for their layout", () => {
	it("reads rows of one layout to the values, states and cells the general reading gives", () => {
		const text = vboRows(200);
		const { general, fixed } = bothWays(text, VBO_COLUMNS);
		expect(fixed).toEqual(general);
		expect(fixed[5]!.values.slice(0, 4)).toEqual([140078900, 16, 1420.032371, 2802.058922]);
		expect(fixed[6]!.values[2]).toBe(-1427.032378);
	});

	it("leaves a row that differs from the layout in any byte to the general reading", () => {
		const base = vboRows(100);
		const odd = [
			// A digit that is not one: the time unreadable.
			"016 14a000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			// An exponent where a digit was.
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +0.5e+01\r\n",
			"016 140000.00 -1422.032376 +02802.058929 07e.000 090.00 +00780.50 +000.012 +025.000\r\n",
			// No sign: a blank where it was (the general reading takes one more separator).
			"016 140000.00  1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			// Bytes next to "+" and "-": ")", "/", ",", "*".
			"016 140000.00 )1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			"016 140000.00 -1422.032376 /02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 ,00780.50 +000.012 +025.000\r\n",
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 *000.012 +025.000\r\n",
			// A sign where a digit was.
			"016 140000.00 -1422.032376 +02802.058929 072.000 0-0.00 +00780.50 +000.012 +025.000\r\n",
			// The dot moved: the same width, another value.
			"016 14000.000 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			"016 140000.00 -1422.032376 +02802.058929 0720.00 090.00 +00780.50 +000.012 +025.000\r\n",
			// Widths traded between neighbours (the same length).
			"016 140000.00 -1422.032376 +02802.058929 72.000 0090.00 +00780.50 +000.012 +025.000\r\n",
			// One digit more, one less.
			"016 140000.00 -1422.0323761 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			"016 140000.00 -1422.03237 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			// A tab for a space, a field more, a field less, LF for CRLF.
			"016\t140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000 1\r\n",
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012\r\n",
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.0000\n",
			// Text in the column not read; a quote; more digits than a double holds.
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.00x\r\n",
			'016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 "025.00"\r\n',
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.012 +025.000\r\n",
			"016 140000.00 -1422.032376 +02802.058929 072.000 090.00 +00780.50 +000.0120000000000001\r\n",
		];
		for (const row of odd) {
			const text = `${base}${row}${base}`;
			const { general, fixed } = bothWays(text, VBO_COLUMNS);
			expect(fixed).toEqual(general);
		}
		const [bad] = bothWays(`${base}${odd[0]}`, VBO_COLUMNS).fixed.slice(100);
		expect(bad!.states[0]).toBe(NUMBER_INVALID);
		const [moved] = bothWays(`${base}${odd[9]}`, VBO_COLUMNS).fixed.slice(100);
		expect(moved!.values[0]).toBe(14000000);
		const [exponent] = bothWays(`${base}${odd[1]}`, [8], [0]).fixed.slice(100);
		expect(exponent!.values[0]).toBe(5);
		expect(exponent!.states[0]).toBe(NUMBER_OK);
	});

	it("reads random fixed-width files, rows off their layout among them, as the general reading does", () => {
		const field = fc.record({
			sign: fc.constantFrom("", "+", "-", "±"),
			whole: fc.integer({ min: 0, max: 9 }),
			fraction: fc.integer({ min: -1, max: 9 }),
			gap: fc.constantFrom(" ", " ", "  ", "\t"),
		});
		const layout = fc.record({
			fields: fc.array(field, { minLength: 1, maxLength: 7 }),
			lead: fc.constantFrom("", " "),
			end: fc.constantFrom("\n", "\r\n", " \r\n"),
		});
		const odd = fc.constantFrom("e", "E", ".", "-", "+", " ", "\t", "x", '"', "1", "", "00");
		fc.assert(
			fc.property(
				layout,
				fc.array(
					fc.record({
						digits: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 20, maxLength: 20 }),
						negative: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
						change: fc.option(fc.tuple(fc.nat(), odd), { freq: 4 }),
					}),
					{ minLength: 1, maxLength: 90 },
				),
				fc.array(fc.integer({ min: -1, max: 8 }), { minLength: 1, maxLength: 6 }),
				fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }),
				(shape, rows, columns, scales) => {
					const text = rows
						.map((row) => {
							let digit = 0;
							const next = () => String(row.digits[digit++ % 20]);
							const cells = shape.fields.map((f, i) => {
								const sign = f.sign === "±" ? (row.negative[i] ? "-" : "+") : f.sign;
								const whole = Array.from({ length: f.whole }, next).join("");
								const fraction =
									f.fraction < 0 ? "" : `.${Array.from({ length: f.fraction }, next).join("")}`;
								return `${sign}${whole}${fraction}`;
							});
							let line = `${shape.lead}${cells.map((c, i) => (i === 0 ? c : shape.fields[i]!.gap + c)).join("")}${shape.end}`;
							if (row.change) {
								const [at, by] = row.change;
								const i = at % (line.length - 1);
								line = line.slice(0, i) + by + line.slice(i + 1);
							}
							return line;
						})
						.join("");
					const { general, fixed } = bothWays(text, columns, scales);
					expect(fixed).toEqual(general);
				},
			),
			{ numRuns: 300 },
		);
	});

	it("ends a row at its LF: a row one digit longer is the general reading's", () => {
		const rows = Array.from({ length: 100 }, (_, i) => `${i % 10}.5 2.${i % 10}\n`).join("");
		const text = `${rows}1.5 2.55\n3.5 4.5\n${rows}`;
		const { general, fixed } = bothWays(text, [0, 1], [0, 0]);
		expect(fixed).toEqual(general);
		expect(fixed[100]).toMatchObject({ end: 7 + 800 + 8, values: [1.5, 2.55] });
	});

	it("empties the columns a row of the layout lacks, after a longer row filled them", () => {
		const rows = Array.from({ length: 100 }, (_, i) => `${i % 10}.5 2.${i % 10}\n`).join("");
		const text = `${rows}1.5 2.5 7 8\n${rows}`;
		const { general, fixed } = bothWays(text, [0, 3, 1], [0, 0, 0]);
		expect(fixed).toEqual(general);
		expect(fixed[100]!.values).toEqual([1.5, 8, 2.5]);
		expect(fixed[101]!.values[1]).toBeNaN();
		expect(fixed[101]!.states).toEqual([NUMBER_OK, NUMBER_EMPTY, NUMBER_OK]);
	});

	it("reads comma-separated rows of one layout as the general reading does", () => {
		const rows = Array.from(
			{ length: 100 },
			(_, i) => `${1000 + i}.25,-23.${String(500000 + i * 7)},x,${i % 2 ? "+" : "-"}0${i % 10}.5\n`,
		).join("");
		const text = `${rows}1100.25,-23.5,x,+01.5\n${rows}`;
		const { general, fixed } = bothWays(text, [0, 1, 3], [3, 0, 0], 44);
		expect(fixed).toEqual(general);
		expect(fixed[3]!.values).toEqual([1003250, -23.500021, 3.5]);
	});
});

describe("learnRowShape", () => {
	const learn = (line: string, columns: number[]) => {
		const bytes = latin1Bytes(`[data]\n${line}`);
		return learnRowShape(
			bytes,
			7,
			bytes.indexOf(10, 7),
			slotsOfColumns(columns),
			Int32Array.from(columns, () => 0),
			SPACE,
		);
	};

	it("takes no layout from a line whose read columns are not plain decimals", () => {
		expect(learn("1.5 2.5\n", [0, 1])).not.toBeNull();
		expect(learn("1.5 2e5\n", [0, 1])).toBeNull();
		expect(learn('1.5 "2.5"\n', [0, 1])).toBeNull();
		expect(learn("1.5 .\n", [0, 1])).toBeNull();
		expect(learn("1.5 -\n", [0, 1])).toBeNull();
		expect(learn("1.5 1.2.3\n", [0, 1])).toBeNull();
		expect(learn("1.5 1234567890.123456\n", [0, 1])).toBeNull();
		expect(learn("1.5 123456789.123456\n", [0, 1])).not.toBeNull();
		expect(learn("   \n", [0, 1])).toBeNull();
		// A line longer than 512 bytes is left to the general reading.
		expect(learn(`1.5 ${"1".repeat(507)}\n`, [0])).not.toBeNull();
		expect(learn(`1.5 ${"1".repeat(508)}\n`, [0])).toBeNull();
		// A column not read may hold anything but a quote.
		expect(learn("1.5 abc\n", [0])).not.toBeNull();
		expect(learn('1.5 "abc"\n', [0])).toBeNull();
	});

	it("leaves a line that starts the buffer to the general reading (its first number's word would start before it)", () => {
		const bytes = latin1Bytes("016 2.5\n017 3.5\n");
		const slotOf = Int32Array.of(0, 1);
		expect(learnRowShape(bytes, 0, 7, slotOf, Int32Array.of(0, 0), SPACE)).toBeNull();
		expect(learnRowShape(bytes, 8, 15, slotOf, Int32Array.of(0, 0), SPACE)).not.toBeNull();
		const reader = new CsvNumberReader([0, 1], [0, 0], SPACE, true);
		const rows: number[][] = [];
		for (let pos = 0; pos < bytes.length; ) {
			pos = reader.read(bytes, pos) + 1;
			rows.push([...reader.values]);
		}
		expect(rows).toEqual([
			[16, 2.5],
			[17, 3.5],
		]);
	});

	it("gives one reader to every line of the same layout, another to another layout", () => {
		const a = learn("1.5 2.5\n", [0, 1]);
		const b = learn("7.0 3.1\n", [0, 1]);
		const c = learn("7.0 3.15\n", [0, 1]);
		expect(a!.read).toBe(b!.read);
		expect(c!.read).not.toBe(a!.read);
		expect(a).toMatchObject({ length: 8, fieldCount: 2 });
	});
});
