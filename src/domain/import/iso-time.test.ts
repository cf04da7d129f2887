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
});
