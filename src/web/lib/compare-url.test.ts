import { describe, expect, it } from "vitest";
import { formatRef, normaliseRef, parseRef, readCompare, withCompare } from "./compare-url";

const SESSION = "3f24ecd9-1992-4f16-915b-4797705406c5";

describe("comparison in the address", () => {
	it("reads every kind of reference and falls back to the session's best", () => {
		expect(parseRef(null)).toEqual({ kind: "best" });
		expect(parseRef("pb")).toEqual({ kind: "pb" });
		expect(parseRef("12")).toEqual({ kind: "lap", lap: 12 });
		expect(parseRef(`${SESSION}.3`)).toEqual({ kind: "session", sessionId: SESSION, lap: 3 });
		for (const bad of ["0", "-1", "x", `${SESSION}.0`, `${SESSION}`, "1234567", "pb2"]) {
			expect(parseRef(bad)).toEqual({ kind: "best" });
		}
	});

	it("writes what it reads, keeps other parameters, and drops ref when off", () => {
		for (const ref of ["pb", "7", `${SESSION}.2`]) expect(formatRef(parseRef(ref))).toBe(ref);
		const base = new URLSearchParams("track=Interlagos&date=2025-03-15&lap=4");
		const on = withCompare(base, { on: true, ref: { kind: "lap", lap: 2 } });
		expect(on.toString()).toBe("track=Interlagos&date=2025-03-15&lap=4&cmp=1&ref=2");
		expect(readCompare(on)).toEqual({ on: true, ref: { kind: "lap", lap: 2 } });
		const best = withCompare(on, { on: true, ref: { kind: "best" } });
		expect(best.has("ref")).toBe(false);
		const off = withCompare(on, { on: false, ref: { kind: "pb" } });
		expect(off.toString()).toBe("track=Interlagos&date=2025-03-15&lap=4");
	});

	it("a lap of this very session named by its id is a lap of the session", () => {
		expect(normaliseRef({ kind: "session", sessionId: SESSION, lap: 2 }, SESSION)).toEqual({
			kind: "lap",
			lap: 2,
		});
	});
});
