/**
 * Table sorting shared by every sortable table (laps, adm, hardware): a column and a direction;
 * the same column again toggles the direction, a new column starts ascending; empty values
 * (null, undefined, blank text, NaN) always sort last, whatever the direction.
 */

export type SortDirection = "asc" | "desc";

export interface SortState<K extends string = string> {
	column: K;
	direction: SortDirection;
}

export type SortValue = string | number | null | undefined;

/** Clicking the header of `column`. */
export function nextSortState<K extends string>(
	current: SortState<K> | null,
	column: K,
): SortState<K> {
	if (current && current.column === column) {
		return { column, direction: current.direction === "asc" ? "desc" : "asc" };
	}
	return { column, direction: "asc" };
}

function isEmpty(value: SortValue): value is null | undefined | "" {
	if (value === null || value === undefined) return true;
	if (typeof value === "number") return Number.isNaN(value);
	return value.trim() === "";
}

const collator = new Intl.Collator("pt-BR", { numeric: true, sensitivity: "base" });

/** Ascending order of two values; numbers before text when a column mixes them. */
export function compareAscending(a: SortValue, b: SortValue): number {
	if (typeof a === "number" && typeof b === "number") return a - b;
	if (typeof a === "number") return -1;
	if (typeof b === "number") return 1;
	return collator.compare(String(a), String(b));
}

/**
 * A sorted copy of `rows` (stable: equal values keep their order). `valueOf` gives the value
 * the column sorts by (a lap time sorts by its milliseconds, not by its text).
 */
export function sortRows<T>(
	rows: readonly T[],
	sortValue: (row: T) => SortValue,
	direction: SortDirection,
): T[] {
	const sign = direction === "asc" ? 1 : -1;
	const keyed = rows.map((row, index) => ({ row, index, value: sortValue(row) }));
	keyed.sort((x, y) => {
		const xEmpty = isEmpty(x.value);
		const yEmpty = isEmpty(y.value);
		if (xEmpty || yEmpty) {
			if (xEmpty && yEmpty) return x.index - y.index;
			return xEmpty ? 1 : -1;
		}
		return sign * compareAscending(x.value, y.value) || x.index - y.index;
	});
	return keyed.map((entry) => entry.row);
}

/** The arrow on the active column header. */
export function sortArrow(state: SortState | null, column: string): string {
	if (!state || state.column !== column) return "";
	return state.direction === "asc" ? "▲" : "▼";
}

/** `aria-sort` of a column header. */
export function ariaSort(
	state: SortState | null,
	column: string,
): "ascending" | "descending" | "none" {
	if (!state || state.column !== column) return "none";
	return state.direction === "asc" ? "ascending" : "descending";
}
