import { describe, expect, it } from "vitest";
import { curvatureAlong, headingAlong } from "./curvature";
import { prepareReference, type ReferenceLine } from "./reference-line";
import { pathOfPieces } from "./test-paths";

describe("curvatureAlong", () => {
	it("reads a circle's curvature all along it, up to both ends of the line", () => {
		const line = prepareReference(pathOfPieces([[300, 1 / 50]], 15))!;
		const k = curvatureAlong(line, 6, 0.3);
		expect(k.length).toBe(line.count);
		// Within a fifth of 1/50 even where the spans are cut short by the ends.
		for (const c of k) expect(Math.abs(c - 1 / 50)).toBeLessThan(0.004);
	});

	it("takes the least half-width in metres, whatever the grid's step", () => {
		// A 30 m bend of radius 20 m between straights, on a 2 m grid: ±6 m keeps its peak.
		const lap = pathOfPieces(
			[
				[100, 0],
				[30, 1 / 20],
				[100, 0],
			],
			10,
		);
		const line = prepareReference(lap, { stepM: 2 })!;
		const peak = Math.max(...curvatureAlong(line, 6, 0.3));
		expect(peak).toBeGreaterThan(0.8 / 20);
	});
});

describe("headingAlong", () => {
	/** Only the tangents matter to the heading. */
	function tangents(tx: number[], ty: number[]): ReferenceLine {
		return {
			count: tx.length,
			tx: Float64Array.from(tx),
			ty: Float64Array.from(ty),
		} as ReferenceLine;
	}

	it("unwraps a step of exactly half a turn as turning left, either way round", () => {
		expect(Array.from(headingAlong(tangents([1, -1], [0, 0])))).toEqual([0, Math.PI]);
		expect(Array.from(headingAlong(tangents([-1, 1], [0, 0])))).toEqual([Math.PI, 0]);
	});

	it("unwraps a heading past west into more than half a turn", () => {
		const h = headingAlong(tangents([-1, -1, -1], [0.1, 0, -0.1]));
		expect(h[2]! - h[0]!).toBeCloseTo(2 * Math.atan(0.1), 12);
	});
});
