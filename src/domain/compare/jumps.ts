/**
 * GPS jumps: consecutive fixes farther apart than the recorded speed allows. A receiver that
 * loses and regains its solution moves its position by metres in one step, and every place
 * after (or before) it is then metres off along the track: at kart speeds, tenths of a second
 * of delta that nobody drove. Neither lap's data says which side of the jump is right, so the
 * comparison does not guess: it reports where they are, for the charts to mark.
 */

/** A step longer than this plus twice the distance the speed covers is a jump, metres. */
const JUMP_SLACK_M = 3;

/** Indices i where the step from fix i - 1 to fix i is a jump (fixes with a speed only). */
export function findJumps(
	x: Float64Array,
	y: Float64Array,
	timeMs: Float64Array,
	speedKmh: Float32Array,
	length: number,
): number[] {
	const out: number[] = [];
	for (let i = 1; i < length; i++) {
		const v = Math.max(speedKmh[i - 1]!, speedKmh[i]!) / 3.6;
		if (!Number.isFinite(v)) continue;
		const dt = (timeMs[i]! - timeMs[i - 1]!) / 1000;
		const step = Math.hypot(x[i]! - x[i - 1]!, y[i]! - y[i - 1]!);
		if (step > JUMP_SLACK_M + 2 * v * dt) out.push(i);
	}
	return out;
}
