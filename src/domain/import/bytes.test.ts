import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	decodeText,
	lineEndOf,
	NUMBER_EMPTY,
	NUMBER_INVALID,
	NUMBER_OK,
	numberStatus,
	quote,
	quoteBytes,
	readNumber,
	readScaled,
	skipBlanks,
	trimEnd,
} from "./bytes";
import { bytesOf, latin1Bytes } from "./test-support";

const read = (text: string) => {
	const b = bytesOf(text);
	const value = readNumber(b, 0, b.length);
	return { value, status: numberStatus() };
};

describe("readNumber", () => {
	it("reads plain decimals to the same double as Number", () => {
		fc.assert(
			fc.property(
				fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
				fc.integer({ min: 0, max: 9 }),
				(v, d) => {
					const text = v.toFixed(d);
					expect(read(text)).toEqual({ value: Number(text), status: NUMBER_OK });
				},
			),
		);
	});

	it("reads signs, a bare fraction, blanks and one pair of quotes around the number", () => {
		expect(read("+12.5").value).toBe(12.5);
		expect(read("-0.25").value).toBe(-0.25);
		expect(read(".5").value).toBe(0.5);
		expect(read("  7 \r").value).toBe(7);
		expect(read('"3.25"').value).toBe(3.25);
	});

	it("reads exponents and long mantissas through Number", () => {
		expect(read("1.5e-3").value).toBe(0.0015);
		expect(read("12345678901234567890.5").value).toBe(Number("12345678901234567890.5"));
	});

	it("says empty for an empty or blank cell", () => {
		expect(read("").status).toBe(NUMBER_EMPTY);
		expect(read("   ").status).toBe(NUMBER_EMPTY);
		expect(read("").value).toBeNaN();
	});

	it("refuses what is not a finite decimal: text, NaN, Infinity, hex, comma decimals, a lone sign", () => {
		for (const text of ["abc", "NaN", "Infinity", "0x10", "1,5", "-", "1.2.3", "1e400", "12a"]) {
			expect(read(text), text).toMatchObject({ status: NUMBER_INVALID });
			expect(read(text).value).toBeNaN();
		}
	});
});

describe("readScaled", () => {
	it("gives seconds as exact milliseconds: 1767150797.44 s is 1767150797440 ms", () => {
		const b = bytesOf("1767150797.44");
		expect(readScaled(b, 0, b.length, 3)).toBe(1767150797440);
		const c = bytesOf("1767150877.754");
		expect(readScaled(c, 0, c.length, 3) - readScaled(b, 0, b.length, 3)).toBe(80314);
	});

	it("keeps decimals beyond the scale as a fraction", () => {
		const b = bytesOf("1.23456");
		expect(readScaled(b, 0, b.length, 3)).toBeCloseTo(1234.56, 9);
	});
});

describe("decodeText", () => {
	it("reads UTF-8, and Latin-1 when the bytes are not UTF-8", () => {
		const utf8 = bytesOf("1°setor ¬");
		expect(decodeText(utf8, 0, utf8.length)).toBe("1°setor ¬");
		const latin = latin1Bytes("1°setor ¬");
		expect(decodeText(latin, 0, latin.length)).toBe("1°setor ¬");
	});
});

describe("readNumber and readScaled on a range of a line", () => {
	/** Both readers on `bytes[start, end)`: readScaled with exponent 0 reads what readNumber reads. */
	const both = (bytes: Uint8Array, start: number, end: number) => {
		const value = readNumber(bytes, start, end);
		const status = numberStatus();
		const scaled = readScaled(bytes, start, end, 0);
		return [
			{ value, status },
			{ value: scaled, status: numberStatus() },
		];
	};
	const expectBoth = (text: string, start: number, end: number, value: number, status: number) => {
		for (const read of both(bytesOf(text), start, end)) {
			expect(read, `${JSON.stringify(text)} [${start}, ${end})`).toEqual({ value, status });
		}
	};

	it("reads no byte outside the range, whatever follows it", () => {
		expectBoth("  5", 0, 1, Number.NaN, NUMBER_EMPTY);
		expectBoth("5  ", 1, 3, Number.NaN, NUMBER_EMPTY);
		expectBoth('""', 1, 1, Number.NaN, NUMBER_EMPTY);
		const long = "12345678901234567890";
		expectBoth(`${long}1`, 0, 20, Number(long), NUMBER_OK);
		expectBoth(`${long},`, 0, 20, Number(long), NUMBER_OK);
		expectBoth(`${long}.5`, 0, 20, Number(long), NUMBER_OK);
		expectBoth(`${long}e5`, 0, 20, Number(long), NUMBER_OK);
		expectBoth("1234567890.12345678901", 0, 21, Number("1234567890.1234567890"), NUMBER_OK);
		expectBoth("1e35", 0, 3, 1000, NUMBER_OK);
	});

	it("takes a pair of quotes only around the whole number", () => {
		expectBoth('""', 0, 2, Number.NaN, NUMBER_EMPTY);
		expectBoth('"7"', 0, 3, 7, NUMBER_OK);
		expectBoth('5"', 0, 2, Number.NaN, NUMBER_INVALID);
		expectBoth('12"', 0, 3, Number.NaN, NUMBER_INVALID);
		expectBoth('"12', 0, 3, Number.NaN, NUMBER_INVALID);
	});

	it("takes space, tab and CR as blanks, and no other byte Number would skip", () => {
		expectBoth("\t7\t", 0, 3, 7, NUMBER_OK);
		for (const text of ["1\v", "\v1", "1.5\v", "1e3\v", "1\f"]) {
			expectBoth(text, 0, text.length, Number.NaN, NUMBER_INVALID);
		}
		// A no-break space is one byte in Latin-1: Number would trim it.
		const nbsp = latin1Bytes("1e3\u00a0");
		for (const read of both(nbsp, 0, nbsp.length)) {
			expect(read).toEqual({ value: Number.NaN, status: NUMBER_INVALID });
		}
	});

	it("reads exponents: e or E, a signed exponent, zeros and nines in every part", () => {
		const cases: [string, number][] = [
			["1E3", 1000],
			["1e+3", 1000],
			["1e-3", 0.001],
			["-1.5e3", -1500],
			["+1.5e3", 1500],
			["1.09e3", 1090],
			["2e10", 2e10],
			["1e9", 1e9],
			["90.5e1", 905],
		];
		for (const [text, value] of cases) expectBoth(text, 0, text.length, value, NUMBER_OK);
		for (const text of ["1e", "1e+", "e5", ".e5", "-", "+", ".", "-."]) {
			expectBoth(text, 0, text.length, Number.NaN, NUMBER_INVALID);
		}
	});

	it("refuses a number written in more than 64 characters", () => {
		const fits = `1${"0".repeat(59)}e-59`;
		expect(fits.length).toBe(64);
		expectBoth(fits, 0, 64, 1, NUMBER_OK);
		const tooLong = `1${"0".repeat(60)}e-60`;
		expectBoth(tooLong, 0, 65, Number.NaN, NUMBER_INVALID);
	});
});

describe("readScaled exactness", () => {
	const scaled = (text: string, exponent: number, end = text.length) => {
		const b = bytesOf(text);
		const value = readScaled(b, 0, end, exponent);
		return { value, status: numberStatus() };
	};

	it("scales up to 15 digits exactly, where Number(text) * 1000 is off by a rounding", () => {
		// Each of these times 1000 through Number is not the integer: 1.005 * 1000 = 1004.9999999999999.
		const cases: [string, number][] = [
			["1.005", 1005],
			["-1.005", -1005],
			["+1.005", 1005],
			["1.009", 1009],
			["129.002", 129002],
			["16.01", 16010],
		];
		for (const [text, value] of cases) {
			expect(Number(text) * 1000, text).not.toBe(value);
			expect(scaled(text, 3), text).toEqual({ value, status: NUMBER_OK });
		}
		// Fifteen digits, the last two below the scale: one correctly rounded division.
		expect(scaled("1234567890.00009", 3).value).toBe(Number("1234567890000.09"));
		// The range ends before the next digit.
		expect(scaled("1.0057", 3, 5).value).toBe(1005);
	});

	it("reads more than 15 digits and exponents through Number, then scales", () => {
		const long = "1234567890.123456789";
		expect(scaled(long, 3)).toEqual({ value: Number(long) * 1000, status: NUMBER_OK });
		expect(scaled("1.5e3", 3)).toEqual({ value: 1500000, status: NUMBER_OK });
	});

	it("says empty for an empty cell and invalid for a sign or a point alone, or text after digits", () => {
		expect(scaled("", 3)).toEqual({ value: Number.NaN, status: NUMBER_EMPTY });
		for (const text of ["-", "+", ".", "1.5x", "1x"]) {
			expect(scaled(text, 3), text).toEqual({ value: Number.NaN, status: NUMBER_INVALID });
		}
	});
});

describe("line and text helpers", () => {
	it("skipBlanks stops at the first other byte or at the end of the range", () => {
		const b = bytesOf(" \t\rx   y");
		expect(skipBlanks(b, 0, 8)).toBe(3);
		expect(skipBlanks(b, 4, 6)).toBe(6);
		expect(skipBlanks(b, 4, 4)).toBe(4);
	});

	it("trimEnd drops the blanks at the end of the range only", () => {
		const b = bytesOf("x \t\r y");
		expect(trimEnd(b, 0, 4)).toBe(1);
		expect(trimEnd(b, 2, 4)).toBe(2);
	});

	it("lineEndOf gives the LF that ends the line, or the length for a last line without", () => {
		const b = bytesOf("\nab\ncd");
		expect(lineEndOf(b, 0)).toBe(0);
		expect(lineEndOf(b, 1)).toBe(3);
		expect(lineEndOf(b, 4)).toBe(6);
	});

	it("quote shortens a long text to max characters and marks the cut", () => {
		expect(quote("abcdef", 3)).toBe('"abc…"');
		expect(quote("abc", 3)).toBe('"abc"');
		expect(quote("ab", 3)).toBe('"ab"');
	});

	it("quoteBytes quotes a field's text, UTF-8 or Latin-1, shortened", () => {
		const b = bytesOf("x°y");
		expect(quoteBytes(b, 0, b.length)).toBe('"x°y"');
		const long = bytesOf("z".repeat(500));
		expect(quoteBytes(long, 0, 500, 5)).toBe('"zzzzz…"');
	});
});
