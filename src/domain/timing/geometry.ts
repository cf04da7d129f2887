/**
 * Plane geometry in local metres (x east, y north), and distances and bearings between nearby
 * points on the ground. Total: degenerate input (a zero-length segment, parallel lines) gives
 * null or a defined number, never an exception.
 */
import type { LatLon } from "../recording/types";
import { longitudeDelta, METRES_PER_DEGREE } from "./projection";

const RADIANS_PER_DEGREE = Math.PI / 180;

export interface Point {
	x: number;
	y: number;
}

/** z of (b - a) × (p - a): positive when p lies to the left of a->b, negative to the right. */
export function sideOf(a: Point, b: Point, p: Point): number {
	return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

/**
 * Where the lines through p1->p2 and a->b meet, as fractions along each: the point is
 * p1 + t (p2 - p1) = a + u (b - a). The segments themselves meet when both are in [0, 1].
 * Null when the lines are parallel (or a segment has no length).
 */
export function lineIntersection(
	p1: Point,
	p2: Point,
	a: Point,
	b: Point,
): { t: number; u: number } | null {
	const rx = p2.x - p1.x;
	const ry = p2.y - p1.y;
	const sx = b.x - a.x;
	const sy = b.y - a.y;
	const denominator = rx * sy - ry * sx;
	// Lines within 1e-12 rad of parallel are parallel: their meeting point is noise.
	const scale = Math.hypot(rx, ry) * Math.hypot(sx, sy);
	if (!(Math.abs(denominator) > 1e-12 * scale)) return null;
	const qx = a.x - p1.x;
	const qy = a.y - p1.y;
	return {
		t: (qx * sy - qy * sx) / denominator,
		u: (qx * ry - qy * rx) / denominator,
	};
}

/** Whether the closed segments p1-p2 and a-b share a point (touching counts; collinear: no). */
export function segmentsIntersect(p1: Point, p2: Point, a: Point, b: Point): boolean {
	const hit = lineIntersection(p1, p2, a, b);
	return hit !== null && hit.t >= 0 && hit.t <= 1 && hit.u >= 0 && hit.u <= 1;
}

/** Distance in metres from p to the closest point of the segment a-b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
	const sx = b.x - a.x;
	const sy = b.y - a.y;
	const lengthSquared = sx * sx + sy * sy;
	let u = lengthSquared > 0 ? ((p.x - a.x) * sx + (p.y - a.y) * sy) / lengthSquared : 0;
	u = Math.max(0, Math.min(1, u));
	return Math.hypot(p.x - (a.x + u * sx), p.y - (a.y + u * sy));
}

/** Compass bearing (degrees, 0 = north, 90 = east, in [0, 360)) of the vector (dx, dy). */
export function bearingOf(dx: number, dy: number): number {
	const degrees = Math.atan2(dx, dy) / RADIANS_PER_DEGREE;
	const bearing = degrees < 0 ? degrees + 360 : degrees;
	// -1e-20 + 360 rounds to 360.
	return bearing >= 360 ? 0 : bearing;
}

/** Signed difference b - a of two bearings, in (-180, 180]. */
export function bearingDifference(a: number, b: number): number {
	let d = (b - a) % 360;
	if (d > 180) d -= 360;
	else if (d <= -180) d += 360;
	return d;
}

/**
 * Metres east and north from `from` to `to`, on a flat map centred between them: exact to
 * well under a millimetre for consecutive GPS fixes, and to a few parts in 10 000 over 10 km.
 */
export function offsetMetres(
	fromLat: number,
	fromLon: number,
	toLat: number,
	toLon: number,
): Point {
	const meanLat = ((fromLat + toLat) / 2) * RADIANS_PER_DEGREE;
	return {
		x: longitudeDelta(toLon, fromLon) * METRES_PER_DEGREE * Math.cos(meanLat),
		y: (toLat - fromLat) * METRES_PER_DEGREE,
	};
}

/** Distance in metres between two nearby points (see `offsetMetres`). */
export function distanceMetres(
	fromLat: number,
	fromLon: number,
	toLat: number,
	toLon: number,
): number {
	const d = offsetMetres(fromLat, fromLon, toLat, toLon);
	return Math.hypot(d.x, d.y);
}

/** Compass bearing from one point to another, degrees in [0, 360). */
export function bearingBetween(from: LatLon, to: LatLon): number {
	const d = offsetMetres(from.lat, from.lon, to.lat, to.lon);
	return bearingOf(d.x, d.y);
}

/**
 * Distance along a path from its first point: entry i is the sum of the straight steps from
 * point 0 to point i (a Float64Array of `length` entries).
 */
export function cumulativeDistance(
	lat: ArrayLike<number>,
	lon: ArrayLike<number>,
	length: number,
): Float64Array {
	const out = new Float64Array(length);
	for (let i = 1; i < length; i++) {
		out[i] = out[i - 1]! + distanceMetres(lat[i - 1]!, lon[i - 1]!, lat[i]!, lon[i]!);
	}
	return out;
}
