/**
 * Whether a lap and a reference were driven the same way round the same place, before any
 * delta is computed: a reference driven the other way would give a trace of garbage (the
 * forward window cannot follow it), and one from another track, none at all.
 *
 * Probes spread along the lap look for the nearest point of the whole reference line (no
 * window: the check must not assume what it checks) and compare directions of travel there.
 */
import type { ReferenceLine } from "./reference-line";

export type DirectionCheck = "same" | "reversed" | "unrelated";

const PROBES = 64;
/** Grid points skipped between the ones a probe looks at, in metres of line. */
const PROBE_STRIDE_M = 3;
const MIN_DIRECTION_M = 0.5;
/** A probe agrees (or disagrees) when the directions are within 60° (or opposite within 60°). */
const CLEAR_COS = 0.5;
/**
 * Line points this close to the nearest (metres) are as near: where the line passes the same
 * place twice (an out-and-back, a crossing), the one at the probe's share of the way round wins.
 */
const TIE_M = 0.5;

export function checkDirection(
	line: ReferenceLine,
	px: Float64Array,
	py: Float64Array,
	length: number,
	maxLateralM: number,
): DirectionCheck {
	const stride = Math.max(1, Math.round(PROBE_STRIDE_M / line.stepM));
	// A strided line misses the nearest point by up to half a stride.
	const reach = maxLateralM + (stride * line.stepM) / 2;
	const reach2 = reach * reach;
	const probes = Math.min(PROBES, length);
	let moving = 0;
	let near = 0;
	let agree = 0;
	let oppose = 0;
	const along = new Float64Array(length);
	for (let i = 1; i < length; i++) {
		along[i] = along[i - 1]! + Math.hypot(px[i]! - px[i - 1]!, py[i]! - py[i - 1]!);
	}
	const total = length > 0 ? along[length - 1]! : 0;
	for (let p = 0; p < probes; p++) {
		const i = probes > 1 ? Math.round((p * (length - 1)) / (probes - 1)) : 0;
		const a = Math.max(0, i - 1);
		const b = Math.min(length - 1, i + 1);
		const dx = px[b]! - px[a]!;
		const dy = py[b]! - py[a]!;
		const moved = Math.hypot(dx, dy);
		if (moved < MIN_DIRECTION_M) continue;
		moving++;
		const expected = total > 0 ? (along[i]! / total) * (line.count - 1) : 0;
		let best = -1;
		let bestD = reach;
		let bestGap = Number.POSITIVE_INFINITY;
		for (let k = 0; k < line.count; k += stride) {
			const ex = line.x[k]! - px[i]!;
			const ey = line.y[k]! - py[i]!;
			const d2 = ex * ex + ey * ey;
			if (d2 > reach2) continue;
			const d = Math.sqrt(d2);
			const gap = Math.abs(k - expected);
			// The first point in reach always passes (bestD starts at the reach, bestGap at infinity).
			if (d < bestD - TIE_M || (d <= bestD + TIE_M && gap < bestGap)) {
				bestD = d;
				bestGap = gap;
				best = k;
			}
		}
		if (best < 0) continue;
		near++;
		const cos = (dx * line.tx[best]! + dy * line.ty[best]!) / moved;
		if (cos > CLEAR_COS) agree++;
		else if (cos < -CLEAR_COS) oppose++;
	}
	if (moving === 0 || near * 2 < moving) return "unrelated";
	return oppose > agree ? "reversed" : "same";
}
