import { describe, expect, it } from "vitest";
import { checkDirection } from "./direction";
import { projectPoints } from "./geo";
import { type MatchOptions, matchPoints } from "./match";
import { prepareReference } from "./reference-line";
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
