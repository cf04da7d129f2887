import { formatNumber } from "./bytes";
import type { FixesBuilder } from "./fixes-builder";
import { distanceM } from "./geo";
import type { ImportReport } from "./report";

/** Faster than anything on a track (150 m/s = 540 km/h): a glitch, as DovesDataViewer rules. */
export const MAX_SPEED_KMH = 540;
const MAX_SPEED_MPS = MAX_SPEED_KMH / 3.6;
/** A jump shorter than this is GPS noise at any rate, never a glitch to drop. */
const MIN_JUMP_M = 100;

/**
 * Drops the fixes a receiver cannot have measured, reporting each:
 * - a speed above 540 km/h;
 * - a position spike: a fix that leaves the previous one faster than 540 km/h when the fix
 *   after it is back near the previous one. When the fixes after it stay there (the receiver
 *   re-acquired elsewhere, or a gap in the log) it is a relocation, kept and noted. A lone
 *   first fix that the rest of the recording never comes back to is dropped as a spike too.
 */
export function dropImplausibleFixes(fixes: FixesBuilder, report: ImportReport): void {
	const n = fixes.length;
	if (n === 0) return;
	const { timeMs, lat, lon, speedKmh, line } = fixes;
	const keep = new Uint8Array(n);
	let dropped = 0;

	// A flat approximation first (metres per degree of longitude taken within a degree of
	// latitude of the pair): far below either threshold for nearly every pair; the exact
	// distance only for a pair near one.
	const metresPerDegLat = 111_195;
	let latRef = lat[0]!;
	let metresPerDegLon = 111_195 * Math.cos((latRef * Math.PI) / 180);
	const isJump = (a: number, b: number) => {
		if (Math.abs(lat[a]! - latRef) > 1) {
			latRef = lat[a]!;
			metresPerDegLon = 111_195 * Math.cos((latRef * Math.PI) / 180);
		}
		const dy = (lat[b]! - lat[a]!) * metresPerDegLat;
		const dx = (lon[b]! - lon[a]!) * metresPerDegLon;
		const dt = (timeMs[b]! - timeMs[a]!) / 1000;
		const limit = Math.max(MIN_JUMP_M, MAX_SPEED_MPS * dt);
		if (dx * dx + dy * dy < limit * limit * 0.8 && Math.abs(lat[b]!) < 80) return 0;
		const d = distanceM(lat[a]!, lon[a]!, lat[b]!, lon[b]!);
		return d > MIN_JUMP_M && d > MAX_SPEED_MPS * dt ? d : 0;
	};
	const tooFast = (i: number) => speedKmh[i]! > MAX_SPEED_KMH;

	let lastKept = -1;
	let keptCount = 0;
	for (let i = 0; i < n; i++) {
		if (tooFast(i)) {
			report.reject(
				line[i]!,
				`velocidade ${formatNumber(speedKmh[i]!, 1)} km/h acima de ${MAX_SPEED_KMH} km/h (150 m/s): ponto descartado`,
			);
			dropped++;
			continue;
		}
		if (lastKept >= 0) {
			const jump = isJump(lastKept, i);
			if (jump > 0) {
				let next = i + 1;
				while (next < n && tooFast(next)) next++;
				const seconds = formatNumber((timeMs[i]! - timeMs[lastKept]!) / 1000, 3);
				const back = next >= n || isJump(lastKept, next) === 0;
				if (back) {
					report.reject(
						line[i]!,
						`salto de posição de ${formatNumber(jump, 0)} m em ${seconds} s (mais de 150 m/s): ponto descartado`,
					);
					dropped++;
					continue;
				}
				if (keptCount === 1) {
					// The first fix stands alone: the recording goes on from here, not from there.
					keep[lastKept] = 0;
					keptCount = 0;
					report.reject(
						line[lastKept]!,
						`primeiro ponto a ${formatNumber(jump, 0)} m dos seguintes (mais de 150 m/s): ponto descartado`,
					);
					dropped++;
				} else {
					report.notice(
						line[i]!,
						`salto de posição de ${formatNumber(jump, 0)} m em ${seconds} s mantido: os pontos seguintes continuam a partir daqui`,
					);
				}
			}
		}
		keep[i] = 1;
		keptCount++;
		lastKept = i;
	}
	if (dropped > 0) fixes.keepRows(keep);
}
