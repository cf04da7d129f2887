/**
 * Small seeded pseudo-random generator (mulberry32). The simulator draws every random
 * choice from one of these so that the same seed always writes byte-identical files;
 * `Math.random` is never used.
 */
export interface Rng {
	/** Uniform in [0, 1). */
	next(): number;
	/** Uniform in [min, max). */
	range(min: number, max: number): number;
	/** Uniform integer in [min, max] (both inclusive). */
	int(min: number, max: number): number;
	/** Standard normal (mean 0, deviation 1), Box-Muller. */
	normal(): number;
	/** True with probability `p`. */
	chance(p: number): boolean;
}

export function createRng(seed: number): Rng {
	// Fold any finite number (also negative or fractional seeds) into 32 bits.
	let state = Math.trunc(Number.isFinite(seed) ? seed : 0) >>> 0;
	const next = (): number => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		range: (min, max) => min + (max - min) * next(),
		int: (min, max) => min + Math.floor((max - min + 1) * next()),
		normal: () => {
			// 1 - next() is in (0, 1], so the logarithm is finite.
			const u = 1 - next();
			const v = next();
			return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
		},
		chance: (p) => next() < p,
	};
}

/** Derives an independent seed for a sub-stream, so adding draws to one part keeps the others stable. */
export function deriveSeed(seed: number, stream: number): number {
	let h = (Math.trunc(seed) ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0;
	h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
	h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
	return (h ^ (h >>> 16)) >>> 0;
}
