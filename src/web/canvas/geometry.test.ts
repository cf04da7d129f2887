import { describe, expect, it } from "vitest";
import {
	applyMatrix,
	boundsOf,
	centreOfLatLon,
	decimateToScreen,
	fitScale,
	INITIAL_VIEW,
	projectToLocalMetres,
	rotateByDrag,
	viewMatrix,
	zoomByPinch,
	zoomByWheel,
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
