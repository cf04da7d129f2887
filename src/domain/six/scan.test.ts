import { describe, expect, it } from "vitest";
import {
	asciiText,
	bomLength,
	fieldText,
	indexOfByte,
	isSpaceByte,
	parseDecimal,
	parseTimeOfDay,
	parseUnsigned,
	timeFractionMs,
	toBytes,
	trimEnd,
	trimStart,
} from "./scan";

/** Runs `read` over the whole of `text` (and over the same text inside other bytes). */
function whole<T>(read: (bytes: Uint8Array, start: number, end: number) => T, text: string): T {
	const bytes = toBytes(`9|${text}|9`);
	return read(bytes, 2, bytes.length - 2);
}

describe("byte primitives", () => {
	it("knows the five space bytes and nothing else", () => {
		const spaces = [...Array(256).keys()].filter(isSpaceByte);
		expect(spaces).toEqual([9, 11, 12, 13, 32]);
	});

	it("trims within the range, never past it", () => {
		const bytes = toBytes("  a b \t");
		expect(trimStart(bytes, 0, bytes.length)).toBe(2);
		expect(trimEnd(bytes, 0, bytes.length)).toBe(5);
		expect(trimStart(bytes, 0, 2)).toBe(2);
		expect(trimEnd(bytes, 5, 7)).toBe(5);
		expect(fieldText(bytes, 0, bytes.length)).toBe("a b");
	});

	it("finds a byte only inside the range", () => {
		const bytes = toBytes("a|b|c");
		expect(indexOfByte(bytes, 124, 0, 5)).toBe(1);
		expect(indexOfByte(bytes, 124, 2, 5)).toBe(3);
		expect(indexOfByte(bytes, 124, 2, 3)).toBe(-1);
		expect(indexOfByte(toBytes("ab|"), 124, 0, 2)).toBe(-1);
	});

	it("recognises only a whole UTF-8 byte order mark", () => {
		expect(bomLength(Uint8Array.of(0xef, 0xbb, 0xbf, 0x31))).toBe(3);
		expect(bomLength(Uint8Array.of(0xef, 0xbb, 0xbf))).toBe(3);
		expect(bomLength(Uint8Array.of(0xef, 0xbb))).toBe(0);
		expect(bomLength(Uint8Array.of(0x31, 0xbb, 0xbf))).toBe(0);
		expect(bomLength(Uint8Array.of(0xef, 0x31, 0xbf))).toBe(0);
		expect(bomLength(Uint8Array.of(0xef, 0xbb, 0x31))).toBe(0);
	});

	it("reads text as UTF-8, short or long", () => {
		expect(asciiText(toBytes("abc"), 0, 3)).toBe("abc");
		expect(asciiText(toBytes("Pista São Paulo"), 0, 16)).toBe("Pista São Paulo");
		const long = "x".repeat(40);
		expect(asciiText(toBytes(long), 0, 40)).toBe(long);
		expect(asciiText(Uint8Array.of(0x41, 0xff), 0, 2)).toBe("A\ufffd");
		expect(asciiText(Uint8Array.of(0x80), 0, 1)).toBe("\ufffd");
		expect(asciiText(Uint8Array.of(0x7f), 0, 1)).toBe("\u007f");
	});
});

describe("parseUnsigned", () => {
	it.each([
		["0", 0],
		["  42 ", 42],
		["9007199254740991", Number.MAX_SAFE_INTEGER],
		["9007199254740992", -1],
		["", -1],
		["  ", -1],
		["-1", -1],
		["1a", -1],
		["a1", -1],
		["1:", -1],
		["1/", -1],
	])("%j -> %d", (text, expected) => {
		expect(whole(parseUnsigned, text)).toBe(expected);
	});
});

describe("parseDecimal", () => {
	it.each([
		["-23.5505", -23.5505],
		[" 0.1 ", 0.1],
		["12", 12],
		["-0", -0],
		["123456789012.345", 123456789012.345],
		["1234567890123.4567", Number("1234567890123.4567")],
	])("%j -> %d", (text, expected) => {
		expect(whole(parseDecimal, text)).toBe(expected);
	});

	it.each(["", "-", ".5", "5.", "1.2.3", "1e5", "+1", "1a", "1.a", "1/2", "1.:", "NaN", "--1"])(
		"refuses %j",
		(text) => {
			expect(whole(parseDecimal, text)).toBeNaN();
		},
	);
});

describe("parseTimeOfDay", () => {
	it.each([
		["130000", 13 * 3_600_000],
		["13:00:00", 13 * 3_600_000],
		["235959.25", 86_399_250],
		["23:59:59.999", 86_399_999],
		["000000.1234", 123.4],
		[" 010203 ", 3_723_000],
	])("%j -> %d ms", (text, expected) => {
		expect(whole(parseTimeOfDay, text)).toBeCloseTo(expected, 9);
	});

	it("gives NaN for an empty field", () => {
		expect(whole(parseTimeOfDay, "  ")).toBeNaN();
	});

	it.each([
		"240000",
		"236000",
		"235960",
		"12:00-00",
		"12:0000",
		"12000",
		"12:00:0",
		"a20000",
		"1a0000",
		"12a000",
		"120a00",
		"1200a0",
		"12000a",
		"/20000",
		"120000.",
		"120000,5",
		"120000.5a",
		"120000./",
	])("refuses %j", (text) => {
		expect(whole(parseTimeOfDay, text)).toBe(-1);
	});
});

describe("timeFractionMs", () => {
	it("is exact to the millisecond and divides beyond", () => {
		expect(timeFractionMs(25, 2)).toBe(250);
		expect(timeFractionMs(5, 1)).toBe(500);
		expect(timeFractionMs(123, 3)).toBe(123);
		expect(timeFractionMs(1234, 4)).toBe(123.4);
		expect(timeFractionMs(12345, 5)).toBe(123.45);
	});
});

describe("ranges are half-open: nothing past `end` is read", () => {
	it("trims and reads numbers inside the range only", () => {
		expect(trimStart(toBytes("   "), 0, 2)).toBe(2);
		expect(parseDecimal(toBytes("123"), 0, 2)).toBe(12);
		expect(parseUnsigned(toBytes("123"), 0, 2)).toBe(12);
	});

	it("refuses a short time at the very end of the bytes", () => {
		expect(parseTimeOfDay(toBytes("12000"), 0, 5)).toBe(-1);
		expect(parseTimeOfDay(toBytes("12:00:0"), 0, 7)).toBe(-1);
		expect(parseTimeOfDay(toBytes("xx12000"), 2, 7)).toBe(-1);
	});

	it("refuses a digit pair whose second character sorts below '0'", () => {
		expect(whole(parseTimeOfDay, "1/0000")).toBe(-1);
		expect(whole(parseTimeOfDay, "12/000")).toBe(-1);
	});

	it("keeps the first 15 decimals of a second and ignores the rest", () => {
		const text = `120000.${"1".repeat(30)}`;
		expect(whole(parseTimeOfDay, text)).toBe(43_200_000 + 111_111_111_111_111 / 1e12);
	});
});
