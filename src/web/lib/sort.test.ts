import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	ariaSort,
	compareSortValues,
	isEmptySortValue,
	nextSortState,
	type SortState,
	type SortValue,
	sortIndicator,
	sortRows,
} from "./sort";

type Column = "id" | "owner" | "up";

describe("nextSortState", () => {
	it("starts ascending on the first click", () => {
		expect(nextSortState<Column>(null, "id")).toEqual({ column: "id", direction: "asc" });
	});

	it("toggles the direction when the same column is clicked again", () => {
		const asc: SortState<Column> = { column: "id", direction: "asc" };
		const desc = nextSortState(asc, "id");
		expect(desc).toEqual({ column: "id", direction: "desc" });
		expect(nextSortState(desc, "id")).toEqual({ column: "id", direction: "asc" });
	});

	it("starts a new column ascending, even when the previous one was descending", () => {
		const desc: SortState<Column> = { column: "id", direction: "desc" };
		expect(nextSortState(desc, "owner")).toEqual({ column: "owner", direction: "asc" });
	});
});

describe("sortIndicator and ariaSort", () => {
	const state: SortState<Column> = { column: "owner", direction: "asc" };

	it("marks only the active column", () => {
		expect(sortIndicator(state, "owner")).toBe("▲");
		expect(sortIndicator(state, "id")).toBe("");
		expect(sortIndicator({ column: "owner", direction: "desc" }, "owner")).toBe("▼");
		expect(sortIndicator<Column>(null, "id")).toBe("");
	});

	it("gives the aria-sort value of each header", () => {
		expect(ariaSort(state, "owner")).toBe("ascending");
		expect(ariaSort({ column: "owner", direction: "desc" }, "owner")).toBe("descending");
		expect(ariaSort(state, "up")).toBe("none");
		expect(ariaSort<Column>(null, "up")).toBe("none");
	});
});

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

interface Logger {
	id: string;
	owner: string | null;
	up: Date | null;
}

const accessors = {
	id: (row: Logger) => row.id,
	owner: (row: Logger) => row.owner,
	up: (row: Logger) => row.up,
};

const loggers: Logger[] = [
	{ id: "B210", owner: null, up: null },
	{ id: "1", owner: "paula@x", up: new Date("2024-03-01T12:00:00Z") },
	{ id: "C900", owner: "", up: new Date("2024-03-02T12:00:00Z") },
	{ id: "10", owner: "pedro@x", up: null },
	{ id: "2", owner: "ana@x", up: new Date("2024-02-01T12:00:00Z") },
	{ id: "A7F3", owner: null, up: undefined as unknown as null },
];

const ids = (rows: Logger[]) => rows.map((row) => row.id);

describe("sortRows", () => {
	it("keeps the original order without a state and never changes the input", () => {
		const before = [...loggers];
		expect(sortRows(loggers, null, accessors)).toEqual(loggers);
		sortRows(loggers, { column: "id", direction: "desc" }, accessors);
		expect(loggers).toEqual(before);
	});

	it("sorts ids with numeric parts in both directions", () => {
		expect(ids(sortRows(loggers, { column: "id", direction: "asc" }, accessors))).toEqual([
			"1",
			"2",
			"10",
			"A7F3",
			"B210",
			"C900",
		]);
		expect(ids(sortRows(loggers, { column: "id", direction: "desc" }, accessors))).toEqual([
			"C900",
			"B210",
			"A7F3",
			"10",
			"2",
			"1",
		]);
	});

	it("puts rows without an owner last in both directions, keeping their original order", () => {
		expect(ids(sortRows(loggers, { column: "owner", direction: "asc" }, accessors))).toEqual([
			"2",
			"1",
			"10",
			"B210",
			"C900",
			"A7F3",
		]);
		expect(ids(sortRows(loggers, { column: "owner", direction: "desc" }, accessors))).toEqual([
			"10",
			"1",
			"2",
			"B210",
			"C900",
			"A7F3",
		]);
	});

	it("sorts last contact by time with never-seen loggers last", () => {
		expect(ids(sortRows(loggers, { column: "up", direction: "asc" }, accessors))).toEqual([
			"2",
			"1",
			"C900",
			"B210",
			"10",
			"A7F3",
		]);
		expect(ids(sortRows(loggers, { column: "up", direction: "desc" }, accessors))).toEqual([
			"C900",
			"1",
			"2",
			"B210",
			"10",
			"A7F3",
		]);
	});

	const valueArb: fc.Arbitrary<SortValue> = fc.oneof(
		fc.constant(null),
		fc.constant(undefined),
		fc.constant(""),
		fc.integer({ min: -50, max: 50 }),
	);

	it("always yields a permutation with every empty value after every filled one", () => {
		fc.assert(
			fc.property(
				fc.array(valueArb, { maxLength: 30 }),
				fc.constantFrom("asc" as const, "desc" as const),
				(values, direction) => {
					const rows = values.map((value, index) => ({ value, index }));
					const sorted = sortRows(
						rows,
						{ column: "value", direction },
						{
							value: (row) => row.value,
						},
					);
					expect(sorted.map((row) => row.index).sort((a, b) => a - b)).toEqual(
						rows.map((row) => row.index),
					);
					const firstEmpty = sorted.findIndex((row) => isEmptySortValue(row.value));
					if (firstEmpty >= 0) {
						expect(sorted.slice(firstEmpty).every((row) => isEmptySortValue(row.value))).toBe(true);
					}
					const filled = sorted.slice(0, firstEmpty < 0 ? sorted.length : firstEmpty);
					for (let i = 1; i < filled.length; i++) {
						const previous = filled[i - 1]!.value as number;
						const current = filled[i]!.value as number;
						if (direction === "asc") expect(previous).toBeLessThanOrEqual(current);
						else expect(previous).toBeGreaterThanOrEqual(current);
					}
				},
			),
		);
	});

	it("reverses the filled part when the direction flips (stable ties aside)", () => {
		fc.assert(
			fc.property(fc.uniqueArray(fc.integer(), { maxLength: 20 }), (values) => {
				const rows = values.map((value) => ({ value }));
				const acc = { value: (row: { value: number }) => row.value };
				const asc = sortRows(rows, { column: "value", direction: "asc" }, acc);
				const desc = sortRows(rows, { column: "value", direction: "desc" }, acc);
				expect(desc).toEqual([...asc].reverse());
			}),
		);
	});
});

describe("sortRows on plain values", () => {
	const byValue = { value: (n: string) => n };

	it("sorts text with pt-BR collation, numeric-aware, blanks last", () => {
		const names = ["piloto10", "", "Álvaro", "piloto2", "bruno"];
		expect(sortRows(names, { column: "value", direction: "asc" }, byValue)).toEqual([
			"Álvaro",
			"bruno",
			"piloto2",
			"piloto10",
			"",
		]);
		expect(sortRows(names, { column: "value", direction: "desc" }, byValue)).toEqual([
			"piloto10",
			"piloto2",
			"bruno",
			"Álvaro",
			"",
		]);
	});

	it("does not change its input", () => {
		const rows = [3, 1, 2];
		sortRows(rows, { column: "n", direction: "desc" }, { n: (r: number) => r });
		expect(rows).toEqual([3, 1, 2]);
	});
});
