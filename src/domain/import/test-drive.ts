/**
 * A synthetic drive for tests and fixtures, so they know the answers without reading an
 * importer's output: an oval near Interlagos (a 300 m straight each side, 60 m bends), driven
 * anticlockwise at a steady 20 m/s from 100 m before the start/finish line (the middle of the
 * south straight). The line is crossed first 5 s after the start, then every `LAP_SECONDS`.
 */

export const CENTER = { lat: -23.7, lon: -46.7 };
export const STRAIGHT_M = 300;
export const RADIUS_M = 60;
export const LAP_M = 2 * STRAIGHT_M + 2 * Math.PI * RADIUS_M;
export const SPEED_MPS = 20;
export const LAP_SECONDS = LAP_M / SPEED_MPS;
/** Metres driven before the line at t = 0. */
export const LEAD_M = 100;
/** 2025-03-01 14:00:00 UTC: the drive's start. */
export const START_MS = Date.UTC(2025, 2, 1, 14, 0, 0);

const M_PER_DEG_LAT = 111_195;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((CENTER.lat * Math.PI) / 180);

export interface Sample {
	tMs: number;
	lat: number;
	lon: number;
	speedKmh: number;
	headingDeg: number;
	/** Steady lean in the bends (to the left: anticlockwise), 0 on the straights. */
	leanDeg: number;
	latAccG: number;
	distanceM: number;
	lap: number;
}

/** Position on the oval at arc length `s` from the line (east, north metres; heading deg). */
function ovalAt(s: number): { x: number; y: number; heading: number; bend: boolean } {
	const half = STRAIGHT_M / 2;
	let u = ((s % LAP_M) + LAP_M) % LAP_M;
	// South straight, eastwards, from the line (x = 0) to its end.
	if (u < half) return { x: u, y: -RADIUS_M, heading: 90, bend: false };
	u -= half;
	const bend = Math.PI * RADIUS_M;
	if (u < bend) {
		const a = -Math.PI / 2 + u / RADIUS_M;
		return {
			x: half + RADIUS_M * Math.cos(a),
			y: RADIUS_M * Math.sin(a),
			heading: 90 - (u / bend) * 180,
			bend: true,
		};
	}
	u -= bend;
	if (u < STRAIGHT_M) return { x: half - u, y: RADIUS_M, heading: 270, bend: false };
	u -= STRAIGHT_M;
	if (u < bend) {
		const a = Math.PI / 2 + u / RADIUS_M;
		return {
			x: -half + RADIUS_M * Math.cos(a),
			y: RADIUS_M * Math.sin(a),
			heading: 270 - (u / bend) * 180,
			bend: true,
		};
	}
	u -= bend;
	return { x: -half + u, y: -RADIUS_M, heading: 90, bend: false };
}

export function sampleAt(tMs: number): Sample {
	const driven = (SPEED_MPS * tMs) / 1000;
	const s = driven - LEAD_M;
	const p = ovalAt(s);
	const g = (SPEED_MPS * SPEED_MPS) / RADIUS_M / 9.80665;
	return {
		tMs: START_MS + tMs,
		lat: CENTER.lat + p.y / M_PER_DEG_LAT,
		lon: CENTER.lon + p.x / M_PER_DEG_LON,
		speedKmh: SPEED_MPS * 3.6,
		headingDeg: ((p.heading % 360) + 360) % 360,
		leanDeg: p.bend ? -(Math.atan(g) * 180) / Math.PI : 0,
		latAccG: p.bend ? g : 0,
		distanceM: driven,
		lap: Math.floor(s / LAP_M) + 1,
	};
}

/** Instants (ms since the start) the drive crosses the start/finish line within `seconds`. */
export function crossingsMs(seconds: number): number[] {
	const out: number[] = [];
	for (let k = 0; ; k++) {
		const t = ((LEAD_M + k * LAP_M) / SPEED_MPS) * 1000;
		if (t > seconds * 1000) return out;
		out.push(t);
	}
}

/** A point `along` metres along the track from the line and `across` metres to its left. */
export function pointNearLine(along: number, across: number): { lat: number; lon: number } {
	const p = ovalAt(along);
	const h = (p.heading * Math.PI) / 180;
	const x = p.x + across * -Math.cos(h);
	const y = p.y + across * Math.sin(h);
	return { lat: CENTER.lat + y / M_PER_DEG_LAT, lon: CENTER.lon + x / M_PER_DEG_LON };
}
