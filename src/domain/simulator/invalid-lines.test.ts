import { describe, expect, it } from "vitest";
import { damageLine, insertInvalidLines } from "./invalid-lines";
import { createRng } from "./prng";

const current = "-23.7011000,-46.6972000|123.5|11|130000.00|2|1|12.6V|-41.3|-38.0|5123";
const old = "-23.7011000,-46.6972000|123.5|11|130000.00|2|1|12.6V";

describe("damageLine", () => {
	it("writes a fix-less position", () => {
		expect(damageLine(current, "no-fix", "current")).toBe(
			"0,0|123.5|11|130000.00|2|1|12.6V|-41.3|-38.0|5123",
		);
	});

	it("garbles the speed", () => {
		expect(damageLine(old, "bad-speed", "old").split("|")).toEqual([
			"-23.7011000,-46.6972000",
			"--.-",
			"11",
			"130000.00",
			"2",
			"1",
			"12.6V",
		]);
	});

	it("cuts a line to a field count neither variant has", () => {
		expect(damageLine(current, "truncated", "current").split("|")).toHaveLength(5);
		expect(damageLine(old, "truncated", "old")).toBe("-23.7011000,-46.6972000|123.5|11|13000");
	});
});

describe("insertInvalidLines", () => {
	const lines = Array.from({ length: 1000 }, (_, i) => `${current}#${i}`);

	it("inserts exactly the asked number, keeping every valid line in order", () => {
		const out = insertInvalidLines(lines, 7, "current", createRng(1));
		expect(out).toHaveLength(1007);
		expect(
			out.filter((l) => l.includes("#") && !l.startsWith("0,0") && !l.includes("--.-")),
		).toEqual(lines);
		expect(out[0]).toBe(lines[0]);
	});

	it("spreads them over the file", () => {
		const out = insertInvalidLines(lines, 3, "current", createRng(2));
		const positions = out.map((l, i) => (lines.includes(l) ? -1 : i)).filter((i) => i >= 0);
		expect(positions).toHaveLength(3);
		expect(positions[0]!).toBeLessThan(334);
		expect(positions[1]!).toBeGreaterThan(333);
		expect(positions[1]!).toBeLessThan(668);
		expect(positions[2]!).toBeGreaterThan(667);
	});

	it("puts each damaged line inside its own share of the file, away from the share's edges", () => {
		// 4 damaged lines in 1000: the j-th lands in lines 250j + 37 .. 250j + 213 of the input.
		for (let seed = 1; seed <= 30; seed++) {
			const out = insertInvalidLines(lines, 4, "current", createRng(seed));
			const positions = out.map((l, i) => (lines.includes(l) ? -1 : i)).filter((i) => i >= 0);
			for (const [j, position] of positions.entries()) {
				const before = position - j; // valid lines ahead of it
				expect(before).toBeGreaterThanOrEqual(250 * j + 37);
				expect(before).toBeLessThanOrEqual(250 * j + 213);
			}
		}
	});

	it("cycles through the kinds after a single line, and damages nothing in an empty file", () => {
		expect(insertInvalidLines([current], 3, "current", createRng(4))).toEqual([
			current,
			damageLine(current, "no-fix", "current"),
			damageLine(current, "truncated", "current"),
			damageLine(current, "bad-speed", "current"),
		]);
		expect(insertInvalidLines([], 3, "current", createRng(5))).toEqual([]);
	});

	it("returns a copy when none is asked for, and copes with a single line", () => {
		const out = insertInvalidLines(lines, 0, "current", createRng(3));
		expect(out).toEqual(lines);
		expect(out).not.toBe(lines);
		expect(insertInvalidLines([current], 2, "current", createRng(4))).toHaveLength(3);
	});
});
