/**
 * Where along a line the path bends enough to be a corner, from its curvature (signed, per
 * grid point): the stretches, each on one side, that become corners.
 *
 * 1. A bend starts where the curvature reaches `enterCurvature` and extends on the same side
 *    while it stays above `exitCurvature` (hysteresis: a wavering sweeper stays one bend).
 *    Wiggles that turn less than 5° in all are noise and are dropped.
 * 2. Bends on the same side less than `mergeGapM` apart are read as one stretch.
 * 3. A stretch is cut at a valley of its curvature (below `valleyFraction` of the lower of the
 *    peaks on either side): on a kart track the curvature rarely drops to nothing between two
 *    bends the same way, yet they are two corners. Peaks closer than `mergeApexM` stay one
 *    corner (a double apex), and so does a stretch whose pieces would not each turn by
 *    `minTurnDeg` (a sweeper that eases in the middle is one corner, not two kinks).
 */

export interface RegionOptions {
	enterCurvature: number;
	exitCurvature: number;
	mergeGapM: number;
	valleyFraction: number;
	mergeApexM: number;
	/** Least turn of a corner, degrees: a stretch is cut only into pieces that turn as much. */
	minTurnDeg: number;
}

export interface Region {
	/** Grid indices, both included. */
	from: number;
	to: number;
	/** +1 left, -1 right. */
	sign: number;
}

const MIN_BEND_RAD = (5 * Math.PI) / 180;

export function turnOf(curvature: Float64Array, r: Region, stepM: number): number {
	let turn = 0;
	for (let k = r.from; k <= r.to; k++) turn += curvature[k]! * stepM;
	return turn;
}

function bendsOf(curvature: Float64Array, o: RegionOptions): Region[] {
	const n = curvature.length;
	const bends: Region[] = [];
	let k = 0;
	while (k < n) {
		const c = curvature[k]!;
		if (Math.abs(c) < o.enterCurvature) {
			k++;
			continue;
		}
		const sign = Math.sign(c);
		const holds = (i: number) =>
			Math.sign(curvature[i]!) === sign && Math.abs(curvature[i]!) >= o.exitCurvature;
		const floor = bends.length > 0 ? bends[bends.length - 1]!.to + 1 : 0;
		let from = k;
		while (from > floor && holds(from - 1)) from--;
		let to = k;
		while (to + 1 < n && holds(to + 1)) to++;
		bends.push({ from, to, sign });
		k = to + 1;
	}
	return bends;
}

function mergeClose(bends: Region[], stepM: number, gapM: number): Region[] {
	const merged: Region[] = [];
	for (const b of bends) {
		const last = merged[merged.length - 1];
		if (last && last.sign === b.sign && (b.from - last.to) * stepM < gapM) last.to = b.to;
		else merged.push({ ...b });
	}
	return merged;
}

/** Cuts a stretch at its deepest valley between two distinct peaks, again and again. */
function splitAtValleys(
	curvature: Float64Array,
	r: Region,
	stepM: number,
	o: RegionOptions,
	out: Region[],
): void {
	const len = r.to - r.from + 1;
	const size = (k: number) => Math.max(0, r.sign * curvature[k]!);
	// Highest value (and where) from the start up to each point, and from each point to the end.
	const leftMax = new Float64Array(len);
	const leftAt = new Int32Array(len);
	const rightMax = new Float64Array(len);
	const rightAt = new Int32Array(len);
	for (let j = 0; j < len; j++) {
		const v = size(r.from + j);
		const better = j === 0 || v > leftMax[j - 1]!;
		leftMax[j] = better ? v : leftMax[j - 1]!;
		leftAt[j] = better ? j : leftAt[j - 1]!;
	}
	for (let j = len - 1; j >= 0; j--) {
		const v = size(r.from + j);
		const better = j === len - 1 || v > rightMax[j + 1]!;
		rightMax[j] = better ? v : rightMax[j + 1]!;
		rightAt[j] = better ? j : rightAt[j + 1]!;
	}
	// Turn from the start of the stretch up to each point, to weigh the pieces of a cut.
	const turned = new Float64Array(len + 1);
	for (let j = 0; j < len; j++) turned[j + 1] = turned[j]! + size(r.from + j) * stepM;
	const minTurn = (o.minTurnDeg * Math.PI) / 180;
	let cut = -1;
	let deepest = o.valleyFraction;
	for (let j = 1; j < len - 1; j++) {
		const v = size(r.from + j);
		if (v > size(r.from + j - 1) || v > size(r.from + j + 1)) continue;
		const lower = Math.min(leftMax[j]!, rightMax[j]!);
		if (!(lower > 0)) continue;
		const ratio = v / lower;
		if (ratio >= deepest) continue;
		if ((rightAt[j]! - leftAt[j]!) * stepM < o.mergeApexM) continue;
		if (turned[j + 1]! < minTurn || turned[len]! - turned[j + 1]! < minTurn) continue;
		deepest = ratio;
		cut = j;
	}
	if (cut < 0) {
		out.push(r);
		return;
	}
	splitAtValleys(curvature, { from: r.from, to: r.from + cut, sign: r.sign }, stepM, o, out);
	splitAtValleys(curvature, { from: r.from + cut + 1, to: r.to, sign: r.sign }, stepM, o, out);
}

/** The stretches of the line that may be corners, in driving order. */
export function cornerRegions(curvature: Float64Array, stepM: number, o: RegionOptions): Region[] {
	const bends = bendsOf(curvature, o).filter(
		(r) => Math.abs(turnOf(curvature, r, stepM)) >= MIN_BEND_RAD,
	);
	const out: Region[] = [];
	for (const r of mergeClose(bends, stepM, o.mergeGapM))
		splitAtValleys(curvature, r, stepM, o, out);
	return out;
}
