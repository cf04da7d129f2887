/**
 * Turns a circuit's control polygon into a driveable line: every vertex rounded by an
 * arc, resampled at about one metre and smoothed by a moving average (so curvature
 * ramps in and out of each corner instead of jumping), with signed curvature per
 * sample and a local-metres to WGS84 conversion around the circuit's origin.
 */
import type { Circuit } from "./circuits";

export interface Track {
	lengthM: number;
	/** Number of samples; sample i sits at arc length i * spacingM, the loop closes after n. */
	n: number;
	spacingM: number;
	/** Local metres, x east and y north of the origin. */
	x: Float64Array;
	y: Float64Array;
	/** Signed curvature in 1/m: positive turns left (counter-clockwise), negative right. */
	curvature: Float64Array;
}

const TARGET_SPACING_M = 1;
/** Arc sampling step of the raw path, in the polygon's own units. */
const ARC_STEP = 0.5;
/** Half-width of the moving average that smooths positions, metres: it eases every arc in. */
const POSITION_SMOOTHING_M = 5;
/** Half-width of the chord used to measure curvature, metres. */
const CURVATURE_CHORD_M = 2;
/** Half-width of the moving average applied to the curvature, metres. */
const CURVATURE_SMOOTHING_M = 3;
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * The control polygon with every vertex rounded by a circular arc (a fillet) of the
 * vertex's radius, or the largest one that fits when none is given. Fillets never use
 * more than half of an adjacent edge, so they cannot overlap.
 */
function filletedPolygon(points: Circuit["controlPoints"]): { xs: number[]; ys: number[] } {
	const count = points.length;
	if (count < 3) throw new Error("a circuit needs at least 3 control points");
	const xs: number[] = [];
	const ys: number[] = [];
	for (let i = 0; i < count; i++) {
		const a = points[(i - 1 + count) % count]!;
		const b = points[i]!;
		const c = points[(i + 1) % count]!;
		const inLen = Math.hypot(b[0] - a[0], b[1] - a[1]);
		const outLen = Math.hypot(c[0] - b[0], c[1] - b[1]);
		if (inLen === 0 || outLen === 0) throw new Error("a circuit repeats a control point");
		const u1x = (b[0] - a[0]) / inLen;
		const u1y = (b[1] - a[1]) / inLen;
		const u2x = (c[0] - b[0]) / outLen;
		const u2y = (c[1] - b[1]) / outLen;
		const turn = Math.atan2(u1x * u2y - u1y * u2x, u1x * u2x + u1y * u2y);
		const halfTan = Math.tan(Math.abs(turn) / 2);
		if (halfTan < 1e-6) {
			xs.push(b[0]);
			ys.push(b[1]);
			continue;
		}
		const tangent = Math.min((b[2] ?? Number.POSITIVE_INFINITY) * halfTan, inLen / 2, outLen / 2);
		const radius = tangent / halfTan;
		const side = Math.sign(turn);
		// Centre lies on the inside of the turn, one radius from the arc's start.
		const cx = b[0] - u1x * tangent - u1y * radius * side;
		const cy = b[1] - u1y * tangent + u1x * radius * side;
		const startAngle = Math.atan2(b[1] - u1y * tangent - cy, b[0] - u1x * tangent - cx);
		const steps = Math.max(2, Math.ceil((radius * Math.abs(turn)) / ARC_STEP));
		for (let k = 0; k <= steps; k++) {
			const angle = startAngle + (turn * k) / steps;
			xs.push(cx + radius * Math.cos(angle));
			ys.push(cy + radius * Math.sin(angle));
		}
	}
	return { xs, ys };
}

/** Circular moving average of a closed line's coordinates, as a running sum. */
function smoothClosed(values: Float64Array, halfWidth: number): Float64Array {
	const n = values.length;
	const out = new Float64Array(n);
	let sum = 0;
	for (let k = -halfWidth; k <= halfWidth; k++) sum += values[(k + n) % n]!;
	for (let i = 0; i < n; i++) {
		out[i] = sum / (2 * halfWidth + 1);
		sum += values[(i + halfWidth + 1) % n]! - values[(i - halfWidth + n) % n]!;
	}
	return out;
}

/** Resamples a closed polyline at equal arc-length steps, scaled to `lengthM` in total. */
function resampleClosed(xs: number[], ys: number[], lengthM: number) {
	const m = xs.length;
	const cumulative = new Float64Array(m + 1);
	for (let i = 0; i < m; i++) {
		const j = (i + 1) % m;
		cumulative[i + 1] = cumulative[i]! + Math.hypot(xs[j]! - xs[i]!, ys[j]! - ys[i]!);
	}
	const rawLength = cumulative[m]!;
	const scale = lengthM / rawLength;
	const n = Math.max(16, Math.round(lengthM / TARGET_SPACING_M));
	const x = new Float64Array(n);
	const y = new Float64Array(n);
	let seg = 0;
	for (let i = 0; i < n; i++) {
		const target = (i / n) * rawLength;
		while (cumulative[seg + 1]! < target) seg++;
		const span = cumulative[seg + 1]! - cumulative[seg]!;
		const f = span > 0 ? (target - cumulative[seg]!) / span : 0;
		const j = (seg + 1) % m;
		x[i] = (xs[seg]! + f * (xs[j]! - xs[seg]!)) * scale;
		y[i] = (ys[seg]! + f * (ys[j]! - ys[seg]!)) * scale;
	}
	return { n, x, y, spacingM: lengthM / n };
}

function signedCurvature(x: Float64Array, y: Float64Array, spacingM: number): Float64Array {
	const n = x.length;
	const h = Math.max(1, Math.round(CURVATURE_CHORD_M / spacingM));
	const raw = new Float64Array(n);
	for (let i = 0; i < n; i++) {
		const a = (i - h + n) % n;
		const c = (i + h) % n;
		const abx = x[i]! - x[a]!;
		const aby = y[i]! - y[a]!;
		const bcx = x[c]! - x[i]!;
		const bcy = y[c]! - y[i]!;
		const cross = abx * bcy - aby * bcx;
		const denom =
			Math.hypot(abx, aby) * Math.hypot(bcx, bcy) * Math.hypot(x[c]! - x[a]!, y[c]! - y[a]!);
		raw[i] = denom > 0 ? (2 * cross) / denom : 0;
	}
	return smoothClosed(raw, Math.max(1, Math.round(CURVATURE_SMOOTHING_M / spacingM)));
}

export function buildTrack(circuit: Circuit): Track {
	if (!(circuit.lengthM > 0)) throw new Error(`circuit ${circuit.id}: length must be positive`);
	const { xs, ys } = filletedPolygon(circuit.controlPoints);
	const resampled = resampleClosed(xs, ys, circuit.lengthM);
	const { n, spacingM } = resampled;
	const halfWidth = Math.max(1, Math.round(POSITION_SMOOTHING_M / spacingM));
	const x = smoothClosed(resampled.x, halfWidth);
	const y = smoothClosed(resampled.y, halfWidth);
	return {
		lengthM: circuit.lengthM,
		n,
		spacingM,
		x,
		y,
		curvature: signedCurvature(x, y, spacingM),
	};
}

const trackCache = new WeakMap<Circuit, Track>();

/** `buildTrack` remembered per circuit object (circuits are immutable definitions). */
export function trackOf(circuit: Circuit): Track {
	let track = trackCache.get(circuit);
	if (!track) {
		track = buildTrack(circuit);
		trackCache.set(circuit, track);
	}
	return track;
}

/** Equirectangular projection around `origin`: exact to centimetres over a few kilometres. */
export function degreesPerMetre(origin: { lat: number }): { latPerM: number; lonPerM: number } {
	const latPerM = 180 / (Math.PI * EARTH_RADIUS_M);
	return { latPerM, lonPerM: latPerM / Math.cos((origin.lat * Math.PI) / 180) };
}

export function localToLatLon(
	origin: { lat: number; lon: number },
	xM: number,
	yM: number,
): { lat: number; lon: number } {
	const { latPerM, lonPerM } = degreesPerMetre(origin);
	return { lat: origin.lat + yM * latPerM, lon: origin.lon + xM * lonPerM };
}
