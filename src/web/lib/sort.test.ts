import { describe, expect, it } from "vitest";
import { ariaSort, nextSortState, sortArrow, sortRows } from "./sort";

describe("nextSortState", () => {
	it("starts ascending, toggles on the same column, restarts on a new one", () => {
		const first = nextSortState(null, "tempo");
		expect(first).toEqual({ column: "tempo", direction: "asc" });
		const second = nextSortState(first, "tempo");
		expect(second).toEqual({ column: "tempo", direction: "desc" });
		expect(nextSortState(second, "tempo").direction).toBe("asc");
		expect(nextSortState(second, "distancia")).toEqual({ column: "distancia", direction: "asc" });
	});
});

describe("sortRows", () => {
	const rows = [
		{ id: "a", value: 3 },
		{ id: "b", value: null },
		{ id: "c", value: 1 },
		{ id: "d", value: 2 },
		{ id: "e", value: 1 },
	];

	it("sorts numbers both ways, keeps ties stable and empties last", () => {
		expect(sortRows(rows, (r) => r.value, "asc").map((r) => r.id)).toEqual([
			"c",
			"e",
			"d",
			"a",
			"b",
		]);
		expect(sortRows(rows, (r) => r.value, "desc").map((r) => r.id)).toEqual([
			"a",
			"d",
			"c",
			"e",
			"b",
		]);
	});

	it("sorts text with pt-BR collation, numeric-aware, blanks last", () => {
		const names = ["piloto10", "", "Álvaro", "piloto2", "bruno"];
		expect(sortRows(names, (n) => n, "asc")).toEqual([
			"Álvaro",
			"bruno",
			"piloto2",
			"piloto10",
			"",
		]);
		expect(sortRows(names, (n) => n, "desc")).toEqual([
			"piloto10",
			"piloto2",
			"bruno",
			"Álvaro",
			"",
		]);
	});

	it("does not change its input", () => {
		const copy = [...rows];
		sortRows(rows, (r) => r.value, "desc");
		expect(rows).toEqual(copy);
	});
});

describe("header indicators", () => {
	it("marks only the active column", () => {
		const state = { column: "n", direction: "desc" as const };
		expect(sortArrow(state, "n")).toBe("▼");
		expect(sortArrow(state, "t")).toBe("");
		expect(sortArrow({ column: "n", direction: "asc" }, "n")).toBe("▲");
		expect(ariaSort(state, "n")).toBe("descending");
		expect(ariaSort(null, "n")).toBe("none");
	});
});
