/**
 * Colouring by value (speed or lean) in a fixed number of bands, so the renderer strokes one
 * path per band instead of one per segment.
 */

export const BAND_COUNT = 16;

/** Blue (low) through green and yellow to red (high). */
export function bandColours(count = BAND_COUNT): string[] {
	const colours: string[] = [];
	for (let i = 0; i < count; i++) {
		const t = count === 1 ? 1 : i / (count - 1);
		const hue = Math.round(230 - 230 * t);
		colours.push(`hsl(${hue} 85% 48%)`);
	}
	return colours;
}

export interface ValueRange {
	min: number;
	max: number;
}

/** Lowest and highest finite value; null when there is none. */
export function valueRange(values: ArrayLike<number>): ValueRange | null {
	let min = Infinity;
	let max = -Infinity;
	for (let i = 0; i < values.length; i++) {
		const v = values[i]!;
		if (!Number.isFinite(v)) continue;
		if (v < min) min = v;
		if (v > max) max = v;
	}
	return min <= max ? { min, max } : null;
}

/** Band of a value: 0 at `min`, `count - 1` at `max`; a missing value (NaN) goes to band 0. */
export function bandOf(value: number, range: ValueRange, count = BAND_COUNT): number {
	if (!Number.isFinite(value)) return 0;
	const span = range.max - range.min;
	if (span <= 0) return count - 1;
	const band = Math.floor(((value - range.min) / span) * count);
	return band < 0 ? 0 : band >= count ? count - 1 : band;
}

export function bandsOf(
	values: ArrayLike<number>,
	range: ValueRange | null,
	count = BAND_COUNT,
): Uint8Array {
	const bands = new Uint8Array(values.length);
	if (!range) return bands;
	for (let i = 0; i < values.length; i++) bands[i] = bandOf(values[i]!, range, count);
	return bands;
}

export interface LegendEntry {
	from: number;
	to: number;
	colour: string;
}

export function legendEntries(range: ValueRange, count = BAND_COUNT): LegendEntry[] {
	const colours = bandColours(count);
	const step = (range.max - range.min) / count;
	return colours.map((colour, i) => ({
		from: range.min + step * i,
		to: i === count - 1 ? range.max : range.min + step * (i + 1),
		colour,
	}));
}

/**
 * Runs of consecutive kept points whose segments share a band: `[startK, endK]` pairs over
 * `kept` (inclusive), grouped per band. Segment k goes from kept[k] to kept[k+1] and takes the
 * band of its first point, so each run becomes one moveTo and a chain of lineTo.
 */
export function runsByBand(
	kept: ArrayLike<number>,
	bands: ArrayLike<number>,
	count = BAND_COUNT,
): number[][] {
	const runs: number[][] = Array.from({ length: count }, () => []);
	const segments = kept.length - 1;
	let k = 0;
	while (k < segments) {
		const band = bands[kept[k]!]!;
		let end = k + 1;
		while (end < segments && bands[kept[end]!] === band) end++;
		runs[band]!.push(k, end);
		k = end;
	}
	return runs;
}
