import { describe, expect, it } from "vitest";
import { timeLapsFromMarks } from "./lap-marks";
import { fixesFromLocal } from "./test-paths";

/** 2 m every 100 ms along y, from t = 0 to 5 s; lines 10, 11, … */
const fixes = fixesFromLocal(
	Array.from({ length: 51 }, (_, i) => ({ t: i * 100, x: 0, y: i * 2 })),
	{ firstLine: 10 },
);

describe("timeLapsFromMarks: the points outside the laps", () => {
	it("counts a fix exactly at the first mark inside the lap, one before it outside", () => {
		const between = timeLapsFromMarks(fixes, [1050, 2000]);
		// Fixes at 0 … 1000 ms (11 of them) come before a mark at 1050 ms.
		expect(between.report[0]?.reason).toBe(
			"11 pontos antes da primeira marca de volta: fora das voltas (linhas 10-20)",
		);
		const onFix = timeLapsFromMarks(fixes, [1000, 2000]);
		expect(onFix.report[0]?.reason).toBe(
			"10 pontos antes da primeira marca de volta: fora das voltas (linhas 10-19)",
		);
	});

	it("reports a mark that does not advance at the line of its fix, in the file's order", () => {
		const result = timeLapsFromMarks(fixes, [1000, 3000, 2500, 4000], { file: "t.csv" });
		expect(result.laps.map((l) => [l.startMs, l.timeMs])).toEqual([
			[1000, 2000],
			[3000, 1000],
		]);
		expect(result.report.map((r) => [r.line, r.reason])).toEqual([
			[10, "10 pontos antes da primeira marca de volta: fora das voltas (linhas 10-19)"],
			[35, "marca de volta que não avança no tempo ignorada"],
			[
				51,
				"10 pontos depois da última marca de volta: volta não concluída, fora das voltas (linhas 51-60)",
			],
		]);
		expect(result.report.every((r) => r.file === "t.csv" && r.kind === "notice")).toBe(true);
	});

	it("counts the points after a last mark that falls before the second fix", () => {
		const result = timeLapsFromMarks(fixes, [20, 70]);
		expect(result.laps.map((l) => [l.startMs, l.timeMs])).toEqual([[20, 50]]);
		expect(result.report).toEqual([
			{
				file: "",
				line: 10,
				kind: "notice",
				reason: "1 ponto antes da primeira marca de volta: fora das voltas (linha 10)",
			},
			{
				file: "",
				line: 11,
				kind: "notice",
				reason:
					"50 pontos depois da última marca de volta: volta não concluída, fora das voltas (linhas 11-60)",
			},
		]);
	});
});
