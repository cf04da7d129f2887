/**
 * Lap start instants of a stored session. A stored lap keeps its time to the millisecond but
 * its start only as `entry_sec`, the whole second of the day it began: enough to place the
 * session in the day, not to keep lap times exact. So the first lap starts on its entry
 * second, and each next lap starts where the previous one ended whenever that instant is within a
 * second of the next lap's stored entry second (laps timed back to back); otherwise (a stop between laps,
 * logger laps with gaps) on its own entry second.
 */
const DAY_MS = 86_400_000;

export interface StoredLapStart {
	/** Whole seconds since midnight of the day the lap started (as stored). */
	entrySec: number;
	timeMs: number;
}

/** Milliseconds since the session day's midnight at which each lap starts, in the given order. */
export function lapStartsMs(laps: readonly StoredLapStart[]): number[] {
	const starts: number[] = [];
	laps.forEach((lap, k) => {
		const own = lap.entrySec * 1000;
		if (k === 0) {
			starts.push(own);
			return;
		}
		const after = starts[k - 1]! + laps[k - 1]!.timeMs;
		const afterOfDay = ((after % DAY_MS) + DAY_MS) % DAY_MS;
		// The first start lost its fraction of a second, so "the same second" is a window of ±1 s.
		let gap = own - afterOfDay;
		if (gap > DAY_MS / 2) gap -= DAY_MS;
		if (gap <= -DAY_MS / 2) gap += DAY_MS;
		if (gap > -1000 && gap < 1000) {
			starts.push(after);
			return;
		}
		// A stop between laps: the lap's own second, the next day when that is earlier.
		const midnight = after - afterOfDay;
		starts.push(own < afterOfDay ? midnight + DAY_MS + own : midnight + own);
	});
	return starts;
}
