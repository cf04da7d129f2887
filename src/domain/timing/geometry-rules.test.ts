import { describe, expect, it } from "vitest";
import {
	bearingBetween,
	cumulativeDistance,
	distanceMetres,
	distanceToSegment,
	lineIntersection,
	offsetMetres,
	segmentsIntersect,
	sideOf,
} from "./geometry";
import { localProjection, METRES_PER_DEGREE, unproject } from "./projection";

const P = (x: number, y: number) => ({ x, y });

describe("sideOf / distanceToSegment away from the origin", () => {
	// A segment 10 m long from (1, 2) towards (0.6, 0.8).
	const a = P(1, 2);
	const b = P(7, 10);

	it("gives the cross product of a->b and a->p", () => {
		expect(sideOf(a, b, P(0, 5))).toBe(6 * 3 - 8 * -1);
		expect(sideOf(a, b, P(4, 6))).toBe(0);
		expect(sideOf(a, b, P(5, 2))).toBe(6 * 0 - 8 * 4);
	});

	it("measures to the segment's inside and to its ends", () => {
		// 5 m along, 3 m to the left: (1, 2) + 5 (0.6, 0.8) + 3 (-0.8, 0.6).
		expect(distanceToSegment(P(1.6, 7.8), a, b)).toBeCloseTo(3, 9);
		// 4 m beyond b along the segment, 3 m to the right.
		expect(distanceToSegment(P(7 + 2.4 + 2.4, 10 + 3.2 - 1.8), a, b)).toBeCloseTo(5, 9);
		expect(distanceToSegment(P(1 - 3, 2 - 4), a, b)).toBeCloseTo(5, 9);
	});
});

describe("lineIntersection: nearly parallel lines", () => {
	it("takes lines within 1e-12 rad of parallel as parallel, whatever their length", () => {
		// Two lines 1 km long, 1 m apart, at 1e-13 and at 1e-10 rad of each other.
		const at = (angle: number) =>
			lineIntersection(P(0, 0), P(1000, 0), P(0, 1), P(1000, 1 + 1000 * angle));
		expect(at(1e-13)).toBeNull();
		const hit = at(1e-10);
		expect(hit).not.toBeNull();
		expect(hit!.t).toBeCloseTo(-1e10 / 1000, -3);
	});
});

describe("segmentsIntersect: touching", () => {
	it("counts the first segment's end on the second, and the second's start on the first", () => {
		expect(segmentsIntersect(P(0, -3), P(0, 0), P(-2, 0), P(2, 0))).toBe(true);
		expect(segmentsIntersect(P(-2, -1), P(-2, 1), P(-2, 0), P(2, 0))).toBe(true);
		expect(segmentsIntersect(P(0, -3), P(0, -0.001), P(-2, 0), P(2, 0))).toBe(false);
		expect(segmentsIntersect(P(-2.001, -1), P(-2.001, 1), P(-2, 0), P(2, 0))).toBe(false);
	});
});

describe("offsetMetres / distanceMetres away from the equator", () => {
	it("shrinks a degree of longitude with the cosine of the mean latitude", () => {
		// A thousandth of a degree east at 60° south: half of 111.195 m.
		expect(distanceMetres(-60, 10, -60, 10.001)).toBeCloseTo(111.195 / 2, 2);
		const d = offsetMetres(-60, 10, -60, 10.001);
		expect(d.x).toBeCloseTo(55.598, 2);
		expect(d.y).toBe(0);
		// Between 59.9° and 60.1°: the cosine of 60°, not of either end.
		const across = offsetMetres(-59.9, 10, -60.1, 10.001);
		expect(across.x).toBeCloseTo(0.001 * METRES_PER_DEGREE * 0.5, 4);
		expect(across.y).toBeCloseTo(-0.2 * METRES_PER_DEGREE, 4);
	});

	it("agrees with the flat map of the origin near it, and gives the bearing on it", () => {
		const origin = { lat: 48.85, lon: 2.35 };
		const p = localProjection(origin);
		const q = unproject(p, 30, 40);
		expect(distanceMetres(origin.lat, origin.lon, q.lat, q.lon)).toBeCloseTo(50, 3);
		expect(bearingBetween(origin, q)).toBeCloseTo((Math.atan2(30, 40) * 180) / Math.PI, 3);
		const path = cumulativeDistance([origin.lat, q.lat], [origin.lon, q.lon], 2);
		expect(path[1]).toBeCloseTo(50, 3);
	});
});
