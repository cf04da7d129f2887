import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	crossingsOf,
	fitView,
	fromScreen,
	lineAcrossPath,
	panView,
	projection,
	reversedBearing,
	toScreen,
	travelAcross,
	zoomViewAt,
} from "./line-geometry";

const SCREEN = { width: 800, height: 600 };

/** A straight run north along x = 0, one fix every 10 m. */
const northward = Array.from({ length: 21 }, (_, i) => ({ x: 0, y: i * 10 - 100 }));

describe("line geometry", () => {
	it("goes from lat/lon to metres and back", () => {
		const p = projection({ lat: -23.7, lon: -46.7 });
		const there = { lat: -23.701, lon: -46.699 };
		const back = p.toLatLon(p.toMetres(there));
		expect(back.lat).toBeCloseTo(there.lat, 9);
		expect(back.lon).toBeCloseTo(there.lon, 9);
		expect(p.toMetres(there).y).toBeCloseTo(-111.2, 0);
	});

	it("maps screen and metres both ways at any view", () => {
		fc.assert(
			fc.property(
				fc.double({ min: 0.01, max: 100, noNaN: true }),
				fc.double({ min: -1e4, max: 1e4, noNaN: true }),
				fc.double({ min: -1e4, max: 1e4, noNaN: true }),
				fc.double({ min: 0, max: 800, noNaN: true }),
				fc.double({ min: 0, max: 600, noNaN: true }),
				(scale, cx, cy, sx, sy) => {
					const view = { scale, centre: { x: cx, y: cy } };
					const back = toScreen(view, SCREEN, fromScreen(view, SCREEN, { x: sx, y: sy }));
					expect(back.x).toBeCloseTo(sx, 6);
					expect(back.y).toBeCloseTo(sy, 6);
				},
			),
		);
	});

	it("puts north up and the fitted points inside the padding", () => {
		const view = fitView(
			[
				{ x: -50, y: -20 },
				{ x: 150, y: 80 },
			],
			SCREEN,
			20,
		)!;
		const low = toScreen(view, SCREEN, { x: -50, y: -20 });
		const high = toScreen(view, SCREEN, { x: 150, y: 80 });
		expect(high.y).toBeLessThan(low.y);
		for (const p of [low, high]) {
			expect(p.x).toBeGreaterThanOrEqual(20 - 1e-9);
			expect(p.x).toBeLessThanOrEqual(780 + 1e-9);
			expect(p.y).toBeGreaterThanOrEqual(20 - 1e-9);
			expect(p.y).toBeLessThanOrEqual(580 + 1e-9);
		}
		expect(fitView([], SCREEN, 20)).toBeNull();
	});

	it("zooms about a point that stays put, and pans with the finger", () => {
		const view = { scale: 2, centre: { x: 10, y: 10 } };
		const at = { x: 100, y: 450 };
		const before = fromScreen(view, SCREEN, at);
		const zoomed = zoomViewAt(view, SCREEN, 1.5, at);
		const after = fromScreen(zoomed, SCREEN, at);
		expect(zoomed.scale).toBe(3);
		expect(after.x).toBeCloseTo(before.x, 9);
		expect(after.y).toBeCloseTo(before.y, 9);
		const moved = panView(view, 40, -20);
		const p = toScreen(moved, SCREEN, { x: 10, y: 10 });
		expect(p).toEqual({ x: 440, y: 280 });
	});

	it("proposes a line square to travel, centred on the fix, as wide as asked", () => {
		const line = lineAcrossPath(northward, 10, 30)!;
		expect(line.bearing).toBeCloseTo(0, 9);
		expect(line.a.x).toBeCloseTo(-15, 9);
		expect(line.b.x).toBeCloseTo(15, 9);
		expect(line.a.y).toBeCloseTo(0, 9);
		expect(crossingsOf(northward, line.a, line.b)).toBe(1);
		expect(
			lineAcrossPath(
				[
					{ x: 0, y: 0 },
					{ x: 0, y: 0 },
				],
				0,
				30,
			),
		).toBeNull();
	});

	it("finds the direction of travel across a line, either way it was drawn", () => {
		const a = { x: -15, y: 5 };
		const b = { x: 15, y: 5 };
		expect(travelAcross(northward, a, b)).toBeCloseTo(0, 9);
		expect(travelAcross(northward, b, a)).toBeCloseTo(0, 9);
		const southward = [...northward].reverse();
		expect(travelAcross(southward, a, b)).toBeCloseTo(180, 9);
		expect(travelAcross(northward, { x: 20, y: 0 }, { x: 40, y: 0 })).toBeNull();
		expect(reversedBearing(270)).toBe(90);
	});
});
