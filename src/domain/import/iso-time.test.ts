import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysFromCivil, isoZoneMissing, readIsoTime } from "./iso-time";
import { bytesOf } from "./test-support";

const read = (text: string) => readIsoTime(bytesOf(text), 0, text.length);

describe("readIsoTime", () => {
	it("reads UTC times with any number of decimals", () => {
		expect(read("2023-04-29T17:34:30Z")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30));
		expect(read("2023-04-29T17:34:30.010Z")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30, 10));
		expect(read(" 2023-04-29T17:34:30.5Z\n")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30, 500));
	});

	it("applies an offset, with or without a colon", () => {
		expect(read("2023-04-29T14:34:30-03:00")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30));
		expect(read("2023-04-29T19:34:30+0200")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30));
	});

	it("reads a time without a zone as UTC and says so", () => {
		expect(read("2023-04-29T17:34:30")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30));
		expect(isoZoneMissing()).toBe(true);
		read("2023-04-29T17:34:30Z");
		expect(isoZoneMissing()).toBe(false);
	});

	it("refuses what is not a valid date-time", () => {
		for (const text of [
			"yesterday",
			"2023-02-30T00:00:00Z",
			"2023-04-29 17:34",
			"2023-13-01T00:00:00Z",
			"2023-04-29T24:00:00Z",
			"2023-04-29T17:34:30Zjunk",
		]) {
			expect(read(text), text).toBeNaN();
		}
	});

	it("agrees with Date for any instant", () => {
		fc.assert(
			fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
				expect(read(new Date(ms).toISOString())).toBe(ms);
			}),
		);
		expect(daysFromCivil(1970, 1, 1)).toBe(0);
	});

	it("takes T, t or a space between date and time, and nothing else", () => {
		const at = Date.UTC(2023, 3, 29, 17, 34, 30);
		expect(read("2023-04-29T17:34:30Z")).toBe(at);
		expect(read("2023-04-29t17:34:30Z")).toBe(at);
		expect(read("2023-04-29 17:34:30Z")).toBe(at);
		expect(read("2023-04-29X17:34:30Z")).toBeNaN();
	});

	it("refuses a wrong separator at each place", () => {
		for (const text of [
			"2023/04-29T17:34:30Z",
			"2023-04/29T17:34:30Z",
			"2023-04-29T17.34:30Z",
			"2023-04-29T17:34.30Z",
		]) {
			expect(read(text), text).toBeNaN();
		}
	});

	it("trims each kind of whitespace on either side", () => {
		const at = Date.UTC(2023, 3, 29, 17, 34, 30);
		for (const ws of [" ", "\n", "\r", "\t"]) {
			expect(read(`${ws}2023-04-29T17:34:30Z`), JSON.stringify(ws)).toBe(at);
			expect(read(`2023-04-29T17:34:30Z${ws}`), JSON.stringify(ws)).toBe(at);
		}
	});

	it("refuses a non-digit in each field", () => {
		for (const text of [
			"x023-04-29T17:34:30Z",
			"2023-0x-29T17:34:30Z",
			"2023-04-x9T17:34:30Z",
			"2023-04-29Tx7:34:30Z",
			"2023-04-29T17:x4:30Z",
			"2023-04-29T17:34:x0Z",
		]) {
			expect(read(text), text).toBeNaN();
		}
	});

	it("checks the range of each field", () => {
		expect(read("0000-01-01T00:00:00Z")).toBe(-62_167_219_200_000);
		for (const text of [
			"2023-00-01T00:00:00Z",
			"2023-01-00T00:00:00Z",
			"2023-01-01T00:60:00Z",
			"2023-01-01T00:00:61Z",
		]) {
			expect(read(text), text).toBeNaN();
		}
		expect(read("2023-01-01T23:59:59Z")).toBe(Date.UTC(2023, 0, 1, 23, 59, 59));
		// a leap second reads as the next minute's first
		expect(read("2016-12-31T23:59:60Z")).toBe(Date.UTC(2017, 0, 1));
	});

	it("accepts Feb 29 in leap years only", () => {
		expect(read("2024-02-29T00:00:00Z")).toBe(Date.UTC(2024, 1, 29));
		expect(read("2000-02-29T00:00:00Z")).toBe(Date.UTC(2000, 1, 29));
		expect(read("2023-02-28T00:00:00Z")).toBe(Date.UTC(2023, 1, 28));
		for (const text of ["2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2100-02-29T00:00:00Z"]) {
			expect(read(text), text).toBeNaN();
		}
	});

	it("reads decimals after a dot or a comma, and wants at least one", () => {
		expect(read("2023-04-29T17:34:30,5Z")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30, 500));
		expect(read("2023-04-29T17:34:30.1")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30, 100));
		expect(read("2023-04-29T17:34:30.25")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30, 250));
		expect(read("2023-04-29T17:34:30.1234Z")).toBe(Date.UTC(2023, 3, 29, 17, 34, 30, 123) + 0.4);
		expect(read("2023-04-29T16:34:30.5+01:00")).toBe(Date.UTC(2023, 3, 29, 15, 34, 30, 500));
		expect(read("2023-04-29T17:34:30.Z")).toBeNaN();
		expect(read("2023-04-29T17:34:30.")).toBeNaN();
	});

	it("reads only up to the end it is given", () => {
		const bytes = bytesOf("2023-04-29T17:34:30.55Z");
		expect(readIsoTime(bytes, 0, 19)).toBe(Date.UTC(2023, 3, 29, 17, 34, 30));
		expect(readIsoTime(bytes, 0, 21)).toBe(Date.UTC(2023, 3, 29, 17, 34, 30, 500));
		expect(readIsoTime(bytes, 0, 22)).toBe(Date.UTC(2023, 3, 29, 17, 34, 30, 550));
		expect(isoZoneMissing()).toBe(true);
	});

	it("reads zones: z, hours only, and offsets at the edges of their range", () => {
		const at = Date.UTC(2023, 3, 29, 17, 34, 30);
		expect(read("2023-04-29T17:34:30z")).toBe(at);
		expect(read("2023-04-29T18:34:30+01")).toBe(at);
		expect(read("2023-04-29T16:34:30-01")).toBe(at);
		expect(read("2023-04-29T17:34:30+00:00")).toBe(at);
		expect(read("2023-04-29T17:34:30-00:00")).toBe(at);
		expect(read("2023-04-30T16:34:30+23:00")).toBe(at);
		expect(read("2023-04-29T19:04:30+01:30")).toBe(at);
		expect(read("2023-04-29T19:33:30+01:59")).toBe(at);
		expect(read("2023-04-29T19:04:30+0130")).toBe(at);
		for (const text of [
			"2023-04-29T17:34:30+24:00",
			"2023-04-29T17:34:30+x1:00",
			"2023-04-29T17:34:30+01:x0",
			"2023-04-29T17:34:30+01:60",
			"2023-04-29T17:34:30+0160",
			"2023-04-29T17:34:30X0100",
			"2023-04-29T17:34:30+1",
		]) {
			expect(read(text), text).toBeNaN();
		}
	});
});
