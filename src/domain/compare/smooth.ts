/**
 * Smoothing by local straight lines: at each point, the least-squares line through the points
 * whose axis value (time, or distance along the reference) lies within ±`halfWidth` of its own,
 * read at that point. Unlike a moving average it is exact for anything changing linearly, with
 * any spacing of the points: a crossing fix 5 ms after a regular one does not pull its
 * neighbours, and the ends of a lap are not biased. Windows are in axis units (ms or metres),
 * never in points, so a 1 Hz and a 25 Hz lap are smoothed alike. Prefix sums and two pointers
 * over the non-decreasing axis keep it O(n).
 */

const EPS = 1e-9;

function localLinear(
	values: Float64Array,
	axis: Float64Array,
	length: number,
	halfWidth: number,
	want: "value" | "slope",
	shrinkAtEnds: boolean,
): Float64Array {
	const out = new Float64Array(length);
	if (length === 0) return out;
	// Axis values are taken from the first point's, so the sums stay small.
	const origin = axis[0]!;
	const pa = new Float64Array(length + 1);
	const pv = new Float64Array(length + 1);
	const paa = new Float64Array(length + 1);
	const pav = new Float64Array(length + 1);
	for (let i = 0; i < length; i++) {
		const a = axis[i]! - origin;
		const v = values[i]!;
		pa[i + 1] = pa[i]! + a;
		pv[i + 1] = pv[i]! + v;
		paa[i + 1] = paa[i]! + a * a;
		pav[i + 1] = pav[i]! + a * v;
	}
	const first = axis[0]!;
	const last = axis[length - 1]!;
	let lo = 0;
	let hi = 0;
	for (let i = 0; i < length; i++) {
		const ai = axis[i]!;
		// Shrunk, the window stays centred: both bounds still only move forward.
		const h = shrinkAtEnds ? Math.min(halfWidth, ai - first, last - ai) : halfWidth;
		while (lo < i && axis[lo]! < ai - h - EPS) lo++;
		if (hi < i) hi = i;
		while (hi + 1 < length && axis[hi + 1]! <= ai + h + EPS) hi++;
		const m = hi + 1 - lo;
		const sa = pa[hi + 1]! - pa[lo]!;
		const sv = pv[hi + 1]! - pv[lo]!;
		const saa = paa[hi + 1]! - paa[lo]! - (sa * sa) / m;
		const sav = pav[hi + 1]! - pav[lo]! - (sa * sv) / m;
		// No spread of the axis in the window (one point, or a standstill): a flat line.
		const slope = saa > 1e-9 * m ? sav / saa : 0;
		out[i] = want === "slope" ? slope : sv / m + slope * (ai - origin - sa / m);
	}
	return out;
}

/**
 * `values` smoothed by a local line over ±`halfWidth` of `axis` (non-decreasing). With
 * `shrinkAtEnds` the window shrinks symmetrically towards both ends (to nothing at the first
 * and last axis value), for values that curve hard near them, where a one-sided line would be
 * biased; without it the ends are smoothed by a one-sided line, which follows any straight
 * trend exactly and averages out noise there too.
 */
export function smoothAlong(
	values: Float64Array,
	axis: Float64Array,
	halfWidth: number,
	options: { length?: number; shrinkAtEnds?: boolean } = {},
): Float64Array {
	const length = options.length ?? values.length;
	if (!(halfWidth > 0)) return values.slice(0, length);
	return localLinear(values, axis, length, halfWidth, "value", options.shrinkAtEnds ?? true);
}

/** Slope of `values` against `axis` (non-decreasing): the local line's, over ±`halfWidth`; 0 where the axis does not spread. */
export function slopeAlong(
	values: Float64Array,
	axis: Float64Array,
	halfWidth: number,
	length = values.length,
): Float64Array {
	return localLinear(values, axis, length, halfWidth, "slope", false);
}

/**
 * A lap's positions smoothed in time (a local line over ±`halfWidthMs`), its first and last fix
 * (the line crossings) left where they are. Light enough not to cut a corner (±0.2 s at 20 m/s
 * in a 20 m radius moves the path by centimetres); it takes the jitter out of the chords that
 * measure the path and out of the projection. A 1 Hz recording has no neighbour that close and
 * is left as it is.
 */
export function smoothFixes(
	x: Float64Array,
	y: Float64Array,
	timeMs: Float64Array,
	length: number,
	halfWidthMs: number,
): { x: Float64Array; y: Float64Array } {
	const sx = smoothAlong(x, timeMs, halfWidthMs, { length });
	const sy = smoothAlong(y, timeMs, halfWidthMs, { length });
	if (length > 0) {
		sx[0] = x[0]!;
		sy[0] = y[0]!;
		sx[length - 1] = x[length - 1]!;
		sy[length - 1] = y[length - 1]!;
	}
	return { x: sx, y: sy };
}

/**
 * The least-squares line through (axis[i], values[i]) for i in [from, to] (NaN values left
 * out), read at `at`; NaN when no value is there, the single value when one is, or when the
 * axis does not spread.
 */
export function lineFitAt(
	values: Float64Array,
	axis: Float64Array,
	from: number,
	to: number,
	at: number,
): number {
	let m = 0;
	let sa = 0;
	let sv = 0;
	let saa = 0;
	let sav = 0;
	for (let i = from; i <= to; i++) {
		const v = values[i]!;
		if (Number.isNaN(v)) continue;
		const a = axis[i]! - at;
		m++;
		sa += a;
		sv += v;
		saa += a * a;
		sav += a * v;
	}
	if (m === 0) return Number.NaN;
	const varA = saa - (sa * sa) / m;
	if (!(varA > 1e-9 * m)) return sv / m;
	const slope = (sav - (sa * sv) / m) / varA;
	return sv / m - slope * (sa / m);
}
