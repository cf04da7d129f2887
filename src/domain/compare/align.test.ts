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

/** A round track of radius `radiusM` (metres), one fix a metre, counter-clockwise from the south. */
function circle(radiusM: number, outwardM: (angle: number) => number = () => 0) {
	const n = Math.round(2 * Math.PI * radiusM);
	const x: number[] = [];
	const y: number[] = [];
	for (let i = 0; i <= n; i++) {
		const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
		const r = radiusM + outwardM(a);
		x.push(r * Math.cos(a));
		y.push(r * Math.sin(a));
	}
	return { x, y };
}

const round = circle(60);
const roundLine = prepareReference(lapThrough(round.x, round.y), { smoothM: 0, smoothMs: 0 })!;

/** The offset of a lap through these points (metres) on the round track, shifted by (east, north). */
function roundOffset(points: { x: number[]; y: number[] }, east = 0, north = 0) {
	const lap = lapThrough(
		points.x.map((v) => v + east),
		points.y.map((v) => v + north),
	);
	const p = projectPoints(roundLine.frame, lap.lat, lap.lon, lap.length);
	const m = matchPoints(roundLine, p.x, p.y, lap.length, DELTA_DEFAULTS);
	return estimateOffset(roundLine, p.x, p.y, m, lap.length);
}

describe("estimateOffset on a round track", () => {
	it("finds a shift seen from every side, shrunk only by the ridge's thousandth", () => {
		const d = roundOffset(round, 1.2, -0.9);
		// Every direction is measured: the ridge (a thousandth of the weights, on each axis holding
		// half of them) shrinks the shift by 1 / (1 + 2/1000), and nothing else moves it.
		const shrink = 1 / (1 + 2e-3);
		expect(d.eastM).toBeCloseTo(-1.2 * shrink, 3);
		expect(d.northM).toBeCloseTo(0.9 * shrink, 3);
		expect(Math.hypot(d.eastM, d.northM)).toBeLessThan(1.5);
	});

	it("counts a stretch driven within 3 m of the line, and one beyond it not at all", () => {
		// A quarter of the lap (around the east side) driven wide: its residuals pull the
		// shift west (back onto the line) while within Tukey's 3 m, and not at all beyond.
		const wide = (m: number) => circle(60, (a) => (Math.abs(a) < Math.PI / 4 ? m : 0));
		const within = roundOffset(wide(2));
		// Less than plain least squares would: the mean of 2 m over a quarter, seen across the
		// whole lap, is 2·√2/π east. The biweight trusts a point the less the farther it lies.
		expect(within.eastM).toBeLessThan(-0.1);
		expect(within.eastM).toBeGreaterThan((-2 * Math.SQRT2) / Math.PI + 0.1);
		expect(Math.abs(within.northM)).toBeLessThan(0.05);
		const beyond = roundOffset(wide(6));
		expect(Math.hypot(beyond.eastM, beyond.northM)).toBeLessThan(0.01);
	});

	it("starts from the Huber estimate and stops after four biweight rounds", () => {
		// A quarter driven 2.8 m wide, just inside Tukey's cut-off: the rounds do not settle
		// here, so the shift is the fixed schedule's. A plain least-squares start (no Huber
		// discount beyond 2 m) ends near -0.23 m; a fifth round near -0.09 m.
		const edge = roundOffset(circle(60, (a) => (Math.abs(a) < Math.PI / 4 ? 2.8 : 0)));
		expect(edge.eastM).toBeGreaterThan(-0.2);
		expect(edge.eastM).toBeLessThan(-0.12);
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

	it("counts a start before the reference's at its first speed, or not at all from standstill", () => {
		// A straight north-east at 2 m/s: 3 m before its start is 1.5 s before it.
		const xs = Array.from({ length: 101 }, (_, i) => i / Math.SQRT2);
		const rolling = prepareReference(lapThrough(xs, xs, 2))!;
		const before = { eastM: -3 / Math.SQRT2, northM: -3 / Math.SQRT2 };
		expect(clockOffsetMs(rolling, before)).toBeCloseTo(-1500, 3);
		// At walking pace (under 1 m/s) the speed says nothing about the time before the start.
		const crawling = prepareReference(lapThrough(xs, xs, 0.9))!;
		expect(clockOffsetMs(crawling, before)).toBe(0);
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
		expect(endSteps(d, t, 500).finishStepMs).toBeCloseTo(20, 9);
		d[100] = Number.NaN;
		expect(endSteps(d, t, 500).finishStepMs).toBeNaN();
	});

	it("reads each end over half a second exactly, the fix at 0.5 s included", () => {
		// The lap's clock as the recording's: its first fix 12 s in.
		const t = Float64Array.from({ length: 101 }, (_, i) => 12_000 + i * 100);
		const line = () => t.map((v) => 30 + ((v - 12_000) / 10_000) * 450);
		// A fix 0.6 s from either end is outside the fit: moving it changes nothing.
		const outside = line();
		outside[6] = outside[6]! + 100;
		outside[94] = outside[94]! + 100;
		const far = endSteps(outside, t, 500);
		expect(far.startStepMs).toBeCloseTo(-30, 9);
		expect(far.finishStepMs).toBeCloseTo(20, 9);
		// Raised at 0.5 s from either end, it tilts the line fitted there: the start reads lower,
		// the finish higher, by the weight the least-squares line gives that fix there
		// (fixes at 0 … 5 tenths: 1/6 + (0 - 2.5)(5 - 2.5)/17.5 = -0.19).
		const inside = line();
		inside[5] = inside[5]! + 100;
		inside[95] = inside[95]! + 100;
		const near = endSteps(inside, t, 500);
		const weight = 1 / 6 - (2.5 * 2.5) / 17.5;
		expect(near.startStepMs).toBeCloseTo(-30 - 100 * weight, 6);
		expect(near.finishStepMs).toBeCloseTo(20 - 100 * weight, 6);
	});
});

describe("estimateOffset, edge cases", () => {
	/** A straight reference running north, and a lap 1.5 m east of it. */
	function northbound() {
		const ys = Array.from({ length: 301 }, (_, i) => i);
		const straight = prepareReference(lapThrough(new Array(301).fill(0), ys))!;
		const lap = lapThrough(new Array(301).fill(1.5), ys);
		const p = projectPoints(straight.frame, lap.lat, lap.lon, lap.length);
		const m = matchPoints(straight, p.x, p.y, lap.length, DELTA_DEFAULTS);
		return { straight, p, m, n: lap.length };
	}

	it("measures the shift across a line running north (a normal with no north part)", () => {
		const { straight, p, m, n } = northbound();
		const d = estimateOffset(straight, p.x, p.y, m, n);
		expect(d.eastM).toBeCloseTo(-1.5, 2);
	});

	it("reads a match past the line's end at its last point", () => {
		const { straight, p, m, n } = northbound();
		m.s[n - 1] = straight.lengthM + 10 * straight.stepM;
		const d = estimateOffset(straight, p.x, p.y, m, n);
		expect(d.eastM).toBeCloseTo(-1.5, 2);
	});

	it("leaves out, ridge included, points where the line has no direction", () => {
		const xs = Array.from({ length: 41 }, (_, i) => i);
		const line = prepareReference(lapThrough(xs, new Array(41).fill(0)), {
			smoothM: 0,
			smoothMs: 0,
		})!;
		// Where a line's neighbours coincide (a turn on the spot) its direction is (0, 0).
		for (const k of [10, 20, 30]) {
			line.tx[k] = 0;
			line.ty[k] = 0;
		}
		// The line's own points, 1.5 m north of it, each matched to itself.
		const x = Float64Array.from(line.x.subarray(0, line.count));
		const y = Float64Array.from(line.y.subarray(0, line.count), (v) => v + 1.5);
		const s = Float64Array.from({ length: line.count }, (_, k) => k * line.stepM);
		const matches = { s, lateralM: new Float32Array(line.count) };
		const d = estimateOffset(line, x, y, matches, line.count);
		// Every point with a direction sees the same 1.5 m: only the ridge (a thousandth of their
		// weights) shrinks it. A point without a direction must not add to that ridge.
		expect(d.northM).toBeCloseTo(-1.5 / 1.001, 7);
	});

	it("gives no shift when no point is on the line", () => {
		const { straight, p, m, n } = northbound();
		m.s.fill(Number.NaN);
		expect(estimateOffset(straight, p.x, p.y, m, n)).toEqual({ eastM: 0, northM: 0 });
	});
});
