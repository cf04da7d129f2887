import { describe, expect, it } from "vitest";
import {
	fixed,
	formatBattery,
	formatGpsLine,
	formatLapLine,
	formatLapTimeField,
	formatNmeaTime,
	formatSectorDisplay,
	type GpsLineValues,
} from "./format";

describe("fixed", () => {
	it("matches toFixed on ordinary values", () => {
		for (const [value, decimals] of [
			[-23.70109876543, 7],
			[-46.6972, 7],
			[0.05, 1],
			[259.44, 1],
			[12.649, 1],
			[3, 0],
			[7.0000001, 7],
		] as const) {
			expect(fixed(value, decimals)).toBe(value.toFixed(decimals));
		}
	});

	it("never writes a negative zero", () => {
		expect(fixed(-0.04, 1)).toBe("0.0");
		expect(fixed(-0, 1)).toBe("0.0");
		expect(fixed(-0.06, 1)).toBe("-0.1");
	});
});

describe("formatNmeaTime", () => {
	it("writes hhmmss.ss", () => {
		expect(formatNmeaTime(13 * 3600 + 5 * 60 + 9.5)).toBe("130509.50");
		expect(formatNmeaTime(0)).toBe("000000.00");
		expect(formatNmeaTime(86_399.994)).toBe("235959.99");
	});

	it("wraps at midnight", () => {
		expect(formatNmeaTime(86_400 + 61.25)).toBe("000101.25");
		expect(formatNmeaTime(-1)).toBe("235959.00");
	});
});

describe("formatLapTimeField", () => {
	it("writes 7 digits mmssSSS, or drops the leading zeros", () => {
		expect(formatLapTimeField(83_456, false)).toBe("0123456");
		expect(formatLapTimeField(83_456, true)).toBe("123456");
		expect(formatLapTimeField(52_005, true)).toBe("52005");
		expect(formatLapTimeField(12 * 60_000 + 3_004, false)).toBe("1203004");
		// Only the zeros in front go, never those inside.
		expect(formatLapTimeField(12 * 60_000 + 3_004, true)).toBe("1203004");
		expect(formatLapTimeField(0, true)).toBe("0");
	});

	it("refuses what 7 digits cannot hold", () => {
		expect(() => formatLapTimeField(100 * 60_000, false)).toThrow(RangeError);
		expect(() => formatLapTimeField(-1, false)).toThrow(RangeError);
		expect(() => formatLapTimeField(1.5, false)).toThrow(RangeError);
		expect(() => formatLapTimeField(-1, false)).toThrow(/lap time out of range for mmssSSS: -1 ms/);
		expect(formatLapTimeField(0, false)).toBe("0000000");
	});
});

describe("formatSectorDisplay and formatBattery", () => {
	it("shows seconds with milliseconds, and minutes from a minute on", () => {
		expect(formatSectorDisplay(31_245)).toBe("31.245");
		expect(formatSectorDisplay(9_007)).toBe("9.007");
		expect(formatSectorDisplay(62_345)).toBe("1:02.345");
		expect(formatSectorDisplay(59_999)).toBe("59.999");
		expect(formatSectorDisplay(60_000)).toBe("1:00.000");
		expect(formatBattery(12.649)).toBe("12.6V");
	});
});

const point: GpsLineValues = {
	lat: -23.7011,
	lon: -46.6972,
	speedKmh: 123.456,
	satellites: 11,
	utcSecondsOfDay: 13 * 3600,
	lapCount: 2,
	timingFlag: 1,
	battery: "12.6V",
	rollDeg: -41.25,
	filteredLeanDeg: -38.04,
	odometerM: 5123.9,
};

describe("formatGpsLine", () => {
	it("writes the 10-field current variant", () => {
		expect(formatGpsLine(point, "current")).toBe(
			"-23.7011000,-46.6972000|123.5|11|130000.00|2|1|12.6V|-41.3|-38.0|5123",
		);
	});

	it("writes the 7-field old variant without roll, lean or distance", () => {
		const line = formatGpsLine(point, "old");
		expect(line).toBe("-23.7011000,-46.6972000|123.5|11|130000.00|2|1|12.6V");
		expect(line.split("|")).toHaveLength(7);
	});
});

describe("formatLapLine", () => {
	it("writes 10 fields with 6 sub-fields per sector", () => {
		const sector = { timeMs: 25_081, improved: true, upMax: 2, upTrack: 1, metres: 1113 };
		const line = formatLapLine({
			lapTimeField: "141170",
			battery: "12.8V",
			entrySec: 36_117,
			sectors: [sector, sector, sector, { ...sector, improved: false }],
			sprintCount: 7,
			metres: 4282,
			lapNumber: 3,
		});
		const fields = line.split("|");
		expect(fields).toHaveLength(10);
		expect(fields[3]).toBe("25081,1,2,1,25.081,1113");
		expect(fields[6]).toBe("25081,0,2,1,25.081,1113");
		expect(fields.slice(7)).toEqual(["7", "4282", "3"]);
		expect(fields.slice(0, 3)).toEqual(["141170", "12.8V", "36117"]);
	});
});
