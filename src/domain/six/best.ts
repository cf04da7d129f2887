/**
 * The best lap and the best time of each sector (FORMATS.md "Derived figures"), for the
 * session summary and the lap table's marks: the server computes them here, the web client
 * shows what the server sends.
 */

/** The fastest lap; on a tie the lowest lap number; null without laps. */
export function fastestLap<L extends { number: number; timeMs: number }>(
	laps: readonly L[],
): L | null {
	let best: L | null = null;
	for (const lap of laps) {
		if (
			best === null ||
			lap.timeMs < best.timeMs ||
			(lap.timeMs === best.timeMs && lap.number < best.number)
		) {
			best = lap;
		}
	}
	return best;
}

/** Sector number -> the lowest time recorded for that sector in any lap. */
export function bestSectorTimes(
	laps: readonly { sectors: readonly { number: number; timeMs: number }[] }[],
): Map<number, number> {
	const best = new Map<number, number>();
	for (const lap of laps) {
		for (const sector of lap.sectors) {
			const current = best.get(sector.number);
			if (current === undefined || sector.timeMs < current) best.set(sector.number, sector.timeMs);
		}
	}
	return best;
}
