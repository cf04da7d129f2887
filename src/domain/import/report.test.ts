import { describe, expect, it } from "vitest";
import { ImportReport, listLines } from "./report";

describe("ImportReport", () => {
	it("keeps entries sorted by line, whole-file entries first, with their kind", () => {
		const report = new ImportReport("a.csv");
		report.reject(7, "b");
		report.notice(0, "a");
		report.reject(3, "c");
		expect(report.finish()).toEqual([
			{ file: "a.csv", line: 0, kind: "notice", reason: "a" },
			{ file: "a.csv", line: 3, kind: "rejected", reason: "c" },
			{ file: "a.csv", line: 7, kind: "rejected", reason: "b" },
		]);
	});

	it("past its bound counts what it leaves out, per kind, so rejected lines can still be counted", () => {
		const report = new ImportReport("a.csv", 3);
		for (let i = 1; i <= 5; i++) report.reject(i, "x");
		report.notice(9, "y");
		const entries = report.finish();
		expect(entries).toHaveLength(5);
		expect(entries.slice(3)).toEqual([
			{ file: "a.csv", line: 0, kind: "rejected", reason: "mais 2 linhas rejeitadas não listadas" },
			{ file: "a.csv", line: 0, kind: "notice", reason: "mais 1 avisos não listados" },
		]);
		expect([report.rejectedCount, report.noticeCount]).toEqual([5, 1]);
	});

	it("lists the first line numbers of a long list", () => {
		expect(listLines([1, 2, 3])).toBe("1, 2, 3");
		expect(listLines([1, 2, 3, 4], 2)).toBe("1, 2, … e mais 2");
	});

	it("keeps entries of one line in the order they came", () => {
		const report = new ImportReport("a.csv");
		for (const reason of ["a", "b", "c", "d"]) report.reject(5, reason);
		report.notice(5, "e");
		expect(report.finish().map((e) => e.reason)).toEqual(["a", "b", "c", "d", "e"]);
	});

	it("is full once it holds its bound of entries", () => {
		const report = new ImportReport("a.csv", 2);
		expect(report.full).toBe(false);
		report.reject(1, "x");
		expect(report.full).toBe(false);
		report.notice(2, "y");
		expect(report.full).toBe(true);
	});

	it("lists every line number when there are no more than shown", () => {
		expect(listLines([1, 2, 3], 3)).toBe("1, 2, 3");
	});
});
