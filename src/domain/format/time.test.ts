import { describe, expect, it } from "vitest";
import {
	formatEntry,
	formatLapTime,
	formatSectorTime,
	formatTimeOfDayMs,
	formatTreeLapTime,
	parseLapTimeText,
} from "./time";

describe("time formatting", () => {
	it.each([
		[83_456, "01:23.456"],
		[0, "00:00.000"],
		[59_999, "00:59.999"],
		[6_000_000, "100:00.000"],
		[Number.NaN, "--:--.---"],
		[-1, "--:--.---"],
	])("formatLapTime(%d) = %s", (ms, text) => expect(formatLapTime(ms)).toBe(text));

	it.each([
		[83_459, "01:23.45"],
		[83_450, "01:23.45"],
		[59_999, "00:59.99"],
		[Number.POSITIVE_INFINITY, "--:--.--"],
	])("formatTreeLapTime(%d) = %s (truncated)", (ms, text) =>
		expect(formatTreeLapTime(ms)).toBe(text),
	);

	it.each([
		[5123, "05.123"],
		[75_000, "75.000"],
		[0, "00.000"],
	])("formatSectorTime(%d) = %s", (ms, text) => expect(formatSectorTime(ms)).toBe(text));

	it.each([
		[0, "00:00:00"],
		[36_083, "10:01:23"],
		[86_399, "23:59:59"],
		[86_400, "--:--:--"],
		[1.5, "--:--:--"],
	])("formatEntry(%d) = %s", (s, text) => expect(formatEntry(s)).toBe(text));

	it("formats a GPS time of day", () => {
		expect(formatTimeOfDayMs(36_610_500)).toBe("10:10:10.500");
		expect(formatTimeOfDayMs(Number.NaN)).toBe("--:--:--.---");
	});

	it("reads a displayed lap time back for sorting", () => {
		expect(parseLapTimeText("01:23.456")).toBe(83_456);
		expect(parseLapTimeText(formatLapTime(6_000_001))).toBe(6_000_001);
		expect(parseLapTimeText("1:23.456")).toBeNull();
		expect(parseLapTimeText("01:60.000")).toBeNull();
	});
});

describe("time formatting at its limits", () => {
	it("shows a placeholder for a sector time it cannot show", () => {
		expect(formatSectorTime(Number.NaN)).toBe("--.---");
		expect(formatSectorTime(-1)).toBe("--.---");
		expect(formatSectorTime(0)).toBe("00.000");
	});

	it("shows a placeholder for an entry or a time of day out of the day", () => {
		expect(formatEntry(-1)).toBe("--:--:--");
		expect(formatEntry(86_400)).toBe("--:--:--");
		expect(formatEntry(86_399)).toBe("23:59:59");
		expect(formatTimeOfDayMs(86_400_000)).toBe("--:--:--.---");
		expect(formatTimeOfDayMs(86_399_999)).toBe("23:59:59.999");
		expect(formatTimeOfDayMs(Number.NaN)).toBe("--:--:--.---");
	});

	it("reads back only a whole displayed lap time, spaces around it allowed", () => {
		expect(parseLapTimeText(" 01:23.456 ")).toBe(83_456);
		expect(parseLapTimeText("x01:23.456")).toBeNull();
		expect(parseLapTimeText("01:23.4567")).toBeNull();
	});
});
