import { describe, expect, it } from "vitest";
import { ConcurrencyGate, FixedWindowLimiter, utcDay } from "./upload-limits";

describe("ConcurrencyGate", () => {
	it("admits per key and in total up to the limits, and a release frees exactly one slot", () => {
		const gate = new ConcurrencyGate(2, 3);
		const a1 = gate.enter("a");
		const a2 = gate.enter("a");
		expect(typeof a1).toBe("function");
		expect(typeof a2).toBe("function");
		expect(gate.enter("a")).toBe("key");
		const b1 = gate.enter("b");
		expect(typeof b1).toBe("function");
		expect(gate.enter("c")).toBe("total");
		(a1 as () => void)();
		(a1 as () => void)(); // a second release of the same slot frees nothing more
		expect(gate.active).toBe(2);
		expect(typeof gate.enter("c")).toBe("function");
		expect(gate.enter("c")).toBe("total");
	});
});

describe("FixedWindowLimiter", () => {
	it("allows the limit per key per window and tells how long to wait", () => {
		let now = 1_000_000;
		const limiter = new FixedWindowLimiter(2, 60_000, () => now);
		expect(limiter.hit("a")).toBeNull();
		expect(limiter.hit("a")).toBeNull();
		expect(limiter.hit("b")).toBeNull();
		now += 15_000;
		expect(limiter.hit("a")).toBe(45);
		now += 45_000;
		expect(limiter.hit("a")).toBeNull();
	});
});

describe("utcDay", () => {
	it("is the UTC calendar day", () => {
		expect(utcDay(new Date("2024-02-01T23:59:59-03:00"))).toBe("2024-02-02");
	});
});
