import { describe, expect, it } from "vitest";
import { coordinate, plainValue, readDate, timeOfDayMs, validPosition, xorOf } from "./nmea-fields";

const N = 78; // "N"
const S = 83; // "S"
const tod = (h: number, m: number, ms: number) => h * 3_600_000 + m * 60_000 + ms;

describe("plainValue", () => {
	it("reads a plain decimal and its sign", () => {
		expect(plainValue(12345, 5, 2, 0)).toBeCloseTo(123.45, 10);
		expect(plainValue(12345, 5, 2, 1)).toBeCloseTo(-123.45, 10);
		expect(plainValue(7, 1, -1, 0)).toBe(7);
	});
	it("is NaN for an empty field and past 15 digits, not at 15", () => {
		expect(plainValue(0, 0, -1, 0)).toBeNaN();
		expect(plainValue(0, -1, -1, 0)).toBeNaN();
		expect(plainValue(1, 16, -1, 0)).toBeNaN();
		expect(plainValue(123, 15, -1, 0)).toBe(123);
	});
});

describe("timeOfDayMs", () => {
	it("reads hhmmss with and without fractions", () => {
		expect(timeOfDayMs(123456, 6, -1, 0)).toBe(tod(12, 34, 56_000));
		expect(timeOfDayMs(1234561, 7, 1, 0)).toBe(tod(12, 34, 56_100));
		expect(timeOfDayMs(123456123, 9, 3, 0)).toBe(tod(12, 34, 56_123));
		// More than three decimals: rounded to the ms.
		expect(timeOfDayMs(1234561234, 10, 4, 0)).toBe(tod(12, 34, 56_123));
		expect(timeOfDayMs(12345612356, 11, 5, 0)).toBe(tod(12, 34, 56_124));
	});
	it("is NaN for an empty field, past 15 digits and a negative time, not at 15", () => {
		expect(timeOfDayMs(0, 0, -1, 0)).toBeNaN();
		expect(timeOfDayMs(0, -1, -1, 0)).toBeNaN();
		expect(timeOfDayMs(123456, 16, -1, 0)).toBeNaN();
		expect(timeOfDayMs(123456, 15, -1, 0)).toBe(tod(12, 34, 56_000));
		expect(timeOfDayMs(123456, 6, -1, 1)).toBeNaN();
	});
	it("is NaN past 23 h or 59 min or 60 s", () => {
		expect(timeOfDayMs(240000, 6, -1, 0)).toBeNaN();
		expect(timeOfDayMs(126000, 6, -1, 0)).toBeNaN();
		expect(timeOfDayMs(120061, 6, -1, 0)).toBeNaN();
		expect(timeOfDayMs(235960, 6, -1, 0)).toBe(tod(23, 59, 60_000));
		expect(timeOfDayMs(0, 6, -1, 0)).toBe(0);
	});
});

describe("readDate", () => {
	it("reads ddmmyy, years 80-99 as 19xx", () => {
		expect(readDate(150124)).toBe(Date.UTC(2024, 0, 15));
		expect(readDate(310124)).toBe(Date.UTC(2024, 0, 31));
		expect(readDate(151224)).toBe(Date.UTC(2024, 11, 15));
		expect(readDate(10180)).toBe(Date.UTC(1980, 0, 1));
		expect(readDate(10179)).toBe(Date.UTC(2079, 0, 1));
		expect(readDate(311299)).toBe(Date.UTC(1999, 11, 31));
		expect(readDate(311299)).toBe(Date.UTC(1999, 11, 31));
	});
	it("is NaN for a month out of 1-12 or a day the month lacks", () => {
		expect(readDate(150024)).toBeNaN();
		expect(readDate(151324)).toBeNaN();
		expect(readDate(310224)).toBeNaN();
		expect(readDate(310424)).toBeNaN();
		expect(readDate(290224)).toBe(Date.UTC(2024, 1, 29));
		expect(readDate(320124)).toBeNaN();
		expect(readDate(124)).toBeNaN();
	});
});

describe("coordinate", () => {
	it("reads dddmm.mmmm with its hemisphere", () => {
		expect(coordinate(4807.038, N, 2, N, S)).toBeCloseTo(48 + 7.038 / 60, 10);
		expect(coordinate(4807.038, S, 2, N, S)).toBeCloseTo(-(48 + 7.038 / 60), 10);
		expect(coordinate(11731, N, 2, N, S)).toBeCloseTo(117 + 31 / 60, 10);
		expect(coordinate(0, N, 2, N, S)).toBe(0);
		expect(coordinate(4859.9999, N, 2, N, S)).toBeCloseTo(48 + 59.9999 / 60, 10);
	});
	it("is NaN for a negative or missing value, a bad hemisphere or 60 minutes and more", () => {
		expect(coordinate(-5000, N, 2, N, S)).toBeNaN();
		expect(coordinate(Number.NaN, N, 2, N, S)).toBeNaN();
		expect(coordinate(4807.038, N, 1, N, S)).toBeNaN();
		expect(coordinate(4807.038, N, 3, N, S)).toBeNaN();
		expect(coordinate(4807.038, 69, 2, N, S)).toBeNaN();
		expect(coordinate(4860, N, 2, N, S)).toBeNaN();
		expect(coordinate(4875, N, 2, N, S)).toBeNaN();
	});
});

describe("validPosition", () => {
	it("takes the bounds themselves", () => {
		expect(validPosition(90, 1)).toBe(true);
		expect(validPosition(-90, 1)).toBe(true);
		expect(validPosition(1, 180)).toBe(true);
		expect(validPosition(1, -180)).toBe(true);
		expect(validPosition(0, 1)).toBe(true);
		expect(validPosition(1, 0)).toBe(true);
	});
	it("refuses past the bounds, NaN and 0,0", () => {
		expect(validPosition(90.5, 1)).toBe(false);
		expect(validPosition(-90.5, 1)).toBe(false);
		expect(validPosition(1, 180.5)).toBe(false);
		expect(validPosition(1, -180.5)).toBe(false);
		expect(validPosition(Number.NaN, 1)).toBe(false);
		expect(validPosition(1, Number.NaN)).toBe(false);
		expect(validPosition(0, 0)).toBe(false);
	});
});

describe("xorOf", () => {
	it("is the XOR of the bytes in range, for every length", () => {
		const text = "GPRMC,123519,A,4807.038,N,01131.000,E";
		const bytes = new TextEncoder().encode(`$${text}*`);
		const view = new DataView(bytes.buffer);
		for (let to = 1; to <= text.length + 1; to++) {
			let expected = 0;
			for (let i = 1; i < to; i++) expected ^= bytes[i]!;
			expect(xorOf(bytes, view, 1, to)).toBe(expected);
		}
	});
});
