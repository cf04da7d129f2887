import { constructTable, type RowData } from "@tanstack/react-table";
import { storeReactivityBindings } from "@tanstack/table-core/store-reactivity-bindings";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEmptySortValue, type SortValue } from "./sort";
import { SORTING_OPTIONS, sortArrowOf, sortedBy, sortingFeatures } from "./table-sort";

interface Logger {
	id: string;
	owner: string | null;
	seen: string | null;
	laps: number;
}

const rows: Logger[] = [
	{ id: "B210", owner: "pedro@x", seen: "2025-03-01T10:00:00Z", laps: 12 },
	{ id: "1", owner: null, seen: null, laps: 3 },
	{ id: "A7F3", owner: " ", seen: "2025-03-02T10:00:00Z", laps: 40 },
	{ id: "10", owner: "ana@x", seen: "garbage", laps: 3 },
	{ id: "2", owner: "Bia@x", seen: "2025-02-01T10:00:00Z", laps: 7 },
];

function table() {
	const t = constructTable({
		// What useTable adds in React: the store the table keeps its state in.
		features: {
			coreReactivityFeature: storeReactivityBindings(),
			...sortingFeatures,
		} as typeof sortingFeatures,
		...SORTING_OPTIONS,
		data: rows,
		columns: [
			{ id: "id", ...sortedBy((r: Logger) => r.id) },
			{ id: "owner", ...sortedBy((r: Logger) => r.owner) },
			{ id: "seen", ...sortedBy((r: Logger) => (r.seen ? new Date(r.seen) : null)) },
			{ id: "laps", ...sortedBy((r: Logger) => r.laps) },
		],
	});
	const click = (id: string) => t.getColumn(id)!.toggleSorting();
	const order = (id: keyof Logger) => t.getRowModel().rows.map((r) => r.original[id]);
	return { t, click, order };
}

describe("table sorting", () => {
	it("keeps the server's order until a header is clicked", () => {
		expect(table().order("id")).toEqual(["B210", "1", "A7F3", "10", "2"]);
	});

	it("sorts text naturally (numbers by value, case ignored), ascending first, then descending", () => {
		const { click, order, t } = table();
		click("id");
		expect(order("id")).toEqual(["1", "2", "10", "A7F3", "B210"]);
		expect(sortArrowOf(t.getColumn("id")!)).toBe("▲");
		click("id");
		expect(order("id")).toEqual(["B210", "A7F3", "10", "2", "1"]);
		expect(sortArrowOf(t.getColumn("id")!)).toBe("▼");
		// Never back to unsorted: a third click is ascending again.
		click("id");
		expect(order("id")).toEqual(["1", "2", "10", "A7F3", "B210"]);
	});

	it("keeps empty values last in both directions", () => {
		const { click, order } = table();
		click("owner");
		expect(order("owner")).toEqual(["ana@x", "Bia@x", "pedro@x", null, " "]);
		click("owner");
		expect(order("owner")).toEqual(["pedro@x", "Bia@x", "ana@x", null, " "]);
		click("seen");
		expect(order("id")).toEqual(["2", "B210", "A7F3", "1", "10"]);
		click("seen");
		expect(order("id")).toEqual(["A7F3", "B210", "2", "1", "10"]);
	});

	it("starts a new column ascending even after a descending one; equal values keep their order", () => {
		const { click, order, t } = table();
		click("id");
		click("id");
		click("laps");
		expect(order("id")).toEqual(["1", "10", "2", "B210", "A7F3"]);
		expect(sortArrowOf(t.getColumn("id")!)).toBe("");
	});
});

/** The rows as a table sorted by one column in `direction` shows them. */
function sortedRows<T extends RowData>(
	data: T[],
	value: (row: T) => SortValue,
	direction: "asc" | "desc",
): T[] {
	const t = constructTable({
		features: {
			coreReactivityFeature: storeReactivityBindings(),
			...sortingFeatures,
		} as typeof sortingFeatures,
		...SORTING_OPTIONS,
		data,
		columns: [{ id: "v", ...sortedBy(value) }],
	});
	t.getColumn("v")!.toggleSorting(direction === "desc");
	return t.getRowModel().rows.map((r) => r.original);
}

describe("table sorting, any values", () => {
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
					const sorted = sortedRows(rows, (row) => row.value, direction);
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

	it("reverses the order when the direction flips (distinct values)", () => {
		fc.assert(
			fc.property(fc.uniqueArray(fc.integer(), { maxLength: 20 }), (values) => {
				const rows = values.map((value) => ({ value }));
				const asc = sortedRows(rows, (row) => row.value, "asc");
				const desc = sortedRows(rows, (row) => row.value, "desc");
				expect(desc).toEqual([...asc].reverse());
			}),
		);
	});

	it("sorts text with pt-BR collation, numeric-aware, blanks last", () => {
		const names = ["piloto10", "", "Álvaro", "piloto2", "bruno"].map((name) => ({ name }));
		expect(sortedRows(names, (r) => r.name, "asc").map((r) => r.name)).toEqual([
			"Álvaro",
			"bruno",
			"piloto2",
			"piloto10",
			"",
		]);
		expect(sortedRows(names, (r) => r.name, "desc").map((r) => r.name)).toEqual([
			"piloto10",
			"piloto2",
			"bruno",
			"Álvaro",
			"",
		]);
	});
});
