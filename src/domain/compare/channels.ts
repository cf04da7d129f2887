/**
 * Small readings of a lap's channels that every part of the comparison shares: speed with its
 * gaps filled from the positions, and values between two points.
 */

/**
 * Speed in km/h at every point: the lap's own speed where it has one, else the speed the
 * positions give (chord length over time between the neighbouring points). A source without
 * a speed channel (NaN everywhere) gets a speed for every point.
 */
export function speedKmhFilled(
	speedKmh: Float32Array,
	timeMs: Float64Array,
	x: Float64Array,
	y: Float64Array,
	length: number,
): Float32Array {
	const out = new Float32Array(length);
	for (let i = 0; i < length; i++) {
		const own = speedKmh[i]!;
		if (Number.isFinite(own)) {
			out[i] = own;
			continue;
		}
		const a = i > 0 ? i - 1 : i;
		const b = i + 1 < length ? i + 1 : i;
		const dt = timeMs[b]! - timeMs[a]!;
		out[i] = dt > 0 ? (Math.hypot(x[b]! - x[a]!, y[b]! - y[a]!) / dt) * 3600 : 0;
	}
	return out;
}

/** Value of `values` at a fractional index (linear between the two points around it). */
export function valueAt(values: ArrayLike<number>, index: number): number {
	const last = values.length - 1;
	if (last < 0) return Number.NaN;
	if (index <= 0) return values[0]!;
	if (index >= last) return values[last]!;
	const i = Math.floor(index);
	const f = index - i;
	const a = values[i]!;
	return f === 0 ? a : a + f * (values[i + 1]! - a);
}
