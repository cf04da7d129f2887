import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixed, headingText, padded, zeroPad } from "./number-text";

describe("number text", () => {
	it("writes the value rounded to the decimals asked, never with an exponent or -0", () => {
		fc.assert(
			fc.property(
				fc.double({ min: -1e6, max: 1e6, noNaN: true }),
				fc.integer({ min: 0, max: 8 }),
				(value, decimals) => {
					const text = fixed(value, decimals);
					expect(text).toMatch(
						decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`),
					);
					expect(text.startsWith("-0") && Number(text) === 0).toBe(false);
					expect(Math.abs(Number(text) - value)).toBeLessThanOrEqual(
						0.5 * 10 ** -decimals + 1e-9 * Math.abs(value),
					);
				},
			),
		);
	});

	it.each([
		[-46.6972345, 7, "-46.6972345"],
		[-0.00001, 2, "0.00"],
		[0.5, 0, "1"],
		[12.25, 1, "12.3"],
		[Number.NaN, 2, ""],
		[Number.POSITIVE_INFINITY, 2, ""],
	])("fixed(%d, %d) = %j", (value, decimals, text) => {
		expect(fixed(value, decimals)).toBe(text);
	});

	it.each([
		[4.36, 5, 2, true, "+00004.36"],
		[-673.45853, 5, 6, true, "-00673.458530"],
		[2689.89966, 4, 6, true, "+2689.899660"],
		[123456.5, 3, 1, false, "123456.5"],
		[9.31, 3, 3, false, "009.310"],
		[-0.0001, 3, 2, true, "+000.00"],
		[Number.NaN, 3, 2, true, ""],
	])("padded(%d, %d, %d, %s) = %j", (value, digits, decimals, signed, text) => {
		expect(padded(value, digits, decimals, signed)).toBe(text);
	});

	it("pads integers and keeps headings in [0, 360)", () => {
		expect(zeroPad(7, 3)).toBe("007");
		expect(zeroPad(1234, 3)).toBe("1234");
		expect(headingText(359.97)).toBe("0.0");
		expect(headingText(-90)).toBe("270.0");
		expect(headingText(720.04)).toBe("0.0");
		expect(headingText(Number.NaN)).toBe("");
	});
});
