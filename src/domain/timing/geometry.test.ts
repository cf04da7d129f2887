import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	bearingBetween,
	bearingDifference,
	bearingOf,
	cumulativeDistance,
	distanceMetres,
	distanceToSegment,
	lineIntersection,
	segmentsIntersect,
	sideOf,
} from "./geometry";

const P = (x: number, y: number) => ({ x, y });

describe("sideOf", () => {
	it("is positive to the left of a->b and negative to the right", () => {
		expect(sideOf(P(0, 0), P(0, 10), P(-1, 5))).toBeGreaterThan(0);
		expect(sideOf(P(0, 0), P(0, 10), P(1, 5))).toBeLessThan(0);
		expect(sideOf(P(0, 0), P(0, 10), P(0, 20))).toBe(0);
	});
});

describe("lineIntersection / segmentsIntersect", () => {
	it("gives the fractions along both segments", () => {
		const hit = lineIntersection(P(0, -1), P(0, 3), P(-2, 0), P(2, 0));
		expect(hit).toEqual({ t: 0.25, u: 0.5 });
		expect(segmentsIntersect(P(0, -1), P(0, 3), P(-2, 0), P(2, 0))).toBe(true);
	});

	it("meets the lines beyond the segments when they do not touch", () => {
		const hit = lineIntersection(P(0, 1), P(0, 3), P(-2, 0), P(2, 0));
		expect(hit?.t).toBe(-0.5);
		expect(segmentsIntersect(P(0, 1), P(0, 3), P(-2, 0), P(2, 0))).toBe(false);
		expect(segmentsIntersect(P(3, -1), P(3, 1), P(-2, 0), P(2, 0))).toBe(false);
	});

	it("counts touching at an end point", () => {
		expect(segmentsIntersect(P(0, 0), P(0, 3), P(-2, 0), P(2, 0))).toBe(true);
		expect(segmentsIntersect(P(2, -1), P(2, 1), P(-2, 0), P(2, 0))).toBe(true);
	});

	it("is null for parallel, collinear or degenerate segments", () => {
		expect(lineIntersection(P(0, 1), P(4, 1), P(0, 0), P(4, 0))).toBeNull();
		expect(lineIntersection(P(0, 0), P(4, 0), P(1, 0), P(2, 0))).toBeNull();
		expect(lineIntersection(P(1, 1), P(1, 1), P(0, 0), P(4, 0))).toBeNull();
		expect(segmentsIntersect(P(0, 0), P(4, 0), P(1, 0), P(2, 0))).toBe(false);
	});

	it("puts the meeting point on both lines (property)", () => {
		// Centimetres: the scale of positions (subnormal doubles are no coordinate).
		const coordinate = fc.integer({ min: -100_000, max: 100_000 }).map((c) => c / 100);
		const point = fc.record({ x: coordinate, y: coordinate });
		fc.assert(
			fc.property(point, point, point, point, (p1, p2, a, b) => {
				const hit = lineIntersection(p1, p2, a, b);
				if (hit === null) return;
				const x1 = p1.x + hit.t * (p2.x - p1.x);
				const y1 = p1.y + hit.t * (p2.y - p1.y);
				const x2 = a.x + hit.u * (b.x - a.x);
				const y2 = a.y + hit.u * (b.y - a.y);
				// Nearly parallel lines meet far away, where rounding grows with the distance.
				const scale = 1 + Math.abs(x1) + Math.abs(y1);
				expect(Math.abs(x1 - x2)).toBeLessThan(1e-6 * scale);
				expect(Math.abs(y1 - y2)).toBeLessThan(1e-6 * scale);
			}),
		);
	});
});

describe("distanceToSegment", () => {
	it("measures to the nearest point: inside, beyond either end, on a point segment", () => {
		expect(distanceToSegment(P(5, 3), P(0, 0), P(10, 0))).toBe(3);
		expect(distanceToSegment(P(-3, 4), P(0, 0), P(10, 0))).toBe(5);
		expect(distanceToSegment(P(13, -4), P(0, 0), P(10, 0))).toBe(5);
		expect(distanceToSegment(P(3, 4), P(0, 0), P(0, 0))).toBe(5);
	});
});

describe("bearings", () => {
	it("are compass bearings: 0 north, 90 east, 180 south, 270 west", () => {
		expect(bearingOf(0, 1)).toBe(0);
		expect(bearingOf(1, 0)).toBe(90);
		expect(bearingOf(0, -1)).toBe(180);
		expect(bearingOf(-1, 0)).toBe(270);
		expect(bearingOf(-1e-20, 1)).toBeLessThan(360);
		expect(bearingBetween({ lat: 0, lon: 0 }, { lat: 0.001, lon: 0.001 })).toBeCloseTo(45, 6);
	});

	it("subtract the short way round", () => {
		expect(bearingDifference(350, 10)).toBe(20);
		expect(bearingDifference(10, 350)).toBe(-20);
		expect(bearingDifference(0, 180)).toBe(180);
		expect(bearingDifference(180, 0)).toBe(180);
		expect(bearingDifference(90, 90)).toBe(0);
	});
});

describe("distanceMetres / cumulativeDistance", () => {
	it("measures a thousandth of a degree of latitude as about 111.2 m", () => {
		expect(distanceMetres(-23.7, -46.7, -23.701, -46.7)).toBeCloseTo(111.195, 2);
		expect(distanceMetres(0, 179.9995, 0, -179.9995)).toBeCloseTo(111.195, 2);
	});

	it("sums the steps of a path", () => {
		const lat = [0, 0.001, 0.001, 0.002];
		const lon = [0, 0, 0.001, 0.001];
		const d = cumulativeDistance(lat, lon, 4);
		expect(d[0]).toBe(0);
		expect(d[1]).toBeCloseTo(111.195, 2);
		expect(d[2]).toBeCloseTo(222.39, 1);
		expect(d[3]).toBeCloseTo(333.585, 1);
	});
});
