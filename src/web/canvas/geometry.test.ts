import { describe, expect, it } from "vitest";
import {
	applyMatrix,
	boundsOf,
	centreOfLatLon,
	decimateToScreen,
	fitScale,
	fitScaleAnyRotation,
	INITIAL_VIEW,
	pinchView,
	projectToLocalMetres,
	radiusOf,
	rotateByDrag,
	type View,
	viewMatrix,
	zoomAt,
	zoomByPinch,
	zoomByWheel,
	zoomByWheelAt,
} from "./geometry";

describe("projectToLocalMetres", () => {
	it("maps lat/lon to east/north metres around the origin", () => {
		const origin = { lat: -23.7, lon: -46.7 };
		const { x, y } = projectToLocalMetres([-23.7, -23.69, -23.7], [-46.7, -46.7, -46.69], origin);
		expect(x[0]).toBeCloseTo(0, 6);
		expect(y[0]).toBeCloseTo(0, 6);
		// 0.01 degree of latitude is about 1112 m everywhere.
		expect(y[1]).toBeCloseTo(1111.95, 0);
		// 0.01 degree of longitude shrinks with cos(latitude).
		expect(x[2]).toBeCloseTo(1111.95 * Math.cos((-23.7 * Math.PI) / 180), 0);
	});

	it("centres several paths on their common box", () => {
		expect(
			centreOfLatLon([
				{ lat: [1, 3], lon: [10, 20] },
				{ lat: [5], lon: [12] },
			]),
		).toEqual({ lat: 3, lon: 15 });
		expect(centreOfLatLon([])).toBeNull();
	});
});

describe("fitScale", () => {
	it("fits the larger half-extent into the box minus padding", () => {
		const bounds = { minX: -400, maxX: 400, minY: -100, maxY: 100 };
		expect(fitScale(bounds, 800, 600, 20)).toBeCloseTo(380 / 400);
		const tall = { minX: -10, maxX: 10, minY: -1000, maxY: 500 };
		expect(fitScale(tall, 800, 600, 20)).toBeCloseTo(280 / 1000);
	});

	it("gives 1 for nothing or a single point", () => {
		expect(fitScale(null, 800, 600, 20)).toBe(1);
		expect(fitScale(boundsOf([0], [0]), 800, 600, 20)).toBe(1);
	});
});

describe("view", () => {
	it("rotates 0.1 degree per pixel and wraps at 360", () => {
		expect(rotateByDrag(INITIAL_VIEW, 50).rotationDeg).toBeCloseTo(5);
		expect(rotateByDrag(INITIAL_VIEW, -50).rotationDeg).toBeCloseTo(355);
		expect(rotateByDrag({ rotationDeg: 359, zoom: 1 }, 20).rotationDeg).toBeCloseTo(1);
	});

	it("zooms by 0.1 per wheel step between the limits", () => {
		let view = INITIAL_VIEW;
		view = zoomByWheel(view, -100);
		view = zoomByWheel(view, -3);
		expect(view.zoom).toBe(1.2);
		for (let i = 0; i < 30; i++) view = zoomByWheel(view, 100);
		expect(view.zoom).toBe(0.1);
		let test = INITIAL_VIEW;
		for (let i = 0; i < 60; i++) test = zoomByWheel(test, -1, { min: 0.1, max: 5 });
		expect(test.zoom).toBe(5);
		expect(zoomByWheel(view, 0)).toBe(view);
	});

	it("pinches by the ratio of finger distances", () => {
		expect(zoomByPinch(1, 100, 200)).toBe(2);
		expect(zoomByPinch(1, 100, 1)).toBe(0.1);
		expect(zoomByPinch(2, 0, 50)).toBe(2);
	});
});

describe("viewMatrix", () => {
	it("puts north up and rotates clockwise about the centre", () => {
		const m0 = viewMatrix({ rotationDeg: 0, zoom: 2 }, 1, 400, 300);
		expect(applyMatrix(m0, 10, 0)).toEqual([420, 300]);
		const [nx, ny] = applyMatrix(m0, 0, 10);
		expect(nx).toBeCloseTo(400);
		expect(ny).toBeCloseTo(280);
		const m90 = viewMatrix({ rotationDeg: 90, zoom: 1 }, 1, 400, 300);
		const [ex, ey] = applyMatrix(m90, 10, 0);
		// East rotated a quarter turn clockwise points down the screen.
		expect(ex).toBeCloseTo(400);
		expect(ey).toBeCloseTo(310);
	});
});

describe("decimateToScreen", () => {
	const identity = [1, 0, 0, 1, 0, 0] as const;

	it("drops points closer than the threshold and keeps both ends", () => {
		const x = [0, 0.2, 0.4, 1.1, 1.2, 5, 5.1];
		const y = [0, 0, 0, 0, 0, 0, 0];
		expect([...decimateToScreen(x, y, identity, 1)]).toEqual([0, 3, 5, 6]);
	});

	it("uses the matrix scale: zooming in keeps more points", () => {
		const n = 1000;
		const x = Array.from({ length: n }, (_, i) => Math.cos((i / n) * Math.PI * 2) * 100);
		const y = Array.from({ length: n }, (_, i) => Math.sin((i / n) * Math.PI * 2) * 100);
		const small = decimateToScreen(x, y, viewMatrix(INITIAL_VIEW, 0.5, 0, 0), 1);
		const large = decimateToScreen(x, y, viewMatrix(INITIAL_VIEW, 10, 0, 0), 1);
		// A circle of radius 50 px is about 314 px round: no more kept points than that.
		expect(small.length).toBeLessThanOrEqual(316);
		expect(small.length).toBeGreaterThan(200);
		expect(large.length).toBe(n);
	});

	it("decimates one range of a concatenated scene", () => {
		const x = [0, 1, 2, 3, 10, 20, 30];
		const y = new Array(7).fill(0);
		expect([...decimateToScreen(x, y, identity, 5, 4, 7)]).toEqual([4, 5, 6]);
		expect([...decimateToScreen(x, y, identity, 5, 3, 3)]).toEqual([]);
		expect([...decimateToScreen(x, y, identity, 5, 2, 3)]).toEqual([2]);
	});
});

describe("fit for any rotation", () => {
	it("fits the farthest point into the shorter half-side, so turning never crops", () => {
		// A long straight 1000 m east-west: it fits 800 px wide, but turned 90° it must fit 600.
		const x = [-500, 0, 500];
		const y = [0, 0, 0];
		const scale = fitScaleAnyRotation(radiusOf(x, y), 800, 600, 20);
		expect(scale).toBeCloseTo(280 / 500);
		for (const rotationDeg of [0, 33, 90, 180, 271]) {
			const m = viewMatrix({ rotationDeg, zoom: 1 }, scale, 400, 300);
			for (let i = 0; i < x.length; i++) {
				const [sx, sy] = applyMatrix(m, x[i]!, y[i]!);
				expect(sx).toBeGreaterThanOrEqual(20 - 1e-9);
				expect(sx).toBeLessThanOrEqual(780 + 1e-9);
				expect(sy).toBeGreaterThanOrEqual(20 - 1e-9);
				expect(sy).toBeLessThanOrEqual(580 + 1e-9);
			}
		}
		expect(fitScaleAnyRotation(0, 800, 600, 20)).toBe(1);
	});
});

describe("zoom about a point", () => {
	/** Where a point of the drawing (in view pixels at zoom 1, from the origin) lands on screen. */
	const screenOf = (view: View, p: { x: number; y: number }) => ({
		x: (view.panX ?? 0) + view.zoom * p.x,
		y: (view.panY ?? 0) + view.zoom * p.y,
	});

	it("keeps the point under the mouse in place", () => {
		const start: View = { rotationDeg: 0, zoom: 1, panX: 10, panY: -5 };
		const at = { x: 120, y: 80 };
		const under = { x: (at.x - 10) / 1, y: (at.y + 5) / 1 };
		const zoomed = zoomAt(start, 2.5, at);
		expect(screenOf(zoomed, under).x).toBeCloseTo(at.x);
		expect(screenOf(zoomed, under).y).toBeCloseTo(at.y);
		expect(zoomByWheelAt(start, -1, at).zoom).toBeCloseTo(1.1);
	});

	it("pinches around the fingers, not the canvas centre, and pans with them", () => {
		const view: View = { rotationDeg: 30, zoom: 1, panX: 0, panY: 0 };
		const mid = { x: -150, y: 90 };
		const pinched = pinchView({ view, mid, distance: 100 }, mid, 200);
		expect(pinched.zoom).toBeCloseTo(2);
		// The drawing's point that was between the fingers is still between them.
		expect(screenOf(pinched, mid)).toEqual({ x: expect.closeTo(mid.x), y: expect.closeTo(mid.y) });
		// Both fingers moved 40 px right: so did the drawing.
		const moved = pinchView({ view, mid, distance: 100 }, { x: mid.x + 40, y: mid.y }, 100);
		expect(moved.zoom).toBeCloseTo(1);
		expect(moved.panX).toBeCloseTo(40);
		expect(moved.rotationDeg).toBe(30);
	});
});
