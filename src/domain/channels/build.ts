/**
 * One lap's channels cut out of a whole recording's fixes (and the columns derived from them).
 *
 * A lap timed between two instants (line crossings, a file's lap marks) starts and ends with a
 * point interpolated at those instants, so its channels span exactly its lap time: time 0 at
 * the first point, the lap time at the last. The fixes strictly between the two instants come
 * in between, as they are. Times are whole milliseconds from the lap's exact start, so the last
 * is the lap time rounded as `TimedLap.timeMs` is: Math.round(end - start).
 */
import { EXTRA_CHANNEL_NAMES, type ExtraChannelName, type Fixes } from "../recording/types";
import { bearingDifference } from "../timing/geometry";
import type { DerivedColumns } from "./derive";
import type { LapChannels } from "./types";

/** An instant on the path: between fix `index` and `index + 1`, `fraction` of the way. */
export interface CutPoint {
	index: number;
	fraction: number;
	timeMs: number;
}

type Column = ArrayLike<number>;

/** Linear between the two fixes; where one of them has no value (NaN), the nearer one's. */
function between(column: Column, index: number, fraction: number, length: number): number {
	const a = column[index]!;
	if (fraction === 0 || index + 1 >= length) return a;
	const b = column[index + 1]!;
	if (fraction === 1) return b;
	if (Number.isNaN(a) || Number.isNaN(b)) return fraction < 0.5 ? a : b;
	return a + fraction * (b - a);
}

/** Headings turn the short way round: 350° to 10° passes 0°, not 180°. */
function betweenHeadings(column: Column, index: number, fraction: number, length: number): number {
	const a = column[index]!;
	if (fraction === 0 || index + 1 >= length) return a;
	const b = column[index + 1]!;
	if (Number.isNaN(a) || Number.isNaN(b)) return fraction < 0.5 ? a : b;
	const h = a + fraction * bearingDifference(a, b);
	return h < 0 ? h + 360 : h >= 360 ? h - 360 : h;
}

/** Counts (satellites) are not interpolated: the nearer fix's. */
function nearest(column: Column, index: number, fraction: number, length: number): number {
	return fraction < 0.5 || index + 1 >= length ? column[index]! : column[index + 1]!;
}

const EXTRA_INTERPOLATION: Record<ExtraChannelName, typeof between> = {
	headingDeg: betweenHeadings,
	altitudeM: between,
	satellites: nearest,
	latAccG: between,
	lonAccG: between,
	rpm: between,
	throttlePct: between,
};

/** The cut point at `timeMs`, or null outside the fixes' time span. */
export function cutAt(fixes: Pick<Fixes, "length" | "timeMs">, timeMs: number): CutPoint | null {
	const t = fixes.timeMs;
	const n = fixes.length;
	if (n === 0 || !(timeMs >= t[0]!) || !(timeMs <= t[n - 1]!)) return null;
	// Last fix at or before timeMs.
	let lo = 0;
	let hi = n - 1;
	while (lo < hi) {
		const mid = (lo + hi + 1) >>> 1;
		if (t[mid]! <= timeMs) lo = mid;
		else hi = mid - 1;
	}
	if (lo === n - 1) return { index: lo, fraction: 0, timeMs };
	const span = t[lo + 1]! - t[lo]!;
	return { index: lo, fraction: span > 0 ? (timeMs - t[lo]!) / span : 0, timeMs };
}

/** Room for `count` points of every column the fixes carry. */
function allocate(fixes: Fixes, count: number, leanEstimated: boolean): LapChannels {
	const extra: LapChannels["extra"] = {};
	for (const name of EXTRA_CHANNEL_NAMES) {
		if (fixes.extra[name]) extra[name] = new Float32Array(count);
	}
	return {
		length: count,
		timeMs: new Float64Array(count),
		lat: new Float64Array(count),
		lon: new Float64Array(count),
		speedKmh: new Float32Array(count),
		leanDeg: new Float32Array(count),
		leanEstimated,
		distanceM: new Float64Array(count),
		extra,
	};
}

/** The lap from `start` to `end` (end after start), with interpolated first and last points. */
export function lapChannelsBetween(
	fixes: Fixes,
	derived: DerivedColumns,
	start: CutPoint,
	end: CutPoint,
): LapChannels {
	const n = fixes.length;
	const t = fixes.timeMs;
	let first = start.index + 1;
	while (first < n && t[first]! <= start.timeMs) first++;
	let last = first;
	while (last < n && t[last]! < end.timeMs) last++;
	// Fixes [first, last) lie strictly inside; the two cut points go around them.
	const out = allocate(fixes, last - first + 2, derived.leanEstimated);
	const distanceAtStart = between(derived.distanceM, start.index, start.fraction, n);
	const put = (at: number, cut: CutPoint | null, fix: number) => {
		if (cut) {
			const { index, fraction } = cut;
			out.timeMs[at] = Math.round(cut.timeMs - start.timeMs);
			out.lat[at] = between(fixes.lat, index, fraction, n);
			out.lon[at] = between(fixes.lon, index, fraction, n);
			out.speedKmh[at] = between(derived.speedKmh, index, fraction, n);
			out.leanDeg[at] = between(derived.leanDeg, index, fraction, n);
			out.distanceM[at] = between(derived.distanceM, index, fraction, n) - distanceAtStart;
			for (const name of EXTRA_CHANNEL_NAMES) {
				const column = fixes.extra[name];
				if (column) out.extra[name]![at] = EXTRA_INTERPOLATION[name](column, index, fraction, n);
			}
			return;
		}
		out.timeMs[at] = Math.round(t[fix]! - start.timeMs);
		out.lat[at] = fixes.lat[fix]!;
		out.lon[at] = fixes.lon[fix]!;
		out.speedKmh[at] = derived.speedKmh[fix]!;
		out.leanDeg[at] = derived.leanDeg[fix]!;
		out.distanceM[at] = derived.distanceM[fix]! - distanceAtStart;
		for (const name of EXTRA_CHANNEL_NAMES) {
			const column = fixes.extra[name];
			if (column) out.extra[name]![at] = column[fix]!;
		}
	};
	put(0, start, -1);
	for (let fix = first; fix < last; fix++) put(fix - first + 1, null, fix);
	put(out.length - 1, end, -1);
	return out;
}

/** The fixes [from, to) as they are, time 0 at the first (a lap timed by the logger). */
export function lapChannelsOfRange(
	fixes: Fixes,
	derived: DerivedColumns,
	from: number,
	to: number,
): LapChannels {
	const count = Math.max(0, to - from);
	const out = allocate(fixes, count, derived.leanEstimated);
	if (count === 0) return out;
	const t0 = fixes.timeMs[from]!;
	const d0 = derived.distanceM[from]!;
	for (let k = 0; k < count; k++) {
		const fix = from + k;
		out.timeMs[k] = Math.round(fixes.timeMs[fix]! - t0);
		out.distanceM[k] = derived.distanceM[fix]! - d0;
	}
	out.lat.set(fixes.lat.subarray(from, to));
	out.lon.set(fixes.lon.subarray(from, to));
	out.speedKmh.set(derived.speedKmh.subarray(from, to));
	out.leanDeg.set(derived.leanDeg.subarray(from, to));
	for (const name of EXTRA_CHANNEL_NAMES) {
		const column = fixes.extra[name];
		if (column) out.extra[name]!.set(column.subarray(from, to));
	}
	return out;
}
