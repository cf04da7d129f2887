import { describe, expect, it } from "vitest";
import type { Fixes } from "../recording/types";
import { startFinishFromMarks } from "./marks-start-line";
import { localProjection, projectY } from "./projection";
import { fixesFromLocal, TEST_ORIGIN } from "./test-paths";

/** Northwards along x = 0, 10 m a second: fix i at y = 10 i, t = 1000 i. */
const fixes: Fixes = fixesFromLocal(
	Array.from({ length: 12 }, (_, i) => ({ t: i * 1000, x: 0, y: 10 * i })),
);

/** Metres north of the test origin of the derived line's centre. */
function centreY(marks: number[]): number {
	const derived = startFinishFromMarks(fixes, marks)!;
	return projectY(localProjection(TEST_ORIGIN), derived.centre.lat);
}

describe("startFinishFromMarks: where the lap counter changes", () => {
	it("changes on the first fix at or after each mark", () => {
		// A mark at 5 s: the fix at 5 s starts the next lap, the line lies between 40 and 50 m.
		expect(centreY([5000])).toBeCloseTo(45, 6);
		expect(centreY([5500])).toBeCloseTo(55, 6);
	});

	it("takes the marks in time order, whatever order they are given in", () => {
		// Each mark one lap: the counter rises by one at 3 s and at 5 s.
		const derived = startFinishFromMarks(fixes, [4500, 2500])!;
		expect(derived.used).toBe(2);
		expect(projectY(localProjection(TEST_ORIGIN), derived.centre.lat)).toBeCloseTo(
			(25 + 45) / 2,
			6,
		);
	});

	it("places a line from two fixes and a mark between them", () => {
		const two = fixesFromLocal([
			{ t: 0, x: 0, y: 0 },
			{ t: 1000, x: 0, y: 10 },
		]);
		const derived = startFinishFromMarks(two, [500])!;
		expect(projectY(localProjection(TEST_ORIGIN), derived.centre.lat)).toBeCloseTo(5, 6);
	});

	it("passes the width on", () => {
		const derived = startFinishFromMarks(fixes, [5000], { widthM: 8 })!;
		const { a, b } = derived.lines.startFinish;
		const p = localProjection(TEST_ORIGIN);
		expect(Math.abs(projectY(p, a.lat) - projectY(p, b.lat))).toBeLessThan(1e-6);
		expect(derived.lines.directionDeg).toBeCloseTo(0, 6);
		const width = Math.abs(a.lon - b.lon) * p.metresPerDegreeLon;
		expect(width).toBeCloseTo(8, 3);
	});
});
