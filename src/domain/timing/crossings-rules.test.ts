import { describe, expect, it } from "vitest";
import { findGateCrossings, rawCrossings } from "./crossings";
import { fixesFromLocal, type LocalSample, localGate } from "./test-paths";

/** A gate 10 m wide across the y = 0 axis, from x = -5 (a) to x = 5 (b): left of a->b is north. */
const gate = localGate(-5, 0, 5, 0);
const options = { debounceMs: 5000, directionDeg: null, marginM: 0 };

function path(points: readonly [number, number][]) {
	return fixesFromLocal(points.map(([x, y], k) => ({ t: k * 100, x, y }) as LocalSample));
}

describe("rawCrossings: a path that begins or ends on the line", () => {
	it("takes the side of the way it leaves or reaches the line", () => {
		const southwards = rawCrossings(
			path([
				[0, -0.004],
				[0, -2],
				[0, -20],
				[1, -0.003],
			]),
			gate,
			0,
		);
		// Leaves the line southwards (to the right of a->b), comes back onto it from the south.
		expect(southwards.map((c) => [c.index, c.fraction, c.side])).toEqual([
			[0, 0, -1],
			[2, 1, 1],
		]);
		const fromNorth = rawCrossings(
			path([
				[0, 3],
				[0, 2],
				[0, 0.002],
			]),
			gate,
			0,
		);
		expect(fromNorth).toEqual([{ timeMs: 200, index: 1, fraction: 1, side: -1 }]);
	});

	it("counts an end on the line only beyond neither end of the segment, or within the margin", () => {
		const startsBeside = path([
			[-5.5, 0.01],
			[-5.5, 2],
		]);
		expect(rawCrossings(startsBeside, gate, 0)).toEqual([]);
		expect(rawCrossings(startsBeside, gate, 0.4)).toEqual([]);
		expect(rawCrossings(startsBeside, gate, 0.6)).toHaveLength(1);
		const endsBeside = path([
			[-5.5, 2],
			[-5.5, 0.01],
		]);
		expect(rawCrossings(endsBeside, gate, 0)).toEqual([]);
		expect(rawCrossings(endsBeside, gate, 0.6)).toHaveLength(1);
		const endsBeyondB = path([
			[5.5, 2],
			[5.5, 0.01],
		]);
		expect(rawCrossings(endsBeyondB, gate, 0.4)).toEqual([]);
		expect(rawCrossings(endsBeyondB, gate, 0.6)).toHaveLength(1);
	});

	it("measures a crossing beyond the start of the segment in metres", () => {
		const beside = path([
			[-5.5, -1],
			[-5.5, 1],
		]);
		expect(rawCrossings(beside, gate, 0.4)).toEqual([]);
		expect(rawCrossings(beside, gate, 0.6)).toHaveLength(1);
	});

	it("does not count a fix in the middle of the path that touches the line and turns back", () => {
		const touches = path([
			[0, -2],
			[0, -0.01],
			[0, -2],
		]);
		expect(rawCrossings(touches, gate, 0)).toEqual([]);
		const touchesTwice = path([
			[0, -2],
			[0, -0.01],
			[0, -2],
			[0, -0.01],
			[0, -2],
		]);
		expect(rawCrossings(touchesTwice, gate, 0)).toEqual([]);
	});
});

describe("rawCrossings: a line at an angle", () => {
	// From (-5, -5) to (5, 5); its end b extended by 2 m lies at (5 + √2, 5 + √2).
	const diagonal = localGate(-5, -5, 5, 5);
	const e = 5 + Math.SQRT2;

	it("measures the margin beyond an end along the line, in metres", () => {
		const across = path([
			[e - 1, e + 1],
			[e + 1, e - 1],
		]);
		expect(rawCrossings(across, diagonal, 1.95)).toEqual([]);
		expect(rawCrossings(across, diagonal, 2.05)).toHaveLength(1);
		const inside = path([
			[-1, 1],
			[1, -1],
		]);
		expect(rawCrossings(inside, diagonal, 0)).toMatchObject([{ index: 0, side: -1 }]);
	});

	it("tells a path starting on the line from one starting beside its end", () => {
		// 3 cm off the line (on its right), at its middle and 1 m beyond b.
		const onLine = path([
			[0.02, -0.02],
			[2, -2],
		]);
		expect(rawCrossings(onLine, diagonal, 0)).toMatchObject([{ index: 0, fraction: 0, side: -1 }]);
		const beyond = path([
			[e - 0.69, e - 0.71],
			[e + 1.31, e - 2.71],
		]);
		expect(rawCrossings(beyond, diagonal, 0)).toEqual([]);
		expect(rawCrossings(beyond, diagonal, 1.2)).toHaveLength(1);
	});
});

describe("findGateCrossings", () => {
	it("accepts a crossing exactly the debounce after the last accepted one", () => {
		// Fixes on the line at 1 s and 6 s, northwards; back south in between.
		const fixes = fixesFromLocal([
			{ t: 0, x: 0, y: -1 },
			{ t: 1000, x: 0, y: 0 },
			{ t: 2000, x: 0, y: 1 },
			{ t: 3000, x: 1, y: 1 },
			{ t: 4000, x: 1, y: -1 },
			{ t: 5000, x: 2, y: -1 },
			{ t: 6000, x: 2, y: 0 },
			{ t: 7000, x: 2, y: 1 },
		]);
		const result = findGateCrossings(fixes, gate, options);
		expect(result.crossings.map((c) => c.timeMs)).toEqual([1000, 6000]);
		expect(result.debounced).toEqual([]);
		const longer = findGateCrossings(fixes, gate, { ...options, debounceMs: 5001 });
		expect(longer.debounced.map((c) => c.timeMs)).toEqual([6000]);
	});

	it("takes the majority's side over the first crossing's, and the first's on a tie", () => {
		// South over the line, then north twice (back south beside the line, at x = 7); then north
		// and south once each.
		const southFirst = path([
			[0, 1],
			[0, -1],
			[1, -1],
			[1, 1],
			[7, 1],
			[7, -1],
			[2, -1],
			[2, 1],
		]);
		expect(findGateCrossings(southFirst, gate, { ...options, debounceMs: 0 }).side).toBe(1);
		const tie = path([
			[0, -1],
			[0, 1],
			[1, 1],
			[1, -1],
		]);
		expect(findGateCrossings(tie, gate, options).side).toBe(1);
	});

	it("keeps the given side when nothing crosses, and the majority's when something does", () => {
		const away = path([
			[0, 5],
			[1, 5],
		]);
		expect(findGateCrossings(away, gate, { ...options, directionDeg: 180 }).side).toBe(-1);
		expect(findGateCrossings(away, gate, options).side).toBeNull();
		const north = path([
			[0, -1],
			[0, 1],
		]);
		expect(findGateCrossings(north, gate, options).side).toBe(1);
	});

	it("is not degenerate for a line along a parallel or a meridian", () => {
		const meridian = localGate(0, -5, 0, 5);
		const east = path([
			[-1, 0],
			[1, 0],
		]);
		const result = findGateCrossings(east, meridian, { ...options, directionDeg: 0 });
		expect(result.degenerate).toBe(false);
		expect(result.directionIgnored).toBe(true);
		expect(result.crossings).toHaveLength(1);
		const parallel = findGateCrossings(
			path([
				[0, -1],
				[0, 1],
			]),
			gate,
			{ ...options, directionDeg: 90 },
		);
		expect(parallel.degenerate).toBe(false);
		expect(parallel.directionIgnored).toBe(true);
	});
});
