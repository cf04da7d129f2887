import { describe, expect, it } from "vitest";
import { compareSortValues, isEmptySortValue, type SortValue } from "./sort";

describe("isEmptySortValue", () => {
	it.each<[SortValue, boolean]>([
		[null, true],
		[undefined, true],
		["", true],
		["   ", true],
		[Number.NaN, true],
		[new Date("not a date"), true],
		[0, false],
		[false, false],
		["0", false],
		["a", false],
		[new Date(0), false],
	])("%s -> %s", (value, empty) => {
		expect(isEmptySortValue(value)).toBe(empty);
	});
});

describe("compareSortValues", () => {
	it("compares numbers numerically", () => {
		expect(compareSortValues(2, 10, "asc")).toBeLessThan(0);
		expect(compareSortValues(2, 10, "desc")).toBeGreaterThan(0);
		expect(compareSortValues(-1, 0, "asc")).toBeLessThan(0);
		expect(compareSortValues(5, 5, "asc")).toBe(0);
		expect(compareSortValues(5, 5, "desc")).toBe(0);
	});

	it("compares text in pt-BR with numeric parts and without case or accent differences", () => {
		expect(compareSortValues("moto 2", "moto 10", "asc")).toBeLessThan(0);
		expect(compareSortValues("A7F3", "a7f3", "asc")).toBe(0);
		expect(compareSortValues("Érica", "erica", "asc")).toBe(0);
		expect(compareSortValues("Álvaro", "Bruno", "asc")).toBeLessThan(0);
		expect(compareSortValues("B210", "C900", "desc")).toBeGreaterThan(0);
	});

	it("puts set flags (true) first ascending and last descending", () => {
		expect(compareSortValues(true, false, "asc")).toBeLessThan(0);
		expect(compareSortValues(true, false, "desc")).toBeGreaterThan(0);
		expect(compareSortValues(false, false, "desc")).toBe(0);
		expect(compareSortValues(true, true, "asc")).toBe(0);
	});

	it("compares dates by time", () => {
		const early = new Date("2024-01-01T10:00:00Z");
		const late = new Date("2024-01-01T10:00:01Z");
		expect(compareSortValues(early, late, "asc")).toBeLessThan(0);
		expect(compareSortValues(early, late, "desc")).toBeGreaterThan(0);
	});

	it("puts empty values last in both directions", () => {
		for (const empty of [null, undefined, "", Number.NaN, new Date("x")] as SortValue[]) {
			for (const direction of ["asc", "desc"] as const) {
				expect(compareSortValues(empty, "z", direction)).toBeGreaterThan(0);
				expect(compareSortValues("z", empty, direction)).toBeLessThan(0);
				expect(compareSortValues(empty, null, direction)).toBe(0);
			}
		}
	});

	it("orders mixed kinds consistently instead of failing", () => {
		expect(compareSortValues(1, "a", "asc")).toBeLessThan(0);
		expect(compareSortValues("a", 1, "asc")).toBeGreaterThan(0);
	});
});
