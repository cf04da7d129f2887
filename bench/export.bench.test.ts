import { describe, expect, it } from "vitest";
import { formatExportBench, runExportBenchmark } from "./export.bench";

describe("export benchmark", () => {
	it("measures every writer against its toFixed pass (small session, no timing checked)", async () => {
		const result = await runExportBenchmark({ laps: 1, hz: 10, runs: 1, print: false });
		expect(result.rows.map((r) => r.format)).toEqual(["gpx", "kml", "csv", "vbo"]);
		for (const row of result.rows) {
			expect(row.chars).toBeGreaterThan(result.points * 20);
			expect(Number.isFinite(row.ratio) && row.ratio > 0).toBe(true);
		}
		expect(formatExportBench(result)).toContain("razão");
	});
});
