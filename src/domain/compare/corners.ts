/**
 * A track's corners, found from the shape of one lap and numbered in driving order, so that
 * "corner 3" is the same place in every lap of that track.
 *
 * Found from the path's curvature (`curvatureAlong`, smoothed heading change per metre):
 * 1. bends where the curvature passes `enterCurvature` (1/300 m: a radius under 300 m, which a
 *    motorbike at 190 km/h already brakes for), held down to `exitCurvature`; bends on one
 *    side `mergeGapM` apart read as one stretch, cut again at deep valleys of the curvature
 *    unless its peaks are within `mergeApexM` (a double apex) (`cornerRegions`);
 * 2. the curvature is measured over a span that grows with the speed (`curvatureAlong`), so a
 *    fast sweeper read through GPS noise stays one bend and a kart's hairpins stay apart;
 * 3. a corner must turn the bike by `minTurnDeg` in all (a kink is not a corner);
 * 4. its entry and exit are where the curvature is `edgeFraction` of its peak (the turn itself,
 *    not the long easing of a sweeper), its apex their middle weighted by the squared curvature
 *    (the tight part of a bend that opens out, not the long gentle rest of it).
 *
 * The same numbering on every lap: corners are detected once, on a reference lap, and kept as
 * places (latitude, longitude); `relocateCorners` finds those places on another lap's line,
 * in order, so corner 3 of any lap or session of the track is the same bend.
 */
import type { LapChannels } from "../channels/types";
import type { LatLon } from "../recording/types";
import { cornerRegions, turnOf } from "./corner-regions";
import { curvatureAlong } from "./curvature";
import { toLat, toLon } from "./geo";
import { prepareReference, type ReferenceLine } from "./reference-line";

export interface CornerOptions {
	/** Least half-width of the curvature's two box filters, metres (default 6). */
	minHalfWidthM?: number;
	/** Half-width in time at the reference's speed, when longer, seconds (default 0.3). */
	halfWidthS?: number;
	/** Curvature (1/m) where a corner begins (default 1/300). */
	enterCurvature?: number;
	/** Curvature (1/m) below which it ends (default 1/600). */
	exitCurvature?: number;
	/** Least total turn of a corner, degrees (default 25). */
	minTurnDeg?: number;
	/** Bends on the same side closer than this are read as one stretch, metres (default 10). */
	mergeGapM?: number;
	/** A stretch is cut where its curvature falls below this fraction of its peaks (default 0.35). */
	valleyFraction?: number;
	/** Peaks closer than this stay one corner, a double apex, metres (default 20). */
	mergeApexM?: number;
	/** Entry and exit: where the curvature is this fraction of the corner's peak (default 0.3). */
	edgeFraction?: number;
}

export const CORNER_DEFAULTS: Required<CornerOptions> = {
	minHalfWidthM: 6,
	halfWidthS: 0.3,
	enterCurvature: 1 / 300,
	exitCurvature: 1 / 600,
	minTurnDeg: 25,
	mergeGapM: 10,
	valleyFraction: 0.35,
	mergeApexM: 20,
	edgeFraction: 0.3,
};

export interface Corner {
	/** 1-based, in driving order from the start/finish line. */
	number: number;
	direction: "left" | "right";
	/** How far the path turns through the corner, degrees (positive). */
	turnDeg: number;
	/** Tightest radius, metres (of the smoothed curvature: a little above the true one). */
	minRadiusM: number;
	/** Along the line the corner was found or located on, metres. */
	entryM: number;
	apexM: number;
	exitM: number;
	entry: LatLon;
	apex: LatLon;
	exit: LatLon;
}

function placeAt(line: ReferenceLine, k: number): LatLon {
	return { lat: toLat(line.frame, line.y[k]!), lon: toLon(line.frame, line.x[k]!) };
}

/** The corners of a lap (or of its prepared line), numbered in driving order. */
export function detectCorners(
	reference: LapChannels | ReferenceLine,
	options: CornerOptions = {},
): Corner[] {
	const o = { ...CORNER_DEFAULTS, ...options };
	const line = "sourceIndex" in reference ? reference : prepareReference(reference);
	if (!line) return [];
	const curvature = curvatureAlong(line, o.minHalfWidthM, o.halfWidthS);
	// Next to the line's two ends the heading is read one-sided, from a crossing fix that was
	// never smoothed: no corner is taken there (lines lie on straights).
	const margin = Math.min(
		Math.ceil((2 * o.minHalfWidthM) / line.stepM),
		Math.floor(line.count / 2),
	);
	curvature.fill(0, 0, margin);
	curvature.fill(0, line.count - margin);
	const corners: Corner[] = [];
	for (const r of cornerRegions(curvature, line.stepM, o)) {
		const turn = turnOf(curvature, r, line.stepM);
		let peak = 0;
		for (let k = r.from; k <= r.to; k++) peak = Math.max(peak, Math.abs(curvature[k]!));
		if ((Math.abs(turn) * 180) / Math.PI < o.minTurnDeg) continue;
		const edge = o.edgeFraction * peak;
		let entry = r.from;
		while (entry < r.to && Math.abs(curvature[entry]!) < edge) entry++;
		let exit = r.to;
		while (exit > entry && Math.abs(curvature[exit]!) < edge) exit--;
		let weight = 0;
		let moment = 0;
		for (let k = entry; k <= exit; k++) {
			const c = Math.max(0, r.sign * curvature[k]!);
			const w = c * c;
			weight += w;
			moment += w * line.distanceM[k]!;
		}
		const apexM = weight > 0 ? moment / weight : line.distanceM[entry]!;
		const apex = Math.min(line.count - 1, Math.round(apexM / line.stepM));
		corners.push({
			number: corners.length + 1,
			direction: r.sign > 0 ? "left" : "right",
			turnDeg: (Math.abs(turn) * 180) / Math.PI,
			minRadiusM: 1 / peak,
			entryM: line.distanceM[entry]!,
			apexM,
			exitM: line.distanceM[exit]!,
			entry: placeAt(line, entry),
			apex: placeAt(line, apex),
			exit: placeAt(line, exit),
		});
	}
	return corners;
}

/** Farthest a corner's place may lie from another lap's line and still be found there, metres. */
const RELOCATE_REACH_M = 25;

/**
 * The same corners on another lap's line: each corner's entry, apex and exit projected onto
 * it in driving order, each searched just ahead of the previous one (no further than the
 * corners lay apart on their own line, with room), so a corner is never found on another
 * leg of the track. A corner whose places are not found keeps its number and is left out.
 */
export function relocateCorners(corners: readonly Corner[], line: ReferenceLine): Corner[] {
	const out: Corner[] = [];
	const frame = line.frame;
	let anchor = 0;
	let anchorOwn = 0;
	const reach2 = RELOCATE_REACH_M * RELOCATE_REACH_M;
	const find = (place: LatLon, ownM: number): number => {
		const x = (place.lon - frame.originLon) * frame.mPerDegLon;
		const y = (place.lat - frame.originLat) * frame.mPerDegLat;
		const ahead = 1.25 * Math.max(0, ownM - anchorOwn) + 30;
		const lo = Math.max(0, Math.floor((anchor - 10) / line.stepM));
		const hi = Math.min(line.count - 1, Math.ceil((anchor + ahead) / line.stepM));
		let best = -1;
		let bestD2 = reach2;
		for (let k = lo; k <= hi; k++) {
			const d2 = (line.x[k]! - x) ** 2 + (line.y[k]! - y) ** 2;
			if (d2 < bestD2) {
				bestD2 = d2;
				best = k;
			}
		}
		return best < 0 ? Number.NaN : line.distanceM[best]!;
	};
	for (const c of corners) {
		const entryM = find(c.entry, c.entryM);
		if (Number.isNaN(entryM)) continue;
		anchor = entryM;
		anchorOwn = c.entryM;
		const apexM = find(c.apex, c.apexM);
		if (Number.isNaN(apexM)) continue;
		anchor = apexM;
		anchorOwn = c.apexM;
		const exitM = find(c.exit, c.exitM);
		if (Number.isNaN(exitM)) continue;
		anchor = exitM;
		anchorOwn = c.exitM;
		out.push({ ...c, entryM, apexM, exitM });
	}
	return out;
}
