/** The /laps table: sorting by lap number, time and distance, and what to highlight. */
import { type SortState, type SortValue, sortRows } from "./sort";

export type LapSortColumn = "number" | "time" | "distance";

export interface LapRowLike {
	number: number;
	timeMs: number;
	distanceM: number;
	sectors: readonly { number: number; timeMs: number }[];
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

/** The fastest lap's number (ties: the lowest number); null with no lap. */
export function bestLapNumber(laps: readonly LapRowLike[]): number | null {
	let best: LapRowLike | null = null;
	for (const lap of laps) {
		if (
			!best ||
			lap.timeMs < best.timeMs ||
			(lap.timeMs === best.timeMs && lap.number < best.number)
		) {
			best = lap;
		}
	}
	return best?.number ?? null;
}

/** Sector number -> the best (lowest) time of that sector over all laps. */
export function bestSectorTimes(laps: readonly LapRowLike[]): Map<number, number> {
	const best = new Map<number, number>();
	for (const lap of laps) {
		for (const sector of lap.sectors) {
			const current = best.get(sector.number);
			if (current === undefined || sector.timeMs < current) best.set(sector.number, sector.timeMs);
		}
	}
	return best;
}
