import { describe, expect, it } from "vitest";
import type { GpsPoints } from "../six/types";
import { distanceMetres } from "./geometry";
import { localProjection, projectX, projectY, unproject } from "./projection";
import { startFinishFromLapCounter } from "./six-start-line";

const ORIGIN = { lat: -23.5, lon: -46.6 };

interface Row {
	x: number;
	y: number;
	lap: number;
	/** Time of day, ms; a tenth of a second a point when left out; NaN: no time. */
	t?: number;
	flag?: number;
}

/** Logger points at local metres (x east, y north) around ORIGIN. */
function points(rows: readonly Row[]): GpsPoints {
	const n = rows.length;
	const projection = localProjection(ORIGIN);
	const p: GpsPoints = {
		length: n,
		lat: new Float64Array(n),
		lon: new Float64Array(n),
		speedKmh: new Float32Array(n),
		satellites: new Uint16Array(n),
		timeOfDayMs: new Float64Array(n),
		lapCount: new Uint32Array(n),
		timingFlag: new Uint8Array(n),
		roll: new Float32Array(n),
		filteredLean: new Float32Array(n),
		distanceM: new Float64Array(n),
		line: new Uint32Array(n),
		battery: [],
	};
	rows.forEach((row, i) => {
		const at = unproject(projection, row.x, row.y);
		p.lat[i] = at.lat;
		p.lon[i] = at.lon;
		p.timeOfDayMs[i] = row.t ?? 36_000_000 + i * 100;
		p.lapCount[i] = row.lap;
		p.timingFlag[i] = row.flag ?? 1;
		p.line[i] = i + 1;
	});
	return p;
}

/** Northbound lap changes at the given x, each between y = -1 and y = 1. */
function northbound(xs: readonly number[]): Row[] {
	return xs.flatMap((x, k) => [
		{ x, y: -1, lap: k },
		{ x, y: 1, lap: k + 1 },
	]);
}

/** Where the derived line's centre lies, local metres. */
function centreOf(p: GpsPoints) {
	const derived = startFinishFromLapCounter(p)!;
	const projection = localProjection(ORIGIN);
	return {
		x: projectX(projection, derived.centre.lon),
		y: projectY(projection, derived.centre.lat),
		derived,
	};
}

describe("startFinishFromLapCounter: which lap changes count", () => {
	it("leaves out a change over more than two seconds, keeps one of exactly two", () => {
		const rows = [
			{ x: 0, y: -1, lap: 0, t: 36_000_000 },
			{ x: 0, y: 1, lap: 1, t: 36_002_000 },
			{ x: 4, y: -1, lap: 1, t: 36_010_000 },
			{ x: 4, y: 1, lap: 2, t: 36_012_001 },
		];
		const derived = startFinishFromLapCounter(points(rows))!;
		expect(derived.used).toBe(1);
		expect(derived.leftOut).toBe(1);
		expect(centreOf(points(rows)).x).toBeCloseTo(0, 6);
	});

	it("leaves out a change whose times run backwards by more than two seconds", () => {
		const rows = [
			{ x: 0, y: -1, lap: 0, t: 36_010_000 },
			{ x: 0, y: 1, lap: 1, t: 36_007_000 },
			{ x: 4, y: -1, lap: 1, t: 36_020_000 },
			{ x: 4, y: 1, lap: 2, t: 36_020_100 },
		];
		const { x, derived } = centreOf(points(rows));
		expect([derived.used, derived.leftOut]).toEqual([1, 1]);
		expect(x).toBeCloseTo(4, 6);
	});

	it("keeps a change whose points have no time", () => {
		const rows = [
			{ x: 0, y: -1, lap: 0, t: Number.NaN },
			{ x: 0, y: 1, lap: 1, t: Number.NaN },
		];
		expect(startFinishFromLapCounter(points(rows))?.used).toBe(1);
	});

	it("leaves out a step longer than 100 m, and a change without a move", () => {
		const long = [
			{ x: 0, y: -1, lap: 0 },
			{ x: 0, y: 1, lap: 1 },
			{ x: 0, y: -50.5, lap: 1 },
			{ x: 0, y: 50.5, lap: 2 },
			{ x: 0, y: -49.5, lap: 2 },
			{ x: 0, y: 49.5, lap: 3 },
		];
		expect(startFinishFromLapCounter(points(long))).toMatchObject({ used: 2, leftOut: 1 });
		const standing = [
			{ x: 0, y: -1, lap: 0 },
			{ x: 0, y: 1, lap: 1 },
			{ x: 0, y: 1, lap: 2 },
		];
		expect(startFinishFromLapCounter(points(standing))).toMatchObject({ used: 1, leftOut: 1 });
	});

	it("counts only a rise of one while timing is on", () => {
		const rows = [
			{ x: 0, y: -1, lap: 0 },
			{ x: 0, y: 1, lap: 1, flag: 0 },
			{ x: 5, y: -1, lap: 1 },
			{ x: 5, y: 1, lap: 3 },
			{ x: 9, y: -1, lap: 3 },
			{ x: 9, y: 1, lap: 4 },
		];
		const { x, derived } = centreOf(points(rows));
		expect([derived.used, derived.leftOut]).toEqual([1, 0]);
		expect(x).toBeCloseTo(9, 6);
	});

	it("leaves out changes more than 30 m from the median of them all", () => {
		// The median is 2: 32.5 lies 30.5 m from it, 31.95 lies 29.95 m.
		const far = startFinishFromLapCounter(points(northbound([0, 2, 32.5])))!;
		expect([far.used, far.leftOut]).toEqual([2, 1]);
		const near = startFinishFromLapCounter(points(northbound([0, 2, 31.95])))!;
		expect([near.used, near.leftOut]).toEqual([3, 0]);
	});

	it("takes the median of an even number of changes as the mean of the middle two", () => {
		// Median x = 20 (between 10 and 30): 0 and 40 lie 20 m away, 52 lies 32 m away.
		const derived = startFinishFromLapCounter(points(northbound([0, 30, 52, 10])))!;
		expect([derived.used, derived.leftOut]).toEqual([3, 1]);
		// Median of three: the middle one, 10; -19.9 lies 29.9 m from it (in), 40.5 lies 30.5 m (out).
		const odd = startFinishFromLapCounter(points(northbound([-19.9, 10, 40.5])))!;
		expect([odd.used, odd.leftOut]).toEqual([2, 1]);
	});
});

describe("startFinishFromLapCounter: the line placed", () => {
	it("is null when every change lies far from the median of them all", () => {
		// Two changes 100 m apart: the median lies 50 m from each.
		expect(startFinishFromLapCounter(points(northbound([0, 100])))).toBeNull();
	});

	it("lies at the mean of the kept changes, across their mean direction", () => {
		const { x, y, derived } = centreOf(points(northbound([0, 2, 7])));
		expect(x).toBeCloseTo(3, 6);
		expect(y).toBeCloseTo(0, 6);
		// Spread: root-mean-square distance from x = 3: sqrt((9 + 1 + 16) / 3).
		expect(derived.spreadM).toBeCloseTo(Math.sqrt(26 / 3), 4);
		const { a, b } = derived.lines.startFinish;
		expect(distanceMetres(a.lat, a.lon, b.lat, b.lon)).toBeCloseTo(20, 4);
		expect(distanceMetres(a.lat, a.lon, derived.centre.lat, derived.centre.lon)).toBeCloseTo(10, 4);
	});

	it("is as wide as asked", () => {
		const derived = startFinishFromLapCounter(points(northbound([0])), { widthM: 12 })!;
		const { a, b } = derived.lines.startFinish;
		expect(distanceMetres(a.lat, a.lon, b.lat, b.lon)).toBeCloseTo(12, 4);
	});

	it("follows the direction most changes share, refusing when too few agree", () => {
		const north = (x: number, lap: number): Row[] => [
			{ x, y: -1, lap },
			{ x, y: 1, lap: lap + 1 },
		];
		const south = (x: number, lap: number): Row[] => [
			{ x, y: 1, lap },
			{ x, y: -1, lap: lap + 1 },
		];
		// Three north and one south: the directions sum to 2, half of four changes: enough.
		const mostly = [...north(0, 0), ...north(1, 1), ...north(2, 2), ...south(3, 3)];
		const derived = startFinishFromLapCounter(points(mostly))!;
		expect(derived.used).toBe(4);
		expect(derived.lines.directionDeg).toBeCloseTo(0, 6);
		// Two north and one south: the directions sum to 1, less than half of three.
		const split = [...north(0, 0), ...north(1, 1), ...south(2, 2)];
		expect(startFinishFromLapCounter(points(split))).toBeNull();
	});

	it("takes the direction and spread of slanted changes", () => {
		// Two changes 10 m long towards bearing atan2(3, 4), their midpoints at (0, 0) and (0, 2).
		const rows = [
			{ x: -3, y: -4, lap: 0 },
			{ x: 3, y: 4, lap: 1 },
			{ x: -3, y: -2, lap: 1 },
			{ x: 3, y: 6, lap: 2 },
		];
		const derived = startFinishFromLapCounter(points(rows))!;
		expect(derived.lines.directionDeg).toBeCloseTo((Math.atan2(3, 4) * 180) / Math.PI, 4);
		expect(derived.spreadM).toBeCloseTo(1, 6);
		const { a, b } = derived.lines.startFinish;
		expect(distanceMetres(a.lat, a.lon, b.lat, b.lon)).toBeCloseTo(20, 4);
	});

	it("gives an eastbound line a direction of 90°", () => {
		const rows = [
			{ x: -1, y: 0, lap: 0 },
			{ x: 1, y: 0, lap: 1 },
		];
		const derived = startFinishFromLapCounter(points(rows))!;
		expect(derived.lines.directionDeg).toBeCloseTo(90, 6);
		const projection = localProjection(ORIGIN);
		const { a, b } = derived.lines.startFinish;
		// a on the right of eastbound travel (south), b on the left (north).
		expect(projectY(projection, a.lat)).toBeCloseTo(-10, 4);
		expect(projectY(projection, b.lat)).toBeCloseTo(10, 4);
		expect(projectX(projection, a.lon)).toBeCloseTo(0, 4);
	});
});
