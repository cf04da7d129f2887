import { describe, expect, it } from "vitest";
import { timeLapsFromMarks } from "./lap-marks";
import { fixesFromLocal } from "./test-paths";

/** 2 m every 100 ms along y, from t = 0 to 5 s; lines 10, 11, … */
const fixes = fixesFromLocal(
	Array.from({ length: 51 }, (_, i) => ({ t: i * 100, x: 0, y: i * 2, speedKmh: 72 })),
	{ firstLine: 10 },
);

describe("timeLapsFromMarks", () => {
	it("times a lap between consecutive marks, with channels spanning each lap", () => {
		const result = timeLapsFromMarks(fixes, [1050, 2000, 3475], { file: "rc.csv" });
		expect(result.timing).toEqual({ kind: "markers" });
		expect(result.laps.map((l) => [l.number, l.startMs, l.timeMs])).toEqual([
			[1, 1050, 950],
			[2, 2000, 1475],
		]);
		for (const lap of result.laps) {
			expect(lap.sectorsMs).toEqual([]);
			expect(lap.channels.timeMs[0]).toBe(0);
			expect(lap.channels.timeMs[lap.channels.length - 1]).toBe(lap.timeMs);
		}
		expect(result.laps[0]!.channels.distanceM[result.laps[0]!.channels.length - 1]).toBeCloseTo(
			19,
			6,
		);
		expect(result.laps[1]!.channels.length).toBe(16);
	});

	it("says which points are outside the laps", () => {
		const result = timeLapsFromMarks(fixes, [1000, 2000], { file: "rc.csv" });
		expect(result.report).toEqual([
			{
				file: "rc.csv",
				line: 10,
				kind: "notice",
				reason: "10 pontos antes da primeira marca de volta: fora das voltas (linhas 10-19)",
			},
			{
				file: "rc.csv",
				line: 31,
				kind: "notice",
				reason:
					"30 pontos depois da última marca de volta: volta não concluída, fora das voltas (linhas 31-60)",
			},
		]);
		expect(timeLapsFromMarks(fixes, [0, 5000]).report).toEqual([]);
	});

	it("sets aside marks outside the recording or not advancing", () => {
		const result = timeLapsFromMarks(fixes, [-5, 1000, 1000, 900, 2000, 9000]);
		expect(result.laps.map((l) => l.timeMs)).toEqual([1000]);
		expect(
			result.report.map((r) => r.reason).filter((r) => !r.includes("fora das voltas")),
		).toEqual([
			"marca de volta fora do intervalo dos pontos ignorada (-5 ms)",
			"marca de volta fora do intervalo dos pontos ignorada (9000 ms)",
			"marca de volta que não avança no tempo ignorada",
			"marca de volta que não avança no tempo ignorada",
		]);
	});

	it("times nothing with fewer than two marks", () => {
		expect(timeLapsFromMarks(fixes, []).timing).toEqual({ kind: "none" });
		expect(timeLapsFromMarks(fixes, []).report[0]?.reason).toBe(
			"nenhuma marca de volta: nenhuma volta cronometrada",
		);
		const one = timeLapsFromMarks(fixes, [1000]);
		expect(one.laps).toEqual([]);
		expect(one.report[0]?.reason).toBe("uma só marca de volta: nenhuma volta completa");
	});
});
