/**
 * Where on the reference line each point of another lap lies: the nearest point of the line,
 * searched only in a window just behind and ahead of the last match, never over the whole
 * line. That is what keeps a hairpin's exit leg, a crossing layout's other branch or the start
 * of the lap from capturing a point that lies near them: they are far ahead along the line.
 *
 * - The window reaches `windowAheadM` plus twice the distance the lap moved since its previous
 *   point ahead (so a 1 Hz lap at 300 km/h still finds its place), and `windowBackM` behind.
 * - Only line points whose direction of travel agrees with the lap's (cosine above
 *   `minHeadingCos`) count, so a leg driven the other way is never the match.
 * - A point farther than `maxLateralM` from the line (a pit lane, a detour, a GPS dropout) is
 *   off the line: its match is NaN and the anchor stays at the last good match; the window then
 *   widens with the distance travelled off the line until a point comes back within reach.
 * - Matches may step back a little (noise); the caller makes them monotone.
 *
 * Cost: one pass over the lap, a window of a few tens of grid points per point.
 */
import type { ReferenceLine } from "./reference-line";

export interface MatchOptions {
	/** Reach of the window ahead of the last match, metres, before the step allowance. */
	windowAheadM: number;
	windowBackM: number;
	/** Farthest a point may lie from the line and still be matched, metres. */
	maxLateralM: number;
	/** Lowest cosine between the lap's direction and the line's for a line point to count. */
	minHeadingCos: number;
}

export interface PointMatches {
	/** Distance along the reference line of each point's match; NaN where off the line. */
	s: Float64Array;
	/** Distance of each point from the line, metres (from the nearest candidate, even off it). */
	lateralM: Float32Array;
}

/** Below this much movement around a point (metres), its direction of travel is unknown. */
const MIN_DIRECTION_M = 0.5;
/** Square of the baseline the direction of travel is measured over, and how far it may widen. */
const BASELINE_M2 = 4 * 4;
const MAX_BASELINE_WIDENING = 4;

export function matchPoints(
	line: ReferenceLine,
	px: Float64Array,
	py: Float64Array,
	length: number,
	options: MatchOptions,
): PointMatches {
	const s = new Float64Array(length);
	const lateralM = new Float32Array(length);
	const { x, y, tx, ty, distanceM, count, stepM } = line;
	const last = count - 1;
	const maxLateral2 = options.maxLateralM * options.maxLateralM;
	let anchor = 0;
	let offTravel = 0;
	let offLine = false;
	for (let i = 0; i < length; i++) {
		const pxi = px[i]!;
		const pyi = py[i]!;
		const step = i > 0 ? Math.hypot(pxi - px[i - 1]!, pyi - py[i - 1]!) : 0;
		// Direction over a baseline of a few metres: one GPS step is too short to trust.
		let a = i > 0 ? i - 1 : i;
		let b = i + 1 < length ? i + 1 : i;
		let dx = px[b]! - px[a]!;
		let dy = py[b]! - py[a]!;
		for (let widen = 0; widen < MAX_BASELINE_WIDENING && dx * dx + dy * dy < BASELINE_M2; widen++) {
			if (a > 0) a--;
			if (b + 1 < length) b++;
			dx = px[b]! - px[a]!;
			dy = py[b]! - py[a]!;
		}
		const moved = Math.hypot(dx, dy);
		const checkHeading = moved >= MIN_DIRECTION_M;
		if (checkHeading) {
			dx /= moved;
			dy /= moved;
		}
		if (offLine) offTravel += step;
		const reach = offLine ? 1.5 * offTravel : 2 * step;
		const lo = Math.max(0, Math.floor((anchor - options.windowBackM) / stepM));
		const hi = Math.min(last, Math.ceil((anchor + options.windowAheadM + reach) / stepM));
		let best = -1;
		let bestD2 = Number.POSITIVE_INFINITY;
		for (let k = lo; k <= hi; k++) {
			if (checkHeading && dx * tx[k]! + dy * ty[k]! < options.minHeadingCos) continue;
			const ex = x[k]! - pxi;
			const ey = y[k]! - pyi;
			const d2 = ex * ex + ey * ey;
			if (d2 < bestD2) {
				bestD2 = d2;
				best = k;
			}
		}
		if (best < 0) {
			s[i] = Number.NaN;
			lateralM[i] = Number.POSITIVE_INFINITY;
			if (!offLine) offTravel = 0;
			offLine = true;
			continue;
		}
		// The nearest grid point's two segments: the exact foot of the perpendicular.
		let matchS = distanceM[best]!;
		for (let k = Math.max(0, best - 1); k <= Math.min(last - 1, best); k++) {
			const vx = x[k + 1]! - x[k]!;
			const vy = y[k + 1]! - y[k]!;
			const len2 = vx * vx + vy * vy;
			let u = len2 > 0 ? ((pxi - x[k]!) * vx + (pyi - y[k]!) * vy) / len2 : 0;
			u = u < 0 ? 0 : u > 1 ? 1 : u;
			const ex = x[k]! + u * vx - pxi;
			const ey = y[k]! + u * vy - pyi;
			const d2 = ex * ex + ey * ey;
			if (d2 <= bestD2) {
				bestD2 = d2;
				matchS = distanceM[k]! + u * (distanceM[k + 1]! - distanceM[k]!);
			}
		}
		lateralM[i] = Math.sqrt(bestD2);
		if (bestD2 <= maxLateral2) {
			s[i] = matchS;
			if (matchS > anchor) anchor = matchS;
			offLine = false;
		} else {
			s[i] = Number.NaN;
			if (!offLine) offTravel = 0;
			offLine = true;
		}
	}
	return { s, lateralM };
}
