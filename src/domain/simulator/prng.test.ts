import { describe, expect, it } from "vitest";
import { createRng, deriveSeed } from "./prng";

describe("createRng", () => {
	it("repeats the same sequence for the same seed", () => {
		const a = createRng(42);
		const b = createRng(42);
		const seqA = Array.from({ length: 50 }, () => a.next());
		const seqB = Array.from({ length: 50 }, () => b.next());
		expect(seqA).toEqual(seqB);
	});

	it("gives different sequences for different seeds", () => {
		const a = createRng(1);
		const b = createRng(2);
		expect(Array.from({ length: 5 }, () => a.next())).not.toEqual(
			Array.from({ length: 5 }, () => b.next()),
		);
	});

	it("stays inside its ranges", () => {
		const rng = createRng(7);
		const outside: number[] = [];
		for (let i = 0; i < 10_000; i++) {
			const u = rng.next();
			if (!(u >= 0 && u < 1)) outside.push(u);
			const r = rng.range(-3, 5);
			if (!(r >= -3 && r < 5)) outside.push(r);
			const k = rng.int(7, 14);
			if (!(Number.isInteger(k) && k >= 7 && k <= 14)) outside.push(k);
		}
		expect(outside).toEqual([]);
	});

	it("draws every integer of a small range and a roughly standard normal", () => {
		const rng = createRng(99);
		const seen = new Set<number>();
		for (let i = 0; i < 1000; i++) seen.add(rng.int(0, 3));
		expect([...seen].sort()).toEqual([0, 1, 2, 3]);
		let sum = 0;
		let sumSq = 0;
		const n = 20_000;
		for (let i = 0; i < n; i++) {
			const z = rng.normal();
			expect(Number.isFinite(z)).toBe(true);
			sum += z;
			sumSq += z * z;
		}
		expect(Math.abs(sum / n)).toBeLessThan(0.05);
		expect(Math.abs(sumSq / n - 1)).toBeLessThan(0.05);
	});

	it("accepts negative, fractional and non-finite seeds without failing", () => {
		for (const seed of [-5, 3.7, Number.NaN, Number.POSITIVE_INFINITY]) {
			const u = createRng(seed).next();
			expect(u).toBeGreaterThanOrEqual(0);
			expect(u).toBeLessThan(1);
		}
	});
});

describe("deriveSeed", () => {
	it("is stable and separates streams and seeds", () => {
		expect(deriveSeed(5, 1)).toBe(deriveSeed(5, 1));
		expect(deriveSeed(5, 1)).not.toBe(deriveSeed(5, 2));
		expect(deriveSeed(5, 1)).not.toBe(deriveSeed(6, 1));
	});
});
