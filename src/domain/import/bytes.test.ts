import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	decodeText,
	NUMBER_EMPTY,
	NUMBER_INVALID,
	NUMBER_OK,
	numberStatus,
	readNumber,
	readScaled,
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
