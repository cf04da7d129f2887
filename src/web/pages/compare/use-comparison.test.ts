import { describe, expect, it } from "vitest";
import type { TimedLap } from "../../../domain/channels/types";
import { compareLaps } from "../../../domain/compare";
import { circuitLine, syntheticLap } from "../../../domain/compare/synthetic-lap";
import { compareTimedLaps, trackCornersOf } from "./use-comparison";

const line = circuitLine("velocitta");

function timedLap(number: number, hz: number, slower: number): TimedLap {
	const lap = syntheticLap(line, { hz, warp: (t) => slower * t });
	return { number, startMs: 0, timeMs: lap.lapTimeMs, sectorsMs: [], channels: lap.channels };
}

describe("the comparison run by the page", () => {
	const a = timedLap(3, 25, 1.02);
	const b = timedLap(4, 10, 1);
	const c = timedLap(5, 1, 1.04);
	const own = (lap: TimedLap) =>
		trackCornersOf({ number: lap.number, timeMs: lap.timeMs, channels: lap.channels } as never);

	it("is the domain's comparison, with each reference's line prepared once and reused", () => {
		// The track's corners found on the reference first (its line is kept), then the
		// comparison on them, and on the reference's own.
		const corners = own(b)!;
		expect(compareTimedLaps(a, b, corners)).toEqual(compareLaps(a, b, { corners }));
		expect(compareTimedLaps(a, b, null)).toEqual(compareLaps(a, b));
	});

	it("keeps each lap's line apart: a lap compared the other way round, or on another lap's corners", () => {
		expect(compareTimedLaps(b, a, null)).toEqual(compareLaps(b, a));
		expect(compareTimedLaps(a, b, own(c))).toEqual(compareLaps(a, b, { corners: own(c)! }));
		expect(compareTimedLaps(c, a, own(b))).toEqual(compareLaps(c, a, { corners: own(b)! }));
	});
});
