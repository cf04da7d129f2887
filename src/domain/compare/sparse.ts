/**
 * A sparse recording (a phone's 1 Hz GPS, a dropout in a 25 Hz one) filled in between its
 * fixes, so the reference line follows the path and the clock of the lap, not straight chords
 * at constant speed:
 * - positions on a centripetal Catmull–Rom spline through the fixes (it does not overshoot or
 *   loop, even where fixes bunch up): a 1 Hz chord across a kart hairpin cuts metres inside it;
 * - time as a cubic in distance whose slopes at both fixes are 1/speed there (Hermite, kept
 *   monotone by the Fritsch–Carlson limit): a lap accelerating out of a corner covers the first
 *   half of a chord more slowly than the second, and linear time would be tens of ms off.
 */

/** Below this speed (m/s) a fix's speed says nothing about the time between fixes. */
const MIN_HERMITE_SPEED_MS = 1;

/**
 * Time at fraction `u` of the path between fixes at times t0 and t1, `lengthM` apart along it,
 * with speeds `speed0Ms` and `speed1Ms` there; linear when either speed is unknown or too low.
 */
export function timeBetweenFixes(
	t0: number,
	t1: number,
	lengthM: number,
	speed0Ms: number,
	speed1Ms: number,
	u: number,
): number {
	const duration = t1 - t0;
	if (
		!(duration > 0) ||
		!(lengthM > 0) ||
		!(speed0Ms >= MIN_HERMITE_SPEED_MS) ||
		!(speed1Ms >= MIN_HERMITE_SPEED_MS)
	) {
		return t0 + u * duration;
	}
	// Slopes relative to the mean slope (duration / lengthM), both in ms per metre.
	const secant = duration / lengthM;
	let a = 1000 / speed0Ms / secant;
	let b = 1000 / speed1Ms / secant;
	// A duration too short to divide (microseconds over metres): straight line.
	if (!Number.isFinite(a) || !Number.isFinite(b)) return t0 + u * duration;
	const norm = a * a + b * b;
	if (norm > 9) {
		const tau = 3 / Math.sqrt(norm);
		a *= tau;
		b *= tau;
	}
	const u2 = u * u;
	const u3 = u2 * u;
	return t0 + duration * (3 * u2 - 2 * u3 + a * (u3 - 2 * u2 + u) + b * (u3 - u2));
}

export interface DenseFixes {
	length: number;
	x: Float64Array;
	y: Float64Array;
	/** ms, non-decreasing. */
	timeMs: Float64Array;
	/** Fractional index among the original fixes. */
	sourceIndex: Float64Array;
	/** Index in the dense arrays of each original fix. */
	denseIndexOf: Int32Array;
}

/** Point at knot `u` (in [k1, k2]) of the centripetal Catmull–Rom segment P1→P2. */
function catmullRom(
	p0: number,
	p1: number,
	p2: number,
	p3: number,
	k1: number,
	k2: number,
	k3: number,
	u: number,
): number {
	const a1 = ((k1 - u) * p0 + u * p1) / k1;
	const a2 = ((k2 - u) * p1 + (u - k1) * p2) / (k2 - k1);
	const a3 = ((k3 - u) * p2 + (u - k2) * p3) / (k3 - k2);
	const b1 = ((k2 - u) * a1 + u * a2) / k2;
	const b2 = ((k3 - u) * a2 + (u - k1) * a3) / (k3 - k1);
	return ((k2 - u) * b1 + (u - k1) * b2) / (k2 - k1);
}

/**
 * The fixes with points inserted about every `stepM` metres wherever two consecutive fixes are
 * more than `maxGapM` apart; closer fixes are kept as they are.
 */
export function densifyFixes(
	x: Float64Array,
	y: Float64Array,
	timeMs: Float64Array,
	speedKmh: Float32Array,
	length: number,
	maxGapM: number,
	stepM: number,
): DenseFixes {
	const inserts = new Int32Array(Math.max(0, length - 1));
	let total = length;
	for (let i = 0; i + 1 < length; i++) {
		const chord = Math.hypot(x[i + 1]! - x[i]!, y[i + 1]! - y[i]!);
		if (chord > maxGapM) {
			inserts[i] = Math.ceil(chord / stepM) - 1;
			total += inserts[i]!;
		}
	}
	const out: DenseFixes = {
		length: total,
		x: new Float64Array(total),
		y: new Float64Array(total),
		timeMs: new Float64Array(total),
		sourceIndex: new Float64Array(total),
		denseIndexOf: new Int32Array(length),
	};
	let w = 0;
	for (let i = 0; i < length; i++) {
		out.denseIndexOf[i] = w;
		out.x[w] = x[i]!;
		out.y[w] = y[i]!;
		out.timeMs[w] = timeMs[i]!;
		out.sourceIndex[w] = i;
		w++;
		const m = i + 1 < length ? inserts[i]! : 0;
		if (m > 0) w = fillSegment(out, w, x, y, timeMs, speedKmh, length, i, m + 1);
	}
	return out;
}

/** Writes the `parts - 1` points inside segment i→i+1 from `w` on; returns the next free slot. */
function fillSegment(
	out: DenseFixes,
	w: number,
	x: Float64Array,
	y: Float64Array,
	timeMs: Float64Array,
	speedKmh: Float32Array,
	length: number,
	i: number,
	parts: number,
): number {
	const x1 = x[i]!;
	const y1 = y[i]!;
	const x2 = x[i + 1]!;
	const y2 = y[i + 1]!;
	const d12 = Math.hypot(x2 - x1, y2 - y1);
	// Missing or coincident neighbours are replaced by the segment's mirror image.
	let x0 = i > 0 ? x[i - 1]! : 2 * x1 - x2;
	let y0 = i > 0 ? y[i - 1]! : 2 * y1 - y2;
	if (Math.hypot(x1 - x0, y1 - y0) < 1e-3 * d12) {
		x0 = 2 * x1 - x2;
		y0 = 2 * y1 - y2;
	}
	let x3 = i + 2 < length ? x[i + 2]! : 2 * x2 - x1;
	let y3 = i + 2 < length ? y[i + 2]! : 2 * y2 - y1;
	if (Math.hypot(x3 - x2, y3 - y2) < 1e-3 * d12) {
		x3 = 2 * x2 - x1;
		y3 = 2 * y2 - y1;
	}
	const k1 = Math.sqrt(Math.hypot(x1 - x0, y1 - y0));
	const k2 = k1 + Math.sqrt(d12);
	const k3 = k2 + Math.sqrt(Math.hypot(x3 - x2, y3 - y2));
	// Points first, then their arc length, then times by fraction of that length.
	const px = new Float64Array(parts + 1);
	const py = new Float64Array(parts + 1);
	const arc = new Float64Array(parts + 1);
	px[0] = x1;
	py[0] = y1;
	px[parts] = x2;
	py[parts] = y2;
	for (let j = 1; j < parts; j++) {
		const u = k1 + ((k2 - k1) * j) / parts;
		px[j] = catmullRom(x0, x1, x2, x3, k1, k2, k3, u);
		py[j] = catmullRom(y0, y1, y2, y3, k1, k2, k3, u);
	}
	for (let j = 1; j <= parts; j++) {
		arc[j] = arc[j - 1]! + Math.hypot(px[j]! - px[j - 1]!, py[j]! - py[j - 1]!);
	}
	const total = arc[parts]!;
	const t1 = timeMs[i]!;
	const t2 = timeMs[i + 1]!;
	const v1 = speedKmh[i]! / 3.6;
	const v2 = speedKmh[i + 1]! / 3.6;
	for (let j = 1; j < parts; j++) {
		out.x[w] = px[j]!;
		out.y[w] = py[j]!;
		out.timeMs[w] = timeBetweenFixes(t1, t2, total, v1, v2, total > 0 ? arc[j]! / total : 0);
		out.sourceIndex[w] = i + j / parts;
		w++;
	}
	return w;
}
