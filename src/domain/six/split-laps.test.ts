import { describe, expect, it } from "vitest";
import { parseGpsFile } from "./parse-gps";
import { splitLaps } from "./split-laps";
import { fixture } from "./test-fixtures";

/** A gps.six from `lapCount:flag` pairs, one point per pair, lines numbered from 1. */
function gps(spec: string) {
	const lines = spec
		.trim()
		.split(/\s+/)
		.map((pair, i) => {
			const [lap, flag] = pair.split(":");
			return `-23.5,-46.${String(i + 1).padStart(4, "0")}|${i}|9|000000|${lap}|${flag}|x|${i}|0|${i}`;
		});
	return parseGpsFile(lines.join("\n")).points;
}

const ranges = (spec: string, completed: number[]) =>
	splitLaps(gps(spec), new Set(completed)).paths.map((p) => [p.lapNumber, p.start, p.end]);

describe("splitLaps", () => {
	it("saves a lap when the lap count changes while timing", () => {
		expect(ranges("0:0 1:1 1:1 2:1 2:1 3:1", [1, 2])).toEqual([
			[1, 1, 3],
			[2, 3, 5],
		]);
	});

	it("discards the collected points when the flag drops to 0", () => {
		expect(ranges("1:1 1:1 2:1 2:0 2:0 3:1 3:1 4:1", [1, 2, 3])).toEqual([
			[1, 0, 2],
			[3, 5, 7],
		]);
	});

	it("keeps the last run only when lap.six has that lap", () => {
		expect(ranges("1:1 2:1 2:1", [1])).toEqual([[1, 0, 1]]);
		expect(ranges("1:1 2:1 2:1", [1, 2])).toEqual([
			[1, 0, 1],
			[2, 1, 3],
		]);
	});

	it("replaces a second run of the same lap number and reports it", () => {
		const result = splitLaps(gps("1:1 1:1 2:1 1:1 1:1 1:1 3:1"), new Set([1, 2, 3]));
		expect(result.paths.map((p) => [p.lapNumber, p.start, p.end])).toEqual([
			[1, 3, 6],
			[2, 2, 3],
			[3, 6, 7],
		]);
		expect(result.report).toContainEqual({
			file: "gps.six",
			line: 1,
			kind: "notice",
			reason: "volta 1: trajeto (linhas 1-2) substituído por nova passagem (linhas 4-6)",
		});
	});

	it("reports the unfinished last lap and the timing stops", () => {
		const result = splitLaps(gps("1:1 1:0 2:1 3:1 3:1"), new Set([2]));
		expect(result.report.map((r) => `${r.line}: ${r.reason}`)).toEqual([
			"2: volta 1: cronometragem interrompida (indicador 0), 1 ponto descartado(s)",
			"4: volta 3: não concluída (ausente em lap.six), 2 pontos fora das voltas (linhas 4-5)",
		]);
	});

	it("returns nothing for no points or no timing", () => {
		expect(ranges("", [])).toEqual([]);
		expect(ranges("0:0 0:0 1:0", [1])).toEqual([]);
	});

	it("splits the normal fixture into laps 1-3 and leaves the unfinished 4th out", () => {
		const points = parseGpsFile(fixture("normal", "gps.six")).points;
		const result = splitLaps(points, new Set([1, 2, 3]));
		expect(result.paths).toEqual([
			{ lapNumber: 1, start: 2, end: 5 },
			{ lapNumber: 2, start: 5, end: 8 },
			{ lapNumber: 3, start: 8, end: 11 },
		]);
		expect(result.report).toHaveLength(1);
	});
});
