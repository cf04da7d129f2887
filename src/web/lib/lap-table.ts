/** The /laps table: sorting by lap number, time and distance (the best marks come from the server). */
import { type SortState, type SortValue, sortRows } from "./sort";

export type LapSortColumn = "number" | "time" | "distance";

export interface LapRowLike {
	number: number;
	timeMs: number;
	distanceM: number;
}

const LAP_SORT_VALUE: Record<LapSortColumn, (lap: LapRowLike) => SortValue> = {
	number: (lap) => lap.number,
	time: (lap) => lap.timeMs,
	distance: (lap) => lap.distanceM,
};

export const DEFAULT_LAP_SORT: SortState<LapSortColumn> = { column: "number", direction: "asc" };

export function sortLaps<T extends LapRowLike>(
	laps: readonly T[],
	sort: SortState<LapSortColumn>,
): T[] {
	return sortRows(laps, sort, LAP_SORT_VALUE);
}
