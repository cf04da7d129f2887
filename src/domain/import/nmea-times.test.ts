import { describe, expect, it } from "vitest";
import { FixesBuilder } from "./fixes-builder";
import { assignTimes } from "./nmea-times";
import { ImportReport } from "./report";

const H = 3_600_000;
const DAY = 24 * H;
const D = Date.UTC(2024, 0, 15);

/** Runs `assignTimes` on one fix per time of day (lines 1, 2, …). */
function run(tods: number[], dates: number[] = tods.map(() => Number.NaN)) {
	const fixes = new FixesBuilder();
	for (let i = 0; i < tods.length; i++) {
		const r = fixes.next();
		fixes.line[r] = i + 1;
		fixes.commit();
	}
	const report = new ImportReport("t.nmea");
	const dateKnown = assignTimes(fixes, Float64Array.from(dates), Float64Array.from(tods), report);
	return {
		dateKnown,
		times: Array.from(fixes.timeMs.subarray(0, fixes.length)),
		lines: Array.from(fixes.line.subarray(0, fixes.length)),
		rejected: report.rejectedCount,
	};
}

describe("assignTimes", () => {
	it("moves to the next day when the time drops by more than 12 h", () => {
		const r = run([23 * H, 1 * H], [D, Number.NaN]);
		expect(r.dateKnown).toBe(true);
		expect(r.times).toEqual([D + 23 * H, D + DAY + H]);
	});
	it("does not move on a drop of exactly 12 h (the fix does not advance)", () => {
		const r = run([13 * H, 1 * H]);
		expect(r.dateKnown).toBe(false);
		expect(r.times).toEqual([13 * H]);
		expect(r.lines).toEqual([1]);
		expect(r.rejected).toBe(1);
	});
	it("keeps a rise of exactly 12 h on the same day", () => {
		const r = run([1 * H, 13 * H]);
		expect(r.times).toEqual([H, 13 * H]);
		expect(r.rejected).toBe(0);
	});
	it("drops a stray epoch back across midnight and goes on from the one before", () => {
		const r = run([1 * H, 14 * H, 2 * H], [D, Number.NaN, Number.NaN]);
		expect(r.times).toEqual([D + H, D + 2 * H]);
		expect(r.lines).toEqual([1, 3]);
		expect(r.rejected).toBe(1);
	});
	it("dates undated epochs from the first dated one, counting back the midnights", () => {
		const r = run([23 * H, 1 * H, 2 * H], [Number.NaN, D, Number.NaN]);
		expect(r.dateKnown).toBe(true);
		expect(r.times).toEqual([D - DAY + 23 * H, D + H, D + 2 * H]);
	});
	it("takes the first date, not a later one, for the undated epochs", () => {
		const r = run([10 * H, 11 * H, 12 * H], [D, Number.NaN, D + DAY]);
		expect(r.times).toEqual([D + 10 * H, D + 11 * H, D + DAY + 12 * H]);
		const last = run([10 * H, 11 * H], [D, Number.NaN]);
		expect(last.dateKnown).toBe(true);
		expect(last.times).toEqual([D + 10 * H, D + 11 * H]);
	});
	it("keeps every fix when time advances", () => {
		const r = run([1 * H, 2 * H, 3 * H]);
		expect(r.dateKnown).toBe(false);
		expect(r.times).toEqual([H, 2 * H, 3 * H]);
		expect(r.rejected).toBe(0);
	});
});
