import { describe, expect, it } from "vitest";
import { runCompareBenchmark } from "./compare.bench";

describe("comparison benchmark", () => {
	it("runs on small laps and reports every figure as a ratio to the plain pass", async () => {
		const r = await runCompareBenchmark({ points: 800, print: false });
		expect(r.points.lap).toBeGreaterThan(700);
		expect(r.corners).toBe(8);
		for (const ratio of [r.deltaRatio, r.deltaPreparedRatio, r.cornersRatio]) {
			expect(Number.isFinite(ratio)).toBe(true);
			expect(ratio).toBeGreaterThan(0);
		}
	});
});
