import { describe, expect, it } from "vitest";
import { computeDelta } from "./delta";
import { findJumps } from "./jumps";
import { prepareReference } from "./reference-line";
import { lapThrough } from "./test-paths";

/** Fixes one second apart along x (metres), at the speeds given (km/h), far from the origin. */
function fixes(xs: number[], speedsKmh: number[]) {
	const n = xs.length;
	return {
		x: Float64Array.from(xs, (v) => 1000 + v),
		y: new Float64Array(n).fill(-500),
		timeMs: Float64Array.from({ length: n }, (_, i) => 5000 + i * 1000),
		speedKmh: Float32Array.from(speedsKmh),
	};
}

function jumpsOf(f: ReturnType<typeof fixes>, length = f.x.length): number[] {
	return findJumps(f.x, f.y, f.timeMs, f.speedKmh, length);
}

describe("findJumps", () => {
	it("flags a step longer than twice what the speed covers plus 3 m, and only it", () => {
		// 36 km/h for a second is 10 m: a step may reach 3 + 2 × 10 = 23 m.
		const steady = fixes([0, 10, 20, 43, 53, 76.5, 86.5], new Array(7).fill(36));
		expect(jumpsOf(steady)).toEqual([5]);
		// Along y, and backwards: the length of the step counts, not its direction.
		const sideways = fixes([0, 0, 0], [36, 36, 36]);
		sideways.y = Float64Array.from([0, -24, -24 + 23]);
		expect(jumpsOf(sideways)).toEqual([1]);
	});

	it("allows for the faster of the two fixes' speeds, whichever comes first", () => {
		// 20 m in a second: a jump at 0 km/h (3 m allowed), not if either fix reads 36 km/h.
		expect(jumpsOf(fixes([0, 20], [0, 0]))).toEqual([1]);
		expect(jumpsOf(fixes([0, 20], [36, 0]))).toEqual([]);
		expect(jumpsOf(fixes([0, 20], [0, 36]))).toEqual([]);
	});

	it("scales the allowance with the time between the fixes", () => {
		const f = fixes([0, 40], [36, 36]);
		expect(jumpsOf(f)).toEqual([1]);
		// Two seconds apart, 43 m are allowed.
		f.timeMs[1] = f.timeMs[0]! + 2000;
		expect(jumpsOf(f)).toEqual([]);
	});

	it("judges no step next to a fix without a speed, and reads only `length` fixes", () => {
		expect(jumpsOf(fixes([0, 100, 200], [Number.NaN, Number.NaN, 36]))).toEqual([]);
		const f = fixes([0, 10, 20, 200], [36, 36, 36, 36]);
		expect(jumpsOf(f)).toEqual([3]);
		expect(jumpsOf(f, 3)).toEqual([]);
	});

	it("places the lap's and the reference's jumps along the reference in the trace", () => {
		// 300 m straight at 72 km/h, 1 m fixes; the lap's GPS jumps 30 m ahead at 100 m and
		// stays there, the reference's at 200 m.
		const xs = Array.from({ length: 301 }, (_, i) => i);
		const jumpedAt = (at: number) => {
			const lap = lapThrough(
				xs.map((v) => (v >= at ? v + 30 : v)),
				new Array(301).fill(0),
			);
			lap.timeMs = Float64Array.from(xs, (i) => i * 50);
			return lap;
		};
		const reference = jumpedAt(200);
		const lap = jumpedAt(100);
		const line = prepareReference(reference)!;
		expect(line.jumpsM).toHaveLength(1);
		// Somewhere across the jump: the smoothing of the fixes spreads it over a few of them.
		expect(line.jumpsM[0]!).toBeGreaterThan(200);
		expect(line.jumpsM[0]!).toBeLessThan(230);
		const trace = computeDelta(lap, reference);
		if (trace.status !== "ok") throw new Error(trace.status);
		expect(trace.gpsJumpsM.reference).toEqual(line.jumpsM);
		expect(trace.gpsJumpsM.lap).toHaveLength(1);
		expect(trace.gpsJumpsM.lap[0]!).toBeGreaterThan(100);
		expect(trace.gpsJumpsM.lap[0]!).toBeLessThan(130);
	});
});
