import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	DEFAULT_GATE_MARGIN_M,
	ENDPOINT_ON_LINE_M,
	findGateCrossings,
	rawCrossings,
	START_FINISH_DEBOUNCE_MS,
	sideOfDirection,
} from "./crossings";
import { circleLaps, fixesFromLocal, localGate } from "./test-paths";

/** A gate 10 m wide across the y = 0 axis, from x = -5 (a) to x = 5 (b): left of a->b is north. */
const gate = localGate(-5, 0, 5, 0);
const options = { debounceMs: START_FINISH_DEBOUNCE_MS, directionDeg: null, marginM: 0 };

describe("rawCrossings", () => {
	it("interpolates the crossing time between the fixes on either side", () => {
		const path = fixesFromLocal([
			{ t: 0, x: 0, y: -1 },
			{ t: 1000, x: 0, y: 3 },
		]);
		const [c] = rawCrossings(path, gate, 0);
		expect(c?.timeMs).toBeCloseTo(250, 6);
		expect(c?.fraction).toBeCloseTo(0.25, 9);
		expect(c).toMatchObject({ index: 0, side: 1 });
	});

	it("keeps the exact instant, finer than a millisecond", () => {
		const path = fixesFromLocal([
			{ t: 1000, x: 0, y: -1 },
			{ t: 2000, x: 0, y: 2 },
		]);
		const [c] = rawCrossings(path, gate, 0);
		expect(c?.timeMs).toBeCloseTo(1333.3333, 3);
		expect(c?.fraction).toBeCloseTo(1 / 3, 9);
	});

	it("counts a crossing in each direction with its side", () => {
		const path = fixesFromLocal([
			{ t: 0, x: 0, y: -2 },
			{ t: 100, x: 0, y: 2 },
			{ t: 200, x: 1, y: -2 },
		]);
		expect(rawCrossings(path, gate, 0).map((c) => [c.index, c.side])).toEqual([
			[0, 1],
			[1, -1],
		]);
	});

	it("counts a path that begins or ends on the line (a lapsix export read again) at that fix", () => {
		// Written to about a centimetre: the ends lie a few millimetres to either side.
		const path = fixesFromLocal([
			{ t: 0, x: 0, y: 0.004 },
			{ t: 100, x: 0, y: 2 },
			{ t: 200, x: 1, y: 20 },
			{ t: 300, x: 1, y: -2 },
			{ t: 400, x: 0, y: -0.003 },
		]);
		const found = rawCrossings(path, gate, 0);
		// Away from the line northwards, back south across it, then north again onto it.
		expect(found.map((c) => [c.index, c.side])).toEqual([
			[0, 1],
			[2, -1],
			[3, 1],
		]);
		expect(found[0]).toMatchObject({ timeMs: 0, fraction: 0 });
		expect(found[2]).toMatchObject({ timeMs: 400, fraction: 1 });
		expect(ENDPOINT_ON_LINE_M).toBe(0.05);
	});

	it("does not count ends off the line, beside the segment, or a path that stays on it", () => {
		const ends = (y0: number, y1: number, x = 0) =>
			rawCrossings(
				fixesFromLocal([
					{ t: 0, x, y: y0 },
					{ t: 100, x, y: 2 },
					{ t: 200, x, y: y1 },
				]),
				gate,
				0,
			);
		expect(ends(0.06, 0.06)).toEqual([]);
		expect(ends(0.01, 0.01, 5.5)).toEqual([]);
		const standing = fixesFromLocal([
			{ t: 0, x: 0, y: 0.01 },
			{ t: 100, x: 1, y: 0.02 },
		]);
		expect(rawCrossings(standing, gate, 0)).toEqual([]);
	});

	it("counts a fix exactly on the line once", () => {
		const path = fixesFromLocal([
			{ t: 0, x: 0, y: -1 },
			{ t: 100, x: 0, y: 0 },
			{ t: 200, x: 0, y: 1 },
		]);
		const found = rawCrossings(path, gate, 0);
		expect(found).toHaveLength(1);
		expect(found[0]).toMatchObject({ timeMs: 100, index: 0, fraction: 1 });
	});

	it("rejects a crossing beyond the segment's ends, unless within the margin", () => {
		const beside = fixesFromLocal([
			{ t: 0, x: 7, y: -1 },
			{ t: 100, x: 7, y: 1 },
		]);
		expect(DEFAULT_GATE_MARGIN_M).toBe(0);
		expect(rawCrossings(beside, gate, 0)).toEqual([]);
		expect(rawCrossings(beside, gate, 1.9)).toEqual([]);
		expect(rawCrossings(beside, gate, 2.1)).toHaveLength(1);
		const otherEnd = fixesFromLocal([
			{ t: 0, x: -5.5, y: -1 },
			{ t: 100, x: -5.5, y: 1 },
		]);
		expect(rawCrossings(otherEnd, gate, 0)).toEqual([]);
		expect(rawCrossings(otherEnd, gate, 0.6)).toHaveLength(1);
	});

	it("crosses at the segment's very end", () => {
		const path = fixesFromLocal([
			{ t: 0, x: 4.999, y: -1 },
			{ t: 100, x: 4.999, y: 1 },
		]);
		expect(rawCrossings(path, gate, 0)).toHaveLength(1);
	});

	it("gives fraction 0 between fixes with the same time", () => {
		const path = fixesFromLocal([
			{ t: 500, x: 0, y: -1 },
			{ t: 500, x: 0, y: 1 },
		]);
		expect(rawCrossings(path, gate, 0)).toEqual([{ timeMs: 500, index: 0, fraction: 0, side: 1 }]);
	});

	it("finds nothing on a line whose ends coincide, or on fewer than two fixes", () => {
		const path = fixesFromLocal([
			{ t: 0, x: 0, y: -1 },
			{ t: 100, x: 0, y: 1 },
		]);
		expect(rawCrossings(path, { a: gate.a, b: gate.a }, 100)).toEqual([]);
		expect(rawCrossings(fixesFromLocal([{ t: 0, x: 0, y: 0 }]), gate, 0)).toEqual([]);
		const result = findGateCrossings(path, { a: gate.a, b: gate.a }, options);
		expect(result.degenerate).toBe(true);
		expect(result.crossings).toEqual([]);
		expect(result.side).toBeNull();
	});
});

describe("sideOfDirection", () => {
	it("tells which side travel along a bearing goes to", () => {
		expect(sideOfDirection(gate, 0)).toBe(1);
		expect(sideOfDirection(gate, 20)).toBe(1);
		expect(sideOfDirection(gate, 180)).toBe(-1);
		expect(sideOfDirection(gate, 250)).toBe(-1);
	});

	it("is null for a bearing within 15° of the line, or a line of no length", () => {
		expect(sideOfDirection(gate, 90)).toBeNull();
		expect(sideOfDirection(gate, 280)).toBeNull();
		expect(sideOfDirection(gate, 106)).toBe(-1);
		expect(sideOfDirection({ a: gate.a, b: gate.a }, 0)).toBeNull();
		expect(sideOfDirection(gate, Number.NaN)).toBeNull();
	});
});

describe("findGateCrossings", () => {
	/** Forward over the line at 10 s, back across it at 20 s, forward again at 40 s and 60 s. */
	const backAndForth = fixesFromLocal([
		{ t: 9_000, x: 0, y: -1 },
		{ t: 11_000, x: 0, y: 1 },
		{ t: 19_000, x: 1, y: 1 },
		{ t: 21_000, x: 1, y: -1 },
		{ t: 39_000, x: 2, y: -1 },
		{ t: 41_000, x: 2, y: 1 },
		{ t: 50_000, x: 50, y: 1 },
		{ t: 51_000, x: 50, y: -1 },
		{ t: 59_000, x: -2, y: -1 },
		{ t: 61_000, x: -2, y: 1 },
	]);

	it("keeps the majority direction when none is given", () => {
		const result = findGateCrossings(backAndForth, gate, options);
		expect(result.side).toBe(1);
		expect(result.crossings.map((c) => c.timeMs)).toEqual([10_000, 40_000, 60_000]);
		expect(result.againstDirection.map((c) => c.timeMs)).toEqual([20_000]);
		expect(result.directionIgnored).toBe(false);
	});

	it("keeps the given direction, even against the majority", () => {
		const result = findGateCrossings(backAndForth, gate, { ...options, directionDeg: 185 });
		expect(result.side).toBe(-1);
		expect(result.crossings.map((c) => c.timeMs)).toEqual([20_000]);
		expect(result.againstDirection).toHaveLength(3);
	});

	it("falls back to the majority when the given direction runs along the line", () => {
		const result = findGateCrossings(backAndForth, gate, { ...options, directionDeg: 95 });
		expect(result.directionIgnored).toBe(true);
		expect(result.side).toBe(1);
		expect(result.crossings).toHaveLength(3);
	});

	it("breaks a tie with the first crossing's direction", () => {
		const tie = fixesFromLocal([
			{ t: 0, x: 0, y: 1 },
			{ t: 1000, x: 0, y: -1 },
			{ t: 9000, x: 1, y: -1 },
			{ t: 10_000, x: 1, y: 1 },
		]);
		const result = findGateCrossings(tie, gate, options);
		expect(result.side).toBe(-1);
		expect(result.crossings.map((c) => c.timeMs)).toEqual([500]);
	});

	it("debounces crossings that follow an accepted one too soon", () => {
		// GPS jitter at the line: over, back, over again within a second, then a lap later.
		const jitter = fixesFromLocal([
			{ t: 0, x: 0, y: -1 },
			{ t: 200, x: 0, y: 1 },
			{ t: 400, x: 0.5, y: -0.5 },
			{ t: 600, x: 0.5, y: 1 },
			{ t: 4_000, x: 1, y: -1 },
			{ t: 4_800, x: 1, y: 1 },
			{ t: 5_000, x: 1, y: -1 },
			{ t: 5_400, x: 1, y: 1 },
		]);
		const result = findGateCrossings(jitter, gate, options);
		const ms = (list: { timeMs: number }[]) => list.map((c) => Math.round(c.timeMs));
		expect(ms(result.crossings)).toEqual([100, 5_200]);
		expect(ms(result.debounced)).toEqual([467, 4_400]);
		expect(ms(result.againstDirection)).toEqual([333, 2_300, 4_900]);
		const short = findGateCrossings(jitter, gate, { ...options, debounceMs: 1000 });
		expect(ms(short.crossings)).toEqual([100, 4_400]);
	});

	it("finds every lap's crossing of a circle, within a millisecond (property)", () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: 20_000, max: 120_000 }), { minLength: 1, maxLength: 8 }),
				fc.constantFrom(40, 50, 100, 200, 1000),
				fc.integer({ min: 0, max: 30 }),
				fc.boolean(),
				fc.integer({ min: 0, max: 2 ** 31 }),
				(lapDurationsMs, periodMs, jitterMs, clockwise, seed) => {
					let state = seed;
					const random = () => {
						state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
						return state / 2 ** 31;
					};
					const circle = circleLaps({ lapDurationsMs, periodMs, jitterMs, random, clockwise });
					const result = findGateCrossings(circle.fixes, circle.gate, {
						...options,
						directionDeg: circle.directionDeg,
					});
					expect(result.crossings).toHaveLength(circle.crossingsMs.length);
					result.crossings.forEach((c, k) => {
						// Linear interpolation on a chord of the circle.
						expect(Math.abs(c.timeMs - circle.crossingsMs[k]!)).toBeLessThanOrEqual(
							periodMs >= 1000 ? 5 : 0.5,
						);
					});
					expect(result.againstDirection).toEqual([]);
					expect(result.debounced).toEqual([]);
				},
			),
			{ numRuns: 60 },
		);
	});
});
