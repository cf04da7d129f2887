/**
 * The GPS offset between a lap and the reference: the one shift (east, north) that best lays
 * the lap onto the reference line, by least squares on the distances across the line.
 *
 * Why: a receiver's position wanders by a metre or more over minutes (more across days), so
 * two laps of one track are drawn up to a few metres apart. Across the track that is harmless,
 * but along it every metre is the time to cover a metre (70 ms at 50 km/h), and the delta
 * wobbles by a tenth of a second or more from corner to corner. The along-track part is not
 * visible on a straight, but the track turns through every direction, so a shift that is
 * along-track on one straight is across the line in the next corner: over a lap, both
 * components are measured. In a real 10 Hz kart session the estimated shift grows to 3-4 m
 * over twenty laps, and removing it halves or thirds the trace's wobble.
 *
 * Robust: a wide line in one corner or a stretch off the line must not drag the whole lap. A
 * first estimate counts residuals beyond `HUBER_M` as if they were that long (Huber weights);
 * then, residuals taken after that shift, points more than `TUKEY_M` off count not at all
 * (Tukey's biweight, a few rounds). Points off the line are left out from the start. A lap that never turns (no information along the track) gets no
 * along-track shift (a small ridge term).
 */
import type { PointMatches } from "./match";
import type { ReferenceLine } from "./reference-line";

const HUBER_M = 2;
/** Largest shift believed, metres: beyond it the laps are not the same line. */
export const MAX_OFFSET_M = 10;
/** Ridge term, relative to the mean weight: keeps an unobservable direction at no shift. */
const RIDGE = 1e-3;

export interface Offset {
	/** Metres to add to the lap's positions, east and north. */
	eastM: number;
	northM: number;
}

/** Tukey's biweight cut-off, metres: after the first estimate, residuals beyond it count not at all. */
const TUKEY_M = 3;
const TUKEY_ROUNDS = 4;

export function estimateOffset(
	line: ReferenceLine,
	x: Float64Array,
	y: Float64Array,
	matches: PointMatches,
	length: number,
): Offset {
	// The normal at each matched point and the signed distance across the line; the shift's
	// effect on a residual is then linear (r + n·d), so reweighting needs no new projection.
	const nx = new Float64Array(length);
	const ny = new Float64Array(length);
	const r = new Float64Array(length);
	let used = 0;
	const last = line.count - 1;
	for (let i = 0; i < length; i++) {
		const s = matches.s[i]!;
		if (Number.isNaN(s)) continue;
		const k = Math.min(last, Math.max(0, Math.round(s / line.stepM)));
		const ax = -line.ty[k]!;
		const ay = line.tx[k]!;
		if (ax === 0 && ay === 0) continue;
		nx[used] = ax;
		ny[used] = ay;
		r[used] = (x[i]! - line.x[k]!) * ax + (y[i]! - line.y[k]!) * ay;
		used++;
	}
	if (used === 0) return { eastM: 0, northM: 0 };
	let d = solve(nx, ny, r, used, 0, 0, huber);
	for (let round = 0; round < TUKEY_ROUNDS && d; round++) {
		d = solve(nx, ny, r, used, d.eastM, d.northM, tukey);
	}
	if (!d || !(Math.hypot(d.eastM, d.northM) <= MAX_OFFSET_M)) return { eastM: 0, northM: 0 };
	return d;
}

function huber(residual: number): number {
	const a = Math.abs(residual);
	return a <= HUBER_M ? 1 : HUBER_M / a;
}

function tukey(residual: number): number {
	const u = residual / TUKEY_M;
	return u * u >= 1 ? 0 : (1 - u * u) ** 2;
}

/** Weighted least-squares shift, residuals taken after the shift (`east`, `north`) so far. */
function solve(
	nx: Float64Array,
	ny: Float64Array,
	r: Float64Array,
	used: number,
	east: number,
	north: number,
	weight: (residual: number) => number,
): Offset | null {
	let a11 = 0;
	let a12 = 0;
	let a22 = 0;
	let b1 = 0;
	let b2 = 0;
	let weights = 0;
	for (let i = 0; i < used; i++) {
		const ax = nx[i]!;
		const ay = ny[i]!;
		const w = weight(r[i]! + ax * east + ay * north);
		if (w === 0) continue;
		a11 += w * ax * ax;
		a12 += w * ax * ay;
		a22 += w * ay * ay;
		b1 -= w * ax * r[i]!;
		b2 -= w * ay * r[i]!;
		weights += w;
	}
	if (weights === 0) return null;
	const ridge = RIDGE * weights;
	a11 += ridge;
	a22 += ridge;
	const det = a11 * a22 - a12 * a12;
	if (!(det > 0)) return null;
	return { eastM: (a22 * b1 - a12 * b2) / det, northM: (a11 * b2 - a12 * b1) / det };
}
