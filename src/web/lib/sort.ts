/**
 * How two cell values compare in every sortable table (the tables themselves sort with TanStack
 * Table, see table-sort.ts). Empty values (null, undefined, blank text, NaN, an invalid date)
 * are recognised here so they can stay last in both directions.
 */

export type SortDirection = "asc" | "desc";

/**
 * What an accessor may return for a cell. Dates compare by time. Booleans are flags (adm,
 * revendedor): ascending puts the users who have the flag first, the way a filled value comes
 * before an empty one.
 */
export type SortValue = string | number | boolean | Date | null | undefined;

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
