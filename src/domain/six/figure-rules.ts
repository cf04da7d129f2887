/**
 * The rules of a session's figures (FORMATS.md "Derived figures"), shared by the logger's
 * own laps (`analyze.ts`) and laps timed from lines or marks (`timing/figures.ts`).
 */

/**
 * The shortest decimal that reads back to the same float32: speed and roll are stored as
 * float32, so 158.9 comes out as 158.89999389648438; this gives the figure the device wrote.
 */
export function shortestFloat32(value: number): number {
	// NaN and the infinities come back as they are: "NaN" never reads back equal, "Infinity" does.
	for (let digits = 1; digits <= 9; digits++) {
		const candidate = Number(value.toPrecision(digits));
		if (Math.fround(candidate) === value) return candidate;
	}
	return value;
}

/**
 * Highest (sign 1) or lowest (sign -1) of a per-lap figure, with its lap. Given in lap-number
 * order, only a strictly better value replaces the leader: ties go to the lowest lap.
 */
export function extreme(
	perLap: readonly { lap: number; value: number | null }[],
	sign: 1 | -1,
): { value: number; lap: number } | null {
	let best: { value: number; lap: number } | null = null;
	for (const { lap, value } of perLap) {
		if (value === null) continue;
		if (best === null || sign * value > sign * best.value) best = { value, lap };
	}
	return best;
}

/**
 * Sum of the best time of each sector, from each lap's sector times in driving order; null
 * unless there is a lap and every lap has every sector (the same number, none missing).
 */
export function theoreticalBest(
	sectorTimes: readonly (readonly (number | null)[])[],
): number | null {
	const count = sectorTimes[0]?.length ?? 0;
	if (count === 0) return null;
	let total = 0;
	for (let s = 0; s < count; s++) {
		let best = Number.POSITIVE_INFINITY;
		for (const lap of sectorTimes) {
			if (lap.length !== count) return null;
			const time = lap[s]!;
			if (time === null) return null;
			if (time < best) best = time;
		}
		total += best;
	}
	return total;
}

/**
 * Mean and **population** standard deviation (divide by n, not n - 1) of the lap times: the
 * laps of a session are the whole population described, not a sample of a larger one.
 */
export function lapTimeSpread(timesMs: readonly number[]): { mean: number; stdDev: number } | null {
	if (timesMs.length === 0) return null;
	const mean = timesMs.reduce((sum, t) => sum + t, 0) / timesMs.length;
	const variance = timesMs.reduce((sum, t) => sum + (t - mean) ** 2, 0) / timesMs.length;
	return { mean, stdDev: Math.sqrt(variance) };
}
