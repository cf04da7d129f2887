/**
 * How fast the path turns, per metre, along a reference line: the heading (unwrapped) of the
 * line's already smoothed positions, differenced over ±h (that difference is exactly the mean
 * curvature over the span, a box filter), then averaged once more over ±h (a second box: a
 * triangle overall). Positive turns left (counter-clockwise), as the simulator's tracks count
 * it; radians per metre.
 *
 * The half-width h grows with the speed: at least `minHalfWidthM`, else the distance covered
 * in `halfWidthS` at the reference's speed there. A bend taken at 180 km/h is tens of metres
 * long and GPS noise between 10 Hz fixes 5 m apart needs the longer baseline; a kart's hairpin
 * at 40 km/h keeps the short one and stays apart from the next bend.
 */
import { valueAt } from "./channels";
import type { ReferenceLine } from "./reference-line";

export function headingAlong(line: ReferenceLine): Float64Array {
	const n = line.count;
	const heading = new Float64Array(n);
	let previous = 0;
	for (let k = 0; k < n; k++) {
		let h = Math.atan2(line.ty[k]!, line.tx[k]!);
		if (k > 0) {
			// Unwrap: each step turns by less than half a turn.
			while (h - previous > Math.PI) h -= 2 * Math.PI;
			while (h - previous < -Math.PI) h += 2 * Math.PI;
		}
		heading[k] = h;
		previous = h;
	}
	return heading;
}

/** Half-width in grid steps at each grid point. */
function halfWidths(line: ReferenceLine, minHalfWidthM: number, halfWidthS: number): Int32Array {
	const out = new Int32Array(line.count);
	for (let k = 0; k < line.count; k++) {
		const speedMs = valueAt(line.sourceSpeedKmh, line.sourceIndex[k]!) / 3.6;
		const metres = Math.max(minHalfWidthM, Number.isFinite(speedMs) ? speedMs * halfWidthS : 0);
		out[k] = Math.max(1, Math.round(metres / line.stepM));
	}
	return out;
}

export function curvatureAlong(
	line: ReferenceLine,
	minHalfWidthM: number,
	halfWidthS: number,
): Float64Array {
	const n = line.count;
	const heading = headingAlong(line);
	const h = halfWidths(line, minHalfWidthM, halfWidthS);
	const raw = new Float64Array(n);
	for (let k = 0; k < n; k++) {
		const a = Math.max(0, k - h[k]!);
		const b = Math.min(n - 1, k + h[k]!);
		const span = line.distanceM[b]! - line.distanceM[a]!;
		raw[k] = span > 0 ? (heading[b]! - heading[a]!) / span : 0;
	}
	const prefix = new Float64Array(n + 1);
	for (let k = 0; k < n; k++) prefix[k + 1] = prefix[k]! + raw[k]!;
	const out = new Float64Array(n);
	for (let k = 0; k < n; k++) {
		const a = Math.max(0, k - h[k]!);
		const b = Math.min(n - 1, k + h[k]!);
		out[k] = (prefix[b + 1]! - prefix[a]!) / (b + 1 - a);
	}
	return out;
}
