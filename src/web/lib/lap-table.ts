/** The /laps table: which sector times to highlight. */

export interface LapRowLike {
	number: number;
	timeMs: number;
	distanceM: number;
	sectors: readonly { number: number; timeMs: number }[];
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
