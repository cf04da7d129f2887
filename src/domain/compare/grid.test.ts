import { describe, expect, it } from "vitest";
import type { LapChannels } from "../channels/types";
import { buildGrid } from "./grid";
import { prepareReference } from "./reference-line";
import { lapThrough, zeroLap } from "./test-paths";

/** A straight reference of about 40 m. */
function straightLine() {
	const x = Array.from({ length: 41 }, (_, i) => i);
	const line = prepareReference(lapThrough(x, new Array(41).fill(0)));
	if (!line) throw new Error("the straight makes a reference");
	return line;
}

/** A lap of `timeMs` (absolute: the lap's clock does not start at 0), its other channels flat. */
function lapOfTimes(timeMs: number[]): LapChannels {
	const lap = zeroLap(timeMs.length);
	lap.timeMs.set(timeMs);
	return lap;
}

describe("buildGrid", () => {
	const line = straightLine();
	const L = line.lengthM;
	// Four equal steps: the reference's length is a whole number of them.
	const stepM = L / 4;
	// Progress per point: a standstill at the start, one at the first step, and a finish that
	// runs past the reference's end.
	const s = Float64Array.from([0, 0, stepM, stepM, 3 * stepM, L + stepM]);
	const lap = lapOfTimes([5000, 5500, 6000, 8000, 9000, 11000]);
	const grid = buildGrid({
		line,
		lap,
		lapSpeedKmh: new Float32Array(6),
		s,
		deltaMs: Float64Array.from([0, 1, 2, 3, 4, 9]),
		gainMsPerM: new Float64Array(6),
		stepM,
	});

	it("steps every stepM and ends on the reference's length, with no repeated last step", () => {
		expect(grid.length).toBe(5);
		expect(Array.from(grid.distanceM)).toEqual([0, stepM, 2 * stepM, 3 * stepM, L]);
	});

	it("reads the lap's time from its own start, where its progress first reaches each step", () => {
		// d = 0: standing at the start, read at the first point (no spread of progress to divide by).
		// d = stepM: reached at the third point, left only at the fourth: the first arrival counts.
		// d = 2 stepM: halfway between progress stepM and 3 stepM.
		expect(Array.from(grid.lap.timeMs.slice(0, 4))).toEqual([0, 1000, 3500, 4000]);
	});

	it("ends on the lap's last point exactly, even where its progress ran past the reference", () => {
		expect(grid.lap.timeMs[4]).toBe(6000);
		expect(grid.deltaMs[4]).toBe(9);
	});
});
