import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	createIsoFormatter,
	isWritableInstant,
	utcDate,
	utcDateBr,
	utcHourMinute,
	vboTimeOfDay,
} from "./time-text";

describe("time text", () => {
	it("writes ISO 8601 UTC with milliseconds as Date does, rounded to the millisecond", () => {
		const iso = createIsoFormatter();
		fc.assert(
			fc.property(
				fc.double({ min: -62_135_596_800_000, max: 253_402_300_799_000, noNaN: true }),
				(ms) => {
					expect(iso(ms)).toBe(new Date(Math.round(ms)).toISOString());
				},
			),
		);
		expect(iso(Date.UTC(2025, 2, 1, 13, 5, 7, 40.4))).toBe("2025-03-01T13:05:07.040Z");
		expect(iso(86_399_999.6)).toBe("1970-01-02T00:00:00.000Z");
	});

	it("knows which instants have a four-digit year", () => {
		expect(isWritableInstant(0)).toBe(true);
		expect(isWritableInstant(Date.UTC(10000, 0, 1))).toBe(false);
		expect(isWritableInstant(Number.NaN)).toBe(false);
		// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z, both included.
		const first = -62_135_596_800_000;
		const last = 253_402_300_799_999;
		expect(new Date(first).toISOString()).toBe("0001-01-01T00:00:00.000Z");
		expect(new Date(last).toISOString()).toBe("9999-12-31T23:59:59.999Z");
		expect(isWritableInstant(first)).toBe(true);
		expect(isWritableInstant(last)).toBe(true);
		expect(isWritableInstant(first - 1)).toBe(false);
		expect(isWritableInstant(last + 1)).toBe(false);
	});

	it("writes Racelogic's HHMMSS.SS time of day, wrapping at midnight", () => {
		expect(vboTimeOfDay(Math.round(Date.UTC(2025, 2, 1, 9, 3, 58, 200) / 10))).toBe("090358.20");
		expect(vboTimeOfDay(8_640_000 - 1)).toBe("235959.99");
		expect(vboTimeOfDay(8_640_000)).toBe("000000.00");
		expect(vboTimeOfDay(-1)).toBe("235959.99");
	});

	it("writes the day and time of a file's creation line", () => {
		const ms = Date.UTC(2024, 11, 31, 23, 59, 59, 999);
		expect(utcDateBr(ms)).toBe("31/12/2024");
		expect(utcHourMinute(ms)).toBe("23:59");
		expect(utcDateBr(0)).toBe("01/01/1970");
		expect(utcDate(ms)).toBe("2024-12-31");
		expect(utcDate(-1)).toBe("1969-12-31");
	});
});
