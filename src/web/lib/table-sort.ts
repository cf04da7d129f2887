/**
 * Sorting of every sortable table (/laps, /adm, /hardware, /seller, /seller-adm) with TanStack
 * Table, by one rule: a click on a header sorts by it ascending; a second click on the same
 * header sorts descending, a third ascending again (never back to unsorted); a new column starts
 * ascending. Empty values (null, blank text, NaN, an invalid date) stay last in both directions,
 * and rows that compare equal keep the server's order.
 */
import {
	type CellData,
	type Column,
	createSortedRowModel,
	type Row,
	type RowData,
	rowSortingFeature,
	type SortFn,
	tableFeatures,
} from "@tanstack/react-table";
import { compareSortValues, isEmptySortValue, type SortValue } from "./sort";

export const sortingFeatures = tableFeatures({
	rowSortingFeature,
	sortedRowModel: createSortedRowModel(),
});
export type SortingFeatures = typeof sortingFeatures;

/** Table options that give the rule above. */
export const SORTING_OPTIONS = {
	enableSortingRemoval: false,
	enableMultiSort: false,
	sortDescFirst: false,
} as const;

/** The ascending order of two non-empty values (TanStack turns it round for descending). */
const compareAscending: SortFn<SortingFeatures, never> = (a, b, columnId) =>
	compareSortValues(a.getValue<SortValue>(columnId), b.getValue<SortValue>(columnId), "asc");

/**
 * The options of a column sorted by `value`: empty values become `undefined`, which TanStack
 * keeps last whatever the direction.
 */
export function sortedBy<T extends RowData>(value: (row: T) => SortValue) {
	return {
		accessorFn: (row: T): CellData => {
			const v = value(row);
			return (isEmptySortValue(v) ? undefined : v) as CellData;
		},
		sortFn: compareAscending as unknown as SortFn<SortingFeatures, T>,
		sortUndefined: "last" as const,
		sortDescFirst: false,
	};
}

type SortableColumn = Pick<Column<SortingFeatures, never>, "getIsSorted" | "getCanSort">;

/** The `aria-sort` of a header cell. */
export function ariaSortOf(
	column: SortableColumn,
): "ascending" | "descending" | "none" | undefined {
	if (!column.getCanSort()) return undefined;
	const sorted = column.getIsSorted();
	return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
}

/** The arrow beside the active column's header; nothing on the others. */
export function sortArrowOf(column: SortableColumn): string {
	const sorted = column.getIsSorted();
	return sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "";
}

export type SortedRow<T extends RowData> = Row<SortingFeatures, T>;
