/**
 * Sorting of every sortable table (/laps, /adm, /hardware). Clicking a header sorts by it;
 * clicking the same header again toggles the direction; a new column starts ascending. Empty values (null,
 * undefined, blank text, NaN, an invalid date) always go last, in both directions, so the rows
 * that carry information stay on top.
 */

export type SortDirection = "asc" | "desc";

export interface SortState<K extends string = string> {
	column: K;
	direction: SortDirection;
}

/**
 * What an accessor may return for a cell. Dates compare by time. Booleans are flags (adm,
 * revendedor): ascending puts the users who have the flag first, the way a filled value comes
 * before an empty one.
 */
export type SortValue = string | number | boolean | Date | null | undefined;

export type SortAccessors<T, K extends string> = Record<K, (row: T) => SortValue>;

/** The state after a click on `column`'s header. */
export function nextSortState<K extends string>(
	current: SortState<K> | null,
	column: K,
): SortState<K> {
	if (current && current.column === column) {
		return { column, direction: current.direction === "asc" ? "desc" : "asc" };
	}
	return { column, direction: "asc" };
}

/** The arrow shown next to the active column's header; nothing on the others. */
export function sortIndicator<K extends string>(state: SortState<K> | null, column: K): string {
	if (!state || state.column !== column) return "";
	return state.direction === "asc" ? "▲" : "▼";
}

/** The `aria-sort` attribute of a header cell. */
export function ariaSort<K extends string>(
	state: SortState<K> | null,
	column: K,
): "ascending" | "descending" | "none" {
	if (!state || state.column !== column) return "none";
	return state.direction === "asc" ? "ascending" : "descending";
}

export function isEmptySortValue(value: SortValue): value is null | undefined {
	if (value === null || value === undefined) return true;
	if (typeof value === "string") return value.trim() === "";
	if (typeof value === "number") return Number.isNaN(value);
	if (value instanceof Date) return Number.isNaN(value.getTime());
	return false;
}

const collator = new Intl.Collator("pt-BR", { numeric: true, sensitivity: "base" });

/** Rank of a value's kind, so a column that mixes kinds still has one consistent order. */
function kindRank(value: boolean | number | string | Date): number {
	if (typeof value === "boolean") return 0;
	if (typeof value === "number") return 1;
	if (value instanceof Date) return 2;
	return 3;
}

/** Ascending comparison of two non-empty values. */
function compareFilled(a: boolean | number | string | Date, b: boolean | number | string | Date) {
	const rankA = kindRank(a);
	const rankB = kindRank(b);
	if (rankA !== rankB) return rankA - rankB;
	if (typeof a === "string" && typeof b === "string") return collator.compare(a, b);
	if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
	if (typeof a === "boolean" && typeof b === "boolean") return Number(b) - Number(a);
	return Number(a) - Number(b);
}

/**
 * Comparison for `Array.prototype.sort` in `direction`. Empty values are last whatever the
 * direction; two empty values are equal.
 */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
	const emptyA = isEmptySortValue(a);
	const emptyB = isEmptySortValue(b);
	if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
	const order = compareFilled(
		a as boolean | number | string | Date,
		b as boolean | number | string | Date,
	);
	// `|| 0` turns -0 into 0 so equal values stay equal in both directions.
	return direction === "asc" ? order : -order || 0;
}

/**
 * A sorted copy of `rows` (the input is left untouched). Rows that compare equal keep their
 * original order, so the server's order (by e-mail, by id) is the tie-breaker. With no state the
 * copy keeps the original order.
 */
export function sortRows<T, K extends string>(
	rows: readonly T[],
	state: SortState<K> | null,
	accessors: SortAccessors<T, K>,
): T[] {
	if (!state) return [...rows];
	const accessor = accessors[state.column];
	const keyed = rows.map((row, index) => ({ row, index, value: accessor(row) }));
	keyed.sort((x, y) => compareSortValues(x.value, y.value, state.direction) || x.index - y.index);
	return keyed.map((entry) => entry.row);
}
