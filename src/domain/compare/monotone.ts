/**
 * From raw matches to the lap's progress along the reference: stretches off the line filled in,
 * then made non-decreasing. A rider never drives backwards along the track, so a match that
 * steps back is noise; the isotonic (least-squares non-decreasing) fit removes it without the
 * forward bias a running maximum would give.
 */

/**
 * Fills every NaN run of `s` by linear interpolation in the lap's own travelled distance
 * (`travelled`, cumulative) between the good matches on either side. The caller has set the
 * first and last entries. Returns how many points were filled.
 */
export function fillGaps(s: Float64Array, travelled: Float64Array): number {
	const n = s.length;
	let filled = 0;
	let i = 0;
	while (i < n) {
		if (!Number.isNaN(s[i]!)) {
			i++;
			continue;
		}
		let j = i;
		while (j < n && Number.isNaN(s[j]!)) j++;
		// i..j-1 are missing; i-1 and j are good (the caller keeps both ends good).
		const left = i - 1;
		const sl = s[left]!;
		const sr = s[j]!;
		const cl = travelled[left]!;
		const span = travelled[j]! - cl;
		for (let k = i; k < j; k++) {
			s[k] = span > 0 ? sl + ((travelled[k]! - cl) / span) * (sr - sl) : sl;
		}
		filled += j - i;
		i = j;
	}
	return filled;
}

/**
 * In place, the non-decreasing sequence closest to `values` in least squares (pool adjacent
 * violators): each run that goes down is replaced by its mean. O(n).
 */
export function makeNonDecreasing(values: Float64Array): void {
	const n = values.length;
	if (n < 2) return;
	// Blocks as parallel stacks: sum, count, first index.
	const sum = new Float64Array(n);
	const cnt = new Int32Array(n);
	const start = new Int32Array(n);
	let top = -1;
	for (let i = 0; i < n; i++) {
		top++;
		sum[top] = values[i]!;
		cnt[top] = 1;
		start[top] = i;
		while (top > 0 && sum[top - 1]! / cnt[top - 1]! > sum[top]! / cnt[top]!) {
			sum[top - 1] = sum[top - 1]! + sum[top]!;
			cnt[top - 1] = cnt[top - 1]! + cnt[top]!;
			top--;
		}
	}
	for (let b = 0; b <= top; b++) {
		const mean = sum[b]! / cnt[b]!;
		const end = b < top ? start[b + 1]! : n;
		for (let i = start[b]!; i < end; i++) values[i] = mean;
	}
}

export interface LapProgress {
	/** 1 where the point lay off the reference line. */
	offLine: Uint8Array;
	offLinePoints: number;
	/** Metres of the lap's own path next to points off the line. */
	offLineM: number;
	/** The lap's own travelled distance at each point, metres (from its positions). */
	travelledM: Float64Array;
}

/**
 * Turns raw matches (NaN off the line) into the lap's progress along a reference `lengthM`
 * long, in place: first point at 0, last at `lengthM`, gaps filled in the lap's own travelled
 * distance, non-decreasing, within [0, lengthM].
 */
export function toProgress(
	s: Float64Array,
	x: Float64Array,
	y: Float64Array,
	lengthM: number,
): LapProgress {
	const n = s.length;
	const offLine = new Uint8Array(n);
	let offLinePoints = 0;
	for (let i = 0; i < n; i++) {
		if (Number.isNaN(s[i]!)) {
			offLine[i] = 1;
			offLinePoints++;
		}
	}
	const travelled = new Float64Array(n);
	let offLineM = 0;
	for (let i = 1; i < n; i++) {
		const step = Math.hypot(x[i]! - x[i - 1]!, y[i]! - y[i - 1]!);
		travelled[i] = travelled[i - 1]! + step;
		if (offLine[i] || offLine[i - 1]) offLineM += step;
	}
	if (n === 0) return { offLine, offLinePoints, offLineM, travelledM: travelled };
	s[0] = 0;
	s[n - 1] = lengthM;
	fillGaps(s, travelled);
	makeNonDecreasing(s);
	for (let i = 0; i < n; i++) s[i] = Math.min(lengthM, Math.max(0, s[i]!));
	s[0] = 0;
	s[n - 1] = lengthM;
	return { offLine, offLinePoints, offLineM, travelledM: travelled };
}
