import { describe, expect, it } from "vitest";
import { estimateOffset, MAX_OFFSET_M } from "./align";
import { clockOffsetMs, endSteps } from "./clock";
import { DELTA_DEFAULTS } from "./delta";
import { projectPoints } from "./geo";
import { matchPoints } from "./match";
import { prepareReference, referenceTimeAt } from "./reference-line";
import { bump, circuitLine, syntheticLap } from "./synthetic-lap";
import { lapThrough } from "./test-paths";

const line = circuitLine("granja-viana", { profile: "kart" });
const ref = prepareReference(syntheticLap(line, { hz: 25 }).channels)!;

function offsetOf(spec: Parameters<typeof syntheticLap>[1], east = 0, north = 0) {
	const lap = syntheticLap(line, spec).channels;
	const p = projectPoints(ref.frame, lap.lat, lap.lon, lap.length);
	for (let i = 0; i < lap.length; i++) {
		p.x[i] = p.x[i]! + east;
		p.y[i] = p.y[i]! + north;
	}
	const m = matchPoints(ref, p.x, p.y, lap.length, DELTA_DEFAULTS);
	return estimateOffset(ref, p.x, p.y, m, lap.length);
}

describe("estimateOffset", () => {
	it("finds the shift that lays a lap back onto the line", () => {
		const d = offsetOf({ hz: 10, noise: { seed: 4, sigmaM: 0.5 } }, 1.8, -2.6);
		expect(d.eastM).toBeCloseTo(-1.8, 1);
		expect(d.northM).toBeCloseTo(2.6, 1);
		const none = offsetOf({ hz: 10 });
		expect(Math.hypot(none.eastM, none.northM)).toBeLessThan(0.02);
	});

	it("is not dragged by a stretch driven far off the line", () => {
		const d = offsetOf({ hz: 10, lateralM: bump(300, 500, 12) });
		expect(Math.hypot(d.eastM, d.northM)).toBeLessThan(0.05);
	});

	it("believes no shift larger than the largest plausible one", () => {
		const d = offsetOf({ hz: 10 }, MAX_OFFSET_M + 1, 0);
		expect(d).toEqual({ eastM: 0, northM: 0 });
	});

	it("gives no shift along a track that never turns", () => {
		const xs = Array.from({ length: 301 }, (_, i) => i);
		const straight = prepareReference(lapThrough(xs, new Array(301).fill(0)))!;
		const lap = lapThrough(
			xs.map((v) => v + 0.5),
			new Array(301).fill(1.5),
		);
		const p = projectPoints(straight.frame, lap.lat, lap.lon, lap.length);
		const m = matchPoints(straight, p.x, p.y, lap.length, DELTA_DEFAULTS);
		const d = estimateOffset(straight, p.x, p.y, m, lap.length);
		expect(d.northM).toBeCloseTo(-1.5, 2);
		expect(Math.abs(d.eastM)).toBeLessThan(1e-6);
	});
});

describe("clockOffsetMs", () => {
	it("is the reference's time at the shift's along-track part, negative before the start", () => {
		const along = { eastM: 2 * ref.tx[0]!, northM: 2 * ref.ty[0]! };
		expect(clockOffsetMs(ref, along)).toBeCloseTo(referenceTimeAt(ref, 2), 9);
		const back = { eastM: -2 * ref.tx[0]!, northM: -2 * ref.ty[0]! };
		expect(Math.abs(clockOffsetMs(ref, back) + referenceTimeAt(ref, 2))).toBeLessThan(2);
		const across = { eastM: -3 * ref.ty[0]!, northM: 3 * ref.tx[0]! };
		expect(clockOffsetMs(ref, across)).toBeCloseTo(0, 6);
	});
});

describe("endSteps", () => {
	it("reads the trace over the first and last half second, extended to both instants", () => {
		const t = Float64Array.from({ length: 101 }, (_, i) => i * 100);
		// A trace that starts at 30 ms and ends 20 ms short of the finish delta (500).
		const d = t.map((v) => 30 + (v / 10_000) * 450);
		const steps = endSteps(d, t, 500);
		expect(steps.startStepMs).toBeCloseTo(-30, 9);
		expect(steps.finishStepMs).toBeCloseTo(20, 9);
		d[0] = Number.NaN;
		expect(endSteps(d, t, 500).startStepMs).toBeNaN();
	});
});
