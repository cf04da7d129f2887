import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LapChannels } from "../channels/types";
import { compareLaps } from "./compare-laps";
import { detectCorners } from "./corners";
import { computeDelta } from "./delta";
import { zeroLap } from "./test-paths";

/** Laps of any shape: few or many points, standing still, repeated times, NaN speeds and leans. */
const anyLap = fc
	.array(
		fc.record({
			dt: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 2000, noNaN: true })),
			dLat: fc.oneof(fc.constant(0), fc.double({ min: -2e-4, max: 2e-4, noNaN: true })),
			dLon: fc.oneof(fc.constant(0), fc.double({ min: -2e-4, max: 2e-4, noNaN: true })),
			speed: fc.oneof(fc.constant(Number.NaN), fc.double({ min: 0, max: 300, noNaN: true })),
			lean: fc.oneof(fc.constant(Number.NaN), fc.double({ min: -60, max: 60, noNaN: true })),
		}),
		{ maxLength: 300 },
	)
	.map((steps): LapChannels => {
		const lap = zeroLap(steps.length);
		let t = 0;
		let lat = -23.6;
		let lon = -46.7;
		steps.forEach((s, i) => {
			t += s.dt;
			lat += s.dLat;
			lon += s.dLon;
			lap.timeMs[i] = t;
			lap.lat[i] = lat;
			lap.lon[i] = lon;
			lap.speedKmh[i] = s.speed;
			lap.leanDeg[i] = s.lean;
		});
		return lap;
	});

describe("the comparison on laps of any shape", () => {
	it("never throws, and answers with a trace or a reason", () => {
		fc.assert(
			fc.property(anyLap, anyLap, fc.boolean(), (lap, other, itself) => {
				// Against itself a lap of any shape is comparable; against another, mostly not.
				const reference = itself ? lap : other;
				const result = computeDelta(lap, reference);
				if (itself && lap.length >= 2 && result.status !== "too-short") {
					expect(result.status).toBe("ok");
				}
				if (result.status === "ok") {
					const n = result.points.length;
					expect(n).toBe(lap.length);
					for (let i = 0; i < n; i++) {
						expect(Number.isFinite(result.points.deltaMs[i]!)).toBe(true);
						expect(Number.isFinite(result.points.refDistanceM[i]!)).toBe(true);
					}
					expect(result.points.deltaMs[n - 1]).toBe(result.finishDeltaMs);
				} else {
					expect(result.reason.length).toBeGreaterThan(10);
				}
				detectCorners(reference);
				const timed = (channels: LapChannels) => ({
					number: 1,
					startMs: 0,
					timeMs: channels.length > 0 ? channels.timeMs[channels.length - 1]! : 0,
					sectorsMs: [],
					channels,
				});
				compareLaps(timed(lap), timed(reference));
			}),
			{ numRuns: 300 },
		);
	});
});
