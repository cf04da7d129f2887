import { describe, expect, it } from "vitest";
import { checkDirection } from "./direction";
import { projectPoints } from "./geo";
import { type MatchOptions, matchPoints } from "./match";
import { prepareReference, type ReferenceLine } from "./reference-line";
import { hairpinPoints, lapThrough } from "./test-paths";

const options: MatchOptions = {
	windowAheadM: 30,
	windowBackM: 10,
	maxLateralM: 15,
	minHeadingCos: -0.3,
};
const path = hairpinPoints(10);
const line = prepareReference(lapThrough(path.x, path.y), { smoothMs: 0 })!;

function match(x: number[], y: number[], opts: MatchOptions = options) {
	const lap = lapThrough(x, y);
	const p = projectPoints(line.frame, lap.lat, lap.lon, lap.length);
	return { ...matchPoints(line, p.x, p.y, lap.length, opts), x: p.x, y: p.y, n: lap.length };
}

describe("matchPoints", () => {
	it("finds each point's place along the line", () => {
		const m = match([0, 50, 100.5, 150], [0, 1, -2, 0.5]);
		expect(Array.from(m.s)).toEqual([0, 50, 100.5, 150].map((v) => expect.closeTo(v, 1)));
		expect(m.lateralM[2]).toBeCloseTo(2, 1);
	});

	it("keeps a hairpin's entry on the entry leg, even driven wide towards the exit leg", () => {
		// Entry leg at y = 0, exit leg at y = 20: the last point is 12 m wide, 8 m from the exit leg.
		const xs = [0, 30, 60, 90, 120, 150, 180];
		const ys = [0, 0, 0, 0, 0, 0, 12];
		const m = match(xs, ys);
		expect(m.s[6]).toBeCloseTo(180, 0);
		// Without the window (the whole line searched), it lands on the exit leg (from 231 m).
		const wide = match(xs, ys, { ...options, windowAheadM: 1e6, minHeadingCos: -2 });
		expect(wide.s[6]!).toBeGreaterThan(240);
	});

	it("never takes a leg driven the other way, window or not", () => {
		const xs = [0, 30, 60, 90, 120, 150, 170, 180];
		const ys = [0, 0, 0, 0, 0, 0, 8, 12];
		const m = match(xs, ys, { ...options, windowAheadM: 1e6 });
		expect(m.s[7]!).toBeLessThan(200);
		const headless = match(xs, ys, { ...options, windowAheadM: 1e6, minHeadingCos: -2 });
		expect(headless.s[7]!).toBeGreaterThan(240);
	});

	it("marks points far from the line as off it, waits for the lap, then takes it up again", () => {
		// 40 m off the straight between 60 and 140 m, back on it at 160 m.
		const xs = [0, 20, 40, 60, 80, 100, 120, 140, 160, 180];
		const ys = [0, 0, 0, 40, 40, 40, 40, 40, 0, 0];
		const m = match(xs, ys);
		expect(Array.from(m.s.slice(3, 8)).every(Number.isNaN)).toBe(true);
		expect(m.s[8]).toBeCloseTo(160, 0);
		// A plain window could not reach 160 m from the anchor at 40 m.
		const stuck = match(xs, ys, { ...options, maxLateralM: 1e6 });
		expect(stuck.s[8]).toBeCloseTo(160, 0);
	});
});

describe("checkDirection", () => {
	it("tells the same way round from the other way and from another place", () => {
		const same = lapThrough(path.x, path.y);
		const back = lapThrough([...path.x].reverse(), [...path.y].reverse());
		const elsewhere = lapThrough(
			path.x.map((v) => v + 500),
			path.y,
		);
		for (const [lap, expected] of [
			[same, "same"],
			[back, "reversed"],
			[elsewhere, "unrelated"],
		] as const) {
			const p = projectPoints(line.frame, lap.lat, lap.lon, lap.length);
			expect(checkDirection(line, p.x, p.y, lap.length, 15)).toBe(expected);
		}
	});
});

/** A line through grid points `stepM` apart, each point's direction from its neighbours. */
function gridLine(pts: [number, number][], stepM = 1): ReferenceLine {
	const n = pts.length;
	const x = Float64Array.from(pts, (p) => p[0]);
	const y = Float64Array.from(pts, (p) => p[1]);
	const tx = new Float64Array(n);
	const ty = new Float64Array(n);
	for (let k = 0; k < n; k++) {
		const a = Math.max(0, k - 1);
		const b = Math.min(n - 1, k + 1);
		const len = Math.hypot(x[b]! - x[a]!, y[b]! - y[a]!);
		tx[k] = (x[b]! - x[a]!) / len;
		ty[k] = (y[b]! - y[a]!) / len;
	}
	const distanceM = Float64Array.from(pts, (_, k) => k * stepM);
	return { x, y, tx, ty, distanceM, count: n, stepM } as unknown as ReferenceLine;
}

/** East along y = 0 for `leg` m, north along x = leg, back west along y = gap (s = 2 leg + gap - x). */
function uLine(leg: number, gap: number, stepM = 1): ReferenceLine {
	const pts: [number, number][] = [];
	for (let v = 0; v < leg; v += stepM) pts.push([v, 0]);
	for (let v = 0; v < gap; v += stepM) pts.push([leg, v]);
	for (let v = leg; v >= 0; v -= stepM) pts.push([v, gap]);
	return gridLine(pts, stepM);
}

function straightLine(lengthM: number, stepM = 1): ReferenceLine {
	const pts: [number, number][] = [];
	for (let v = 0; v <= lengthM; v += stepM) pts.push([v, 0]);
	return gridLine(pts, stepM);
}

function run(l: ReferenceLine, pts: [number, number][], opts: Partial<MatchOptions> = {}) {
	const px = Float64Array.from(pts, (p) => p[0]);
	const py = Float64Array.from(pts, (p) => p[1]);
	return matchPoints(l, px, py, pts.length, { ...options, ...opts });
}

// Small U: entry y = 0 (s = x), exit y = 10 (s = 50 - x); a point at y = 7 is 3 m from the exit.
const u = uLine(20, 10);
const anywhere = { windowAheadM: 1e6, windowBackM: 1e6 };

describe("matchPoints: direction of travel", () => {
	it("measures the direction across the point, from the points either side", () => {
		// Before and after the point disagree; only across it is the lap heading east (entry leg).
		const before = run(
			u,
			[
				[0, 7],
				[10, 7],
				[10, 13],
			],
			anywhere,
		);
		expect(before.s[0]).toBeCloseTo(0, 6);
		expect(before.s[1]).toBeCloseTo(10, 6);
		const after = run(
			u,
			[
				[10, 1],
				[10, 7],
				[20, 7],
			],
			anywhere,
		);
		expect(after.s[1]).toBeCloseTo(10, 6);
	});

	it("widens the baseline only while it is shorter than 4 m", () => {
		// Exactly 4 m east across the point: enough; the wider baseline would point north.
		const east = run(
			u,
			[
				[8, -30],
				[8, 7],
				[10, 7],
				[12, 7],
				[12, 7],
			],
			anywhere,
		);
		expect(east.s[2]).toBeCloseTo(10, 6);
		// Exactly 4 m north: enough (any way is allowed, the exit leg is nearer); wider points east.
		const north = run(
			u,
			[
				[-30, 5],
				[10, 5],
				[10, 7],
				[10, 9],
				[10, 9],
			],
			anywhere,
		);
		expect(north.s[2]).toBeCloseTo(40, 6);
	});

	it("widens the baseline at most four times", () => {
		// Standing still for 12 points: the direction is unknown, though the 13th point moves east.
		const pts: [number, number][] = Array.from({ length: 12 }, () => [10, 7]);
		pts.push([20, 7]);
		expect(run(u, pts, anywhere).s[6]).toBeCloseTo(40, 6);
	});

	it("widens the baseline within the lap at its first and last points", () => {
		const first = run(
			u,
			[
				[10, 7],
				[10.2, 7],
				[20, 7],
			],
			anywhere,
		);
		expect(first.s[0]).toBeCloseTo(10, 6);
		const last = run(
			u,
			[
				[0, 7],
				[9.8, 7],
				[10, 7],
			],
			anywhere,
		);
		expect(last.s[2]).toBeCloseTo(10, 6);
	});

	it("trusts a direction from 0.5 m of movement, not less", () => {
		expect(
			run(
				u,
				[
					[10, 7],
					[10.5, 7],
				],
				anywhere,
			).s[0],
		).toBeCloseTo(10, 6);
		expect(
			run(
				u,
				[
					[10, 7],
					[10.3, 7],
				],
				anywhere,
			).s[0],
		).toBeCloseTo(40, 6);
	});

	it("compares unit directions, north-south as well as east-west", () => {
		// Heading east and a little south (cosine -0.28 with the north side): the side still counts.
		const m = run(
			u,
			[
				[17, 5],
				[21.8, 3.6],
			],
			anywhere,
		);
		expect(m.s[0]).toBeCloseTo(25, 6);
	});

	it("accepts a line point at exactly the lowest cosine", () => {
		const m = run(
			straightLine(50),
			[
				[10, 1],
				[10, 6],
			],
			{ minHeadingCos: 0 },
		);
		expect(m.s[0]).toBeCloseTo(10, 6);
	});

	it("leaves a point with no line point driven its way off the line, at no distance", () => {
		const m = run(straightLine(100), [
			[20, 0],
			[10, 0],
		]);
		expect(m.s[0]).toBeNaN();
		expect(m.lateralM[0]).toBe(Number.POSITIVE_INFINITY);
	});
});

describe("matchPoints: window and ties", () => {
	it("takes the first of two line points at the same distance", () => {
		expect(run(u, [[10, 5]], { ...anywhere, minHeadingCos: -2 }).s[0]).toBeCloseTo(10, 6);
	});

	it("matches a point exactly at the farthest distance allowed", () => {
		const m = run(straightLine(50), [[10, 15]]);
		expect(m.s[0]).toBeCloseTo(10, 6);
	});

	it("includes the window's last line point", () => {
		// Past the end, no window behind: the window is the line's last point alone.
		const m = run(
			straightLine(20),
			[
				[25, 0],
				[25, 0],
			],
			{ windowBackM: 0 },
		);
		expect(m.s[1]).toBe(20);
	});

	it("matches a point at a repeated line point to the first of the two", () => {
		// Points 2 and 3 at the same place; point 2 faces the other way, so point 3 is the nearest.
		const l = gridLine([
			[0, 0],
			[1, 0],
			[2, 0],
			[2, 0],
		]);
		l.tx.set([1, 1, -1, 1]);
		l.ty.fill(0);
		const m = run(l, [
			[2, 1],
			[7, 1],
		]);
		expect(m.s[0]).toBe(2);
	});

	it("never moves the window back when a match steps back", () => {
		const m = run(
			straightLine(100),
			[
				[0, 0],
				[30, 0],
				[25, 0],
				[14, 0],
			],
			{ maxLateralM: 2, minHeadingCos: -2 },
		);
		expect(m.s[2]).toBeCloseTo(25, 6);
		expect(m.s[3]).toBeNaN();
	});

	it("counts the window in metres on a line with a 2 m grid", () => {
		const wide = uLine(200, 20, 2);
		const m = run(
			wide,
			[
				[0, 0],
				[30, 0],
				[60, 0],
				[90, 0],
				[101, 12],
			],
			{ minHeadingCos: -2 },
		);
		expect(Array.from(m.s)).toEqual([0, 30, 60, 90, 101].map((v) => expect.closeTo(v, 6)));
	});
});

describe("matchPoints: off the line", () => {
	const big = uLine(200, 20);

	it("widens the window with the distance travelled off the line, driven the wrong way or not", () => {
		// 10 m in, away 300 m, back facing south (no line point that way), then on at 140 m.
		const pts: [number, number][] = [
			[0, 0],
			[10, 0],
			[20, 0],
			[20, 100],
			[150, 100],
			[150, 4],
			[140, 0],
			[160, 0],
		];
		const m = run(big, pts, { minHeadingCos: 0.5 });
		expect(m.s[5]).toBeNaN();
		expect(m.lateralM[5]).toBe(Number.POSITIVE_INFINITY);
		expect(m.s[6]).toBeCloseTo(140, 6);
	});

	it("keeps a point with no line point driven its way off the line, even with no distance limit", () => {
		// Climbing steeply north-east (no line point that way) for 270 m, then heading east.
		const pts: [number, number][] = [
			[0, 0],
			[10, 0],
		];
		for (let j = 1; j <= 9; j++) pts.push([10 + 10 * j, 30 * j]);
		pts.push([110, 280]);
		const m = run(straightLine(300), pts, {
			minHeadingCos: 0.5,
			maxLateralM: Number.POSITIVE_INFINITY,
		});
		expect(m.s[10]).toBeNaN();
		expect(m.s[11]).toBeCloseTo(110, 6);
	});

	it("starts counting afresh at each time off the line, the wrong way round", () => {
		// A first 500 m away; later turned round at 10 m (no line point that way), off again,
		// then 12 m wide of the entry at 30 m, 8 m from the exit leg (390 m) out of reach.
		const pts: [number, number][] = [
			[0, 0],
			[0, -100],
			[0, -300],
			[30, 0],
			[10, 0],
			[-10, -20],
			[30, 60],
			[30, 12],
		];
		const m = run(big, pts);
		expect(m.s[3]).toBeCloseTo(30, 6);
		expect(m.s[4]).toBeNaN();
		expect(m.s[7]).toBeCloseTo(30, 6);
	});

	it("starts counting afresh at each time off the line, away from it", () => {
		const pts: [number, number][] = [
			[0, 0],
			[0, 200],
			[0, 0],
			[0, 40],
			[30, 12],
		];
		const m = run(big, pts, { minHeadingCos: -2 });
		expect(m.s[2]).toBeCloseTo(0, 6);
		expect(m.s[3]).toBeNaN();
		expect(m.s[4]).toBeCloseTo(30, 6);
	});
});
