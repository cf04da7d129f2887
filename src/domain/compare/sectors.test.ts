import { describe, expect, it } from "vitest";
import { computeDelta } from "./delta";
import { compareSectors } from "./sectors";
import { lapThrough } from "./test-paths";
import type { DeltaTrace } from "./types";

/** The trace's slope on the straight below: ms lost per metre (1000/7 against 50). */
const LOSS_MS_PER_M = 1000 / 7 - 50;

/**
 * A 200 m straight, the reference at 20 m/s (50 ms per metre) and the lap at 7 m/s: the
 * reference's clock reads 50·d at d metres, the trace `LOSS_MS_PER_M`·d there, and the finish
 * delta (18 571.43 ms) is not a float32, unlike the chart grid's values.
 */
function straightTrace(): DeltaTrace {
	const xs = Array.from({ length: 201 }, (_, i) => i);
	const ys = new Array(201).fill(0);
	const trace = computeDelta(lapThrough(xs, ys, 7), lapThrough(xs, ys, 20));
	if (trace.status !== "ok") throw new Error(trace.status);
	return trace;
}

describe("compareSectors", () => {
	const trace = straightTrace();

	it("places each sector line where the reference's clock read its running time", () => {
		const sectors = compareSectors(
			{ timeMs: 28_571, sectorsMs: [5_000, 3_130, 16_870] },
			{ timeMs: 10_000, sectorsMs: [2_000, 1_252, 6_748] },
			trace,
		);
		// 2000 ms is 40 m on the reference; 3252 ms, 65.04 m (between two grid steps).
		expect(sectors[0]!.lineAtM).toBeCloseTo(40, 6);
		expect(sectors[0]!.deltaAtLineMs).toBeCloseTo(LOSS_MS_PER_M * 40, 2);
		expect(sectors[1]!.lineAtM).toBeCloseTo(65.04, 6);
		expect(sectors[1]!.deltaAtLineMs).toBeCloseTo(LOSS_MS_PER_M * 65.04, 2);
		// The last line is the finish: the reference's length and the lap-time difference, exactly.
		expect(trace.finishDeltaMs).toBeCloseTo((200 * 1000) / 7 - 10_000, 6);
		expect(sectors[2]!.lineAtM).toBe(trace.referenceLengthM);
		expect(sectors[2]!.deltaAtLineMs).toBe(trace.finishDeltaMs);
		expect(sectors.map((s) => s.cumulativeDiffMs)).toEqual([3_000, 4_878, 15_000]);
	});

	it("puts a running time past the reference's lap time at the finish", () => {
		const [sector] = compareSectors(
			{ timeMs: 30_000, sectorsMs: [30_000] },
			{ timeMs: 12_000, sectorsMs: [12_000] },
			trace,
		);
		expect(sector!.lineAtM).toBe(trace.referenceLengthM);
		expect(sector!.deltaAtLineMs).toBe(trace.finishDeltaMs);
	});

	it("places no line from a sector the reference lacks on, the lap's own gaps aside", () => {
		const sectors = compareSectors(
			{ timeMs: 28_571, sectorsMs: [5_000, null, 10_000, 10_000] },
			{ timeMs: 10_000, sectorsMs: [2_000, 2_000, null, 6_000] },
			trace,
		);
		expect(sectors.map((s) => s.diffMs)).toEqual([3_000, null, null, 4_000]);
		expect(sectors.map((s) => s.cumulativeDiffMs)).toEqual([3_000, null, null, null]);
		// The reference's running time is known up to its missing third sector: the lap's gap
		// in the second does not hide where the reference's second line lies.
		expect(sectors.map((s) => s.lineAtM)).toEqual([
			expect.closeTo(40, 6),
			expect.closeTo(80, 6),
			null,
			null,
		]);
		expect(sectors[2]!.deltaAtLineMs).toBeNull();
		expect(sectors.map((s) => s.number)).toEqual([1, 2, 3, 4]);
		// A sector the reference lacks empties the running difference even where the lap has all.
		const refGap = compareSectors(
			{ timeMs: 28_571, sectorsMs: [5_000, 2_000, 10_000, 10_000] },
			{ timeMs: 10_000, sectorsMs: [2_000, 2_000, null, 6_000] },
			null,
		);
		expect(refGap.map((s) => s.cumulativeDiffMs)).toEqual([3_000, 3_000, null, null]);
	});

	it("puts a running time of nothing at the start", () => {
		const [sector] = compareSectors(
			{ timeMs: 28_571, sectorsMs: [0] },
			{ timeMs: 10_000, sectorsMs: [0] },
			trace,
		);
		expect(sector!.lineAtM).toBe(0);
		expect(sector!.deltaAtLineMs).toBe(0);
	});

	it("finds the place on a reference whose pace changes, not by its average pace", () => {
		// 100 m at 20 m/s (50 ms per metre), then 100 m at 10 m/s (100 ms per metre).
		const xs = Array.from({ length: 201 }, (_, i) => i);
		const ys = new Array(201).fill(0);
		const reference = lapThrough(xs, ys, 20);
		reference.timeMs = Float64Array.from(xs, (d) => (d <= 100 ? 50 * d : 5_000 + 100 * (d - 100)));
		reference.speedKmh = Float32Array.from(xs, (d) => (d < 100 ? 72 : 36));
		const lap = lapThrough(xs, ys, 7);
		const paced = computeDelta(lap, reference);
		if (paced.status !== "ok") throw new Error(paced.status);
		const sectors = compareSectors(
			{ timeMs: 28_571, sectorsMs: [5_000, 15_000, 8_571] },
			{ timeMs: 15_000, sectorsMs: [2_000, 5_000, 8_000] },
			paced,
		);
		// 2000 ms is 40 m; 7000 ms, 120 m (an average pace would put them at 26.7 m and 93.3 m).
		expect(sectors[0]!.lineAtM).toBeCloseTo(40, 6);
		expect(sectors[0]!.deltaAtLineMs).toBeCloseTo((1000 / 7) * 40 - 2_000, 1);
		expect(sectors[1]!.lineAtM).toBeCloseTo(120, 6);
		expect(sectors[1]!.deltaAtLineMs).toBeCloseTo((1000 / 7) * 120 - 7_000, 1);
	});
});
