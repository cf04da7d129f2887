import { describe, expect, it } from "vitest";
import {
	dateFolderSortKey,
	daysInMonth,
	formatDateFolder,
	isValidDateFolder,
	isValidHardwareId,
	isValidTrackName,
	parseDateFolder,
	toDateFolder,
} from "./storage-names";

describe("storage names", () => {
	it.each([
		["01012025", true],
		["29022024", true],
		["29022025", false],
		["29021900", false],
		["29022000", true],
		["31022025", false],
		["31042025", false],
		["31122025", true],
		["00012025", false],
		["01132025", false],
		["01010000", false],
		["1012025", false],
		["0101202a", false],
		["010120255", false],
	])("date folder %s valid = %s", (folder, valid) => expect(isValidDateFolder(folder)).toBe(valid));

	it("formats and sorts date folders", () => {
		expect(formatDateFolder("05032025")).toBe("05/03/2025");
		expect(formatDateFolder("31022025")).toBeNull();
		expect(parseDateFolder("05032025")).toEqual({ day: 5, month: 3, year: 2025 });
		const folders = ["01022025", "31012025", "15122024"];
		folders.sort((a, b) => dateFolderSortKey(a)! - dateFolderSortKey(b)!);
		expect(folders).toEqual(["15122024", "31012025", "01022025"]);
		expect(toDateFolder({ day: 5, month: 3, year: 2025 })).toBe("05032025");
		expect(toDateFolder({ day: 30, month: 2, year: 2025 })).toBeNull();
	});

	it.each([
		["Interlagos", true],
		["Kartódromo Granja Viana", true],
		["a".repeat(64), true],
		["🏁".repeat(64), true],
		["a".repeat(65), false],
		["", false],
		[".", false],
		["..", false],
		["...", true],
		["a/b", false],
		["a\\b", false],
		["a\nb", false],
		["a\u0000b", false],
		["a\u007fb", false],
		["a\u0085b", false],
	])("track name %j valid = %s", (name, valid) => expect(isValidTrackName(name)).toBe(valid));

	it.each([
		["SIX-00012_a", true],
		["a".repeat(64), true],
		["a".repeat(65), false],
		["", false],
		["abc def", false],
		["abc/def", false],
		["ção", false],
		["..", false],
	])("hardware id %j valid = %s", (id, valid) => expect(isValidHardwareId(id)).toBe(valid));
});

describe("storage names at their limits", () => {
	it("takes a one-character track name", () => {
		expect(isValidTrackName("A")).toBe(true);
		expect(isValidTrackName("")).toBe(false);
	});

	it("knows the length of every month", () => {
		const days = Array.from({ length: 12 }, (_, i) => daysInMonth(i + 1, 2023));
		expect(days).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
		expect(daysInMonth(2, 2024)).toBe(29);
	});

	it("takes year 1 and refuses year 0", () => {
		expect(parseDateFolder("01010001")).toEqual({ day: 1, month: 1, year: 1 });
		expect(parseDateFolder("01010000")).toBeNull();
		expect(parseDateFolder("01002025")).toBeNull();
		expect(parseDateFolder("01132025")).toBeNull();
	});

	it("gives the sort key yyyymmdd and the zero-padded folder", () => {
		expect(dateFolderSortKey("02012025")).toBe(20_250_102);
		expect(toDateFolder({ day: 1, month: 2, year: 25 })).toBe("01020025");
	});
});
