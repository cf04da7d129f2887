/**
 * Lean estimated from the path, for sources that measure none (a phone app, an NMEA or GPX
 * log): a rider leans so that gravity balances the turn, tan(lean) = v·ω / g, with v the
 * speed and ω the rate the heading turns. Positive to the right, like a measured lean.
 *
 * ω at each fix comes from three points of the path: the fix, one about half a second before
 * and one about half a second after (further when the path has not moved 2 m, as where a
 * 1 Hz receiver repeats its position; a repeated position counts at the time it was first
 * logged). On a circle the angle between the two chords is half
 * the arc between the outer points, so ω is exact for steady cornering and the half-second
 * chords average out the receiver's noise. The result is smoothed by a centred moving
 * average over half a second. Below 10 km/h the heading means little: lean 0.
 */
import { offsetMetres } from "../timing/geometry";

export const STANDARD_GRAVITY = 9.80665;
const CHORD_HALF_WINDOW_MS = 500;
const LEAST_CHORD_M = 2;
const LONGEST_REACH_MS = 3000;
const SMOOTHING_HALF_WINDOW_MS = 250;
const LEAST_SPEED_KMH = 10;
const DEGREES_PER_RADIAN = 180 / Math.PI;

export function estimateLean(
	timeMs: Float64Array,
	lat: Float64Array,
	lon: Float64Array,
	speedKmh: Float32Array,
	length: number,
): Float32Array {
	const raw = new Float64Array(length);
	// When each fix's position was first logged (a receiver slower than the log repeats it).
	const since = new Float64Array(length);
	for (let i = 0; i < length; i++) {
		const repeated = i > 0 && lat[i] === lat[i - 1] && lon[i] === lon[i - 1];
		since[i] = repeated ? since[i - 1]! : timeMs[i]!;
	}
	let before = 0;
	let after = 0;
	for (let i = 0; i < length; i++) {
		const t = timeMs[i]!;
		// Latest fix at least half a window before, and earliest at least half a window after.
		while (before + 1 < i && timeMs[before + 1]! <= t - CHORD_HALF_WINDOW_MS) before++;
		if (after < i) after = i;
		while (after + 1 < length && timeMs[after]! < t + CHORD_HALF_WINDOW_MS) after++;
		const v = speedKmh[i]!;
		if (!(v >= LEAST_SPEED_KMH)) continue;
		let j = Math.min(before, i);
		let k = after;
		while (j > 0 && t - timeMs[j - 1]! <= LONGEST_REACH_MS && chord(lat, lon, j, i) < LEAST_CHORD_M)
			j--;
		while (
			k + 1 < length &&
			timeMs[k + 1]! - t <= LONGEST_REACH_MS &&
			chord(lat, lon, i, k) < LEAST_CHORD_M
		)
			k++;
		const a = offsetMetres(lat[j]!, lon[j]!, lat[i]!, lon[i]!);
		const b = offsetMetres(lat[i]!, lon[i]!, lat[k]!, lon[k]!);
		const halfSpanS = (since[k]! - since[j]!) / 2000;
		if (Math.hypot(a.x, a.y) < LEAST_CHORD_M || Math.hypot(b.x, b.y) < LEAST_CHORD_M) continue;
		if (!(halfSpanS > 0)) continue;
		// Counter-clockwise (left) turn angle between the chords.
		const turn = Math.atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y);
		const omega = turn / halfSpanS;
		raw[i] = -Math.atan(((v / 3.6) * omega) / STANDARD_GRAVITY) * DEGREES_PER_RADIAN;
	}
	return movingAverage(timeMs, raw, length, SMOOTHING_HALF_WINDOW_MS);
}

function chord(lat: Float64Array, lon: Float64Array, from: number, to: number): number {
	const d = offsetMetres(lat[from]!, lon[from]!, lat[to]!, lon[to]!);
	return Math.hypot(d.x, d.y);
}

/** Centred moving average over fixes within ±`halfWindowMs` of each fix. */
export function movingAverage(
	timeMs: Float64Array,
	values: Float64Array,
	length: number,
	halfWindowMs: number,
): Float32Array {
	const out = new Float32Array(length);
	let from = 0;
	let to = 0;
	let sum = 0;
	for (let i = 0; i < length; i++) {
		const t = timeMs[i]!;
		while (to < length && timeMs[to]! <= t + halfWindowMs) sum += values[to++]!;
		while (timeMs[from]! < t - halfWindowMs) sum -= values[from++]!;
		out[i] = sum / (to - from);
	}
	return out;
}
