import { describe, expect, it } from "vitest";
import type { ImportIssue, TrackLines } from "../recording/types";
import { sortByLine, timeLapsFromLines } from "./lap-lines";
import { circleLaps, fixesFromLocal, type LocalSample, localGate } from "./test-paths";

/** Three laps of a circle of radius 100 m, lines numbered from 1. */
function circle() {
	// Crossings fall between fixes (50 ms past one).
	return circleLaps({ lapDurationsMs: [30_000, 28_600, 29_200], periodMs: 100, leadMs: 3050 });
}

function linesOf(c: ReturnType<typeof circle>, sectors = [] as TrackLines["sectors"]): TrackLines {
	return { startFinish: c.gate, sectors, directionDeg: c.directionDeg };
}

const reasons = (report: readonly ImportIssue[]) => report.map((r) => r.reason);

describe("timeLapsFromLines: sectors", () => {
	it("does not take a crossing at the lap's very start or end as a sector's end", () => {
		const c = circle();
		// A sector line on the start/finish line: crossed only at the lap's two ends.
		const result = timeLapsFromLines(c.fixes, linesOf(c, [c.gate]));
		expect(result.laps.map((l) => l.sectorsMs)).toEqual([
			[null, null],
			[null, null],
			[null, null],
		]);
		expect(reasons(result.report).filter((r) => r.includes("setor"))).toEqual([
			"volta 1: linha do setor 1 não cruzada",
			"volta 2: linha do setor 1 não cruzada",
			"volta 3: linha do setor 1 não cruzada",
		]);
	});

	it("reports a missed sector line at the line of the lap's first fix", () => {
		const c = circle();
		const away = localGate(500, 500, 510, 500);
		const result = timeLapsFromLines(c.fixes, linesOf(c, [away]));
		const missed = result.report.filter((r) => r.reason.includes("não cruzada"));
		// Each lap starts between the fix before its start crossing and the one after it.
		const starts = result.laps.map((lap) => lap.startMs);
		const lineAfter = (t: number) => c.fixes.line[c.fixes.timeMs.findIndex((f) => f > t)];
		expect(missed.map((r) => r.line)).toEqual(starts.map(lineAfter));
	});

	it("debounces a sector line by its own time, and says so with the line's number", () => {
		// Northwards along x = 0 over the sector line y = 50 and back over it and over again
		// within half a second, then round a long loop to the start/finish line at y = 0.
		const samples: LocalSample[] = [];
		const at = (t: number, x: number, y: number) => samples.push({ t, x, y });
		const lap = (t0: number) => {
			at(t0, 0, -5);
			at(t0 + 1000, 0, 5);
			at(t0 + 5000, 0, 49);
			at(t0 + 5100, 0, 51);
			at(t0 + 5200, 0.5, 49.5);
			at(t0 + 5300, 0.5, 51);
			at(t0 + 9000, 0, 90);
			at(t0 + 20_000, 300, 90);
			at(t0 + 30_000, 300, -50);
			at(t0 + 40_000, 0, -50);
		};
		lap(0);
		lap(50_000);
		at(100_000, 0, -5);
		at(101_000, 0, 5);
		const fixes = fixesFromLocal(samples, { firstLine: 7 });
		const lines: TrackLines = {
			startFinish: localGate(10, 0, -10, 0),
			sectors: [localGate(10, 50, -10, 50)],
			directionDeg: 0,
		};
		const result = timeLapsFromLines(fixes, lines);
		expect(result.laps).toHaveLength(2);
		const debounced = result.report.filter((r) => r.reason.includes("ignorada: menos de"));
		expect(debounced.map((r) => [r.line, r.reason])).toEqual([
			[12, "passagem pela linha do setor 1 ignorada: menos de 1,0 s após a anterior"],
			[22, "passagem pela linha do setor 1 ignorada: menos de 1,0 s após a anterior"],
		]);
		const against = result.report.filter((r) => r.reason.includes("sentido contrário"));
		expect(against.map((r) => [r.line, r.reason])).toEqual([
			[11, "passagem pela linha do setor 1 em sentido contrário ignorada"],
			[21, "passagem pela linha do setor 1 em sentido contrário ignorada"],
		]);
		// Sector 1 ends at the first crossing of y = 50: 5050 ms after the start at 500 ms.
		expect(result.laps.map((l) => l.sectorsMs[0])).toEqual([4550, 4550]);
		expect(reasons(result.report).filter((r) => r.includes("não cruzada"))).toEqual([]);
		const loose = timeLapsFromLines(fixes, lines, { sectorDebounceMs: 50 });
		expect(reasons(loose.report).some((r) => r.includes("ignorada: menos de"))).toBe(false);
		expect(reasons(loose.report).filter((r) => r.includes("setor 1 em sentido"))).toHaveLength(2);
	});

	it("says when a sector line's two points coincide", () => {
		const c = circle();
		const point = localGate(0, 100, 0, 100);
		const result = timeLapsFromLines(c.fixes, linesOf(c, [point]), { file: "a.gpx" });
		expect(result.report).toContainEqual({
			file: "a.gpx",
			line: 0,
			kind: "notice",
			reason: "linha do setor 1: os dois pontos coincidem",
		});
	});
});

describe("timeLapsFromLines: start/finish", () => {
	it("says when the given direction runs along the line, and times by the majority", () => {
		const c = circle();
		const result = timeLapsFromLines(c.fixes, { ...linesOf(c), directionDeg: 90 });
		expect(result.laps).toHaveLength(3);
		expect(result.report).toContainEqual({
			file: "",
			line: 0,
			kind: "notice",
			reason:
				"linha de largada/chegada: direção dada paralela à linha; valeu o sentido da maioria das passagens",
		});
	});

	it("reports a crossing against the direction at the line of the fix after it", () => {
		// North over y = 0 at 500 ms, south over it at 6500 ms, north again at 12 500 ms.
		const fixes = fixesFromLocal(
			[
				{ t: 0, x: 0, y: -5 },
				{ t: 1000, x: 0, y: 5 },
				{ t: 6000, x: 1, y: 5 },
				{ t: 7000, x: 1, y: -5 },
				{ t: 12_000, x: 2, y: -5 },
				{ t: 13_000, x: 2, y: 5 },
			],
			{ firstLine: 40 },
		);
		const lines = { startFinish: localGate(10, 0, -10, 0), sectors: [], directionDeg: 0 };
		const result = timeLapsFromLines(fixes, lines);
		expect(result.laps.map((l) => [l.startMs, l.timeMs])).toEqual([[500, 12_000]]);
		expect(result.report).toEqual([
			{
				file: "",
				line: 40,
				kind: "notice",
				reason:
					"1 ponto antes da primeira passagem pela linha de largada/chegada: fora das voltas (linha 40)",
			},
			{
				file: "",
				line: 43,
				kind: "notice",
				reason: "passagem pela linha de largada/chegada em sentido contrário ignorada",
			},
			{
				file: "",
				line: 45,
				kind: "notice",
				reason:
					"1 ponto depois da última passagem pela linha de largada/chegada: volta não concluída, fora das voltas (linha 45)",
			},
		]);
	});

	it("counts crossings beside the line within the margin asked", () => {
		const c = circle();
		// A line ending 5 m inside the circle's path, which passes at x = 100.
		const short = { ...linesOf(c), startFinish: localGate(80, 0, 95, 0) };
		expect(timeLapsFromLines(c.fixes, short).laps).toEqual([]);
		expect(timeLapsFromLines(c.fixes, short, { marginM: 6 }).laps).toHaveLength(3);
	});
});

describe("sortByLine", () => {
	it("orders entries by line, keeping the order of entries on one line", () => {
		const entry = (line: number, reason: string): ImportIssue => ({
			file: "",
			line,
			kind: "notice",
			reason,
		});
		const sorted = sortByLine([entry(5, "a"), entry(2, "b"), entry(5, "c"), entry(0, "d")]);
		expect(sorted.map((e) => e.reason)).toEqual(["d", "b", "a", "c"]);
	});
});
