import { describe, expect, it } from "vitest";
import type { LapChannels } from "../channels/types";
import { computeDelta, referenceOptionsOf } from "./delta";
import { FIX_SMOOTHING_MS, prepareReference } from "./reference-line";
import {
	bump,
	type CircuitLine,
	circuitLine,
	FIGURE_EIGHT,
	type SyntheticLap,
	type SyntheticLapSpec,
	syntheticLap,
	timeAtDistance,
	trueDeltaMs,
} from "./synthetic-lap";
import { lapThrough, zeroLap } from "./test-paths";
import type { DeltaOptions, DeltaResult, DeltaTrace } from "./types";

const interlagos = circuitLine("interlagos");
const velocitta = circuitLine("velocitta");
const granja = circuitLine("granja-viana", { profile: "kart" });

function expectTrace(result: DeltaResult): DeltaTrace {
	if (result.status !== "ok") throw new Error(`expected a trace, got ${result.status}`);
	return result;
}

interface Errors {
	maxMs: number;
	rmsMs: number;
	count: number;
}

/** The trace's error against the truth, over the lap's fixes whose true place `where` accepts. */
function errors(
	line: CircuitLine,
	trace: DeltaTrace,
	lap: SyntheticLap,
	ref: SyntheticLap,
	where: (s: number) => boolean = () => true,
	column: "deltaMs" | "rawDeltaMs" = "deltaMs",
): Errors {
	let max = 0;
	let sum = 0;
	let count = 0;
	for (let i = 0; i < lap.channels.length; i++) {
		if (!where(lap.lineDistanceM[i]!)) continue;
		const e = trace.points[column][i]! - trueDeltaMs(line, lap, ref, i);
		max = Math.max(max, Math.abs(e));
		sum += e * e;
		count++;
	}
	return { maxMs: max, rmsMs: Math.sqrt(sum / Math.max(1, count)), count };
}

function run(
	line: CircuitLine,
	lapSpec: SyntheticLapSpec,
	refSpec: SyntheticLapSpec,
	options?: DeltaOptions,
) {
	const lap = syntheticLap(line, lapSpec);
	const ref = syntheticLap(line, refSpec);
	const trace = expectTrace(computeDelta(lap.channels, ref.channels, options));
	return { lap, ref, trace };
}

function expectWellFormed(trace: DeltaTrace) {
	const { refDistanceM, deltaMs } = trace.points;
	const n = trace.points.length;
	expect(refDistanceM[0]).toBe(0);
	expect(refDistanceM[n - 1]).toBe(trace.referenceLengthM);
	for (let i = 1; i < n; i++) expect(refDistanceM[i]!).toBeGreaterThanOrEqual(refDistanceM[i - 1]!);
	expect(deltaMs[0]).toBe(0);
	expect(deltaMs[n - 1]).toBe(trace.finishDeltaMs);
	expect(trace.finishDeltaMs).toBe(trace.lapTimeMs - trace.referenceTimeMs);
}

describe("computeDelta on laps whose truth is known", () => {
	it("gives a zero delta for the same lap sampled at other instants", () => {
		for (const line of [interlagos, velocitta, granja]) {
			const { lap, ref, trace } = run(line, { hz: 25, phase: 0.2 }, { hz: 25, phase: 0.7 });
			expectWellFormed(trace);
			expect(Math.abs(trace.finishDeltaMs)).toBeLessThan(1e-6);
			expect(errors(line, trace, lap, ref).maxMs).toBeLessThan(3);
		}
	});

	it("gives a constant delta for a lap that lost a fixed time in its first 50 m", () => {
		const lostMs = 740;
		const { lap, ref, trace } = run(
			velocitta,
			{ hz: 20, warp: (t, s) => t + lostMs * Math.min(1, s / 50) },
			{ hz: 25 },
		);
		expectWellFormed(trace);
		expect(trace.finishDeltaMs).toBeCloseTo(lostMs, 6);
		let checked = 0;
		for (let i = 0; i < lap.channels.length; i++) {
			if (lap.lineDistanceM[i]! < 70) continue;
			expect(Math.abs(trace.points.deltaMs[i]! - lostMs)).toBeLessThan(3);
			checked++;
		}
		expect(checked).toBeGreaterThan(1500);
		// Around the kink at 50 m the smoothing (±5 m) rounds the corner of the true delta.
		const awayFromKink = (s: number) => Math.abs(s - 50) > 10;
		expect(errors(velocitta, trace, lap, ref, awayFromKink).maxMs).toBeLessThan(5);
	});

	it("gives a delta growing with the reference's time for a lap 2 % slower everywhere", () => {
		for (const line of [interlagos, granja]) {
			const { lap, ref, trace } = run(line, { hz: 25, warp: (t) => 1.02 * t }, { hz: 25 });
			expectWellFormed(trace);
			expect(trace.finishDeltaMs).toBeCloseTo(0.02 * ref.lapTimeMs, 6);
			for (let i = 0; i < lap.channels.length; i += 7) {
				const refTime = timeAtDistance(ref, line.spacingM, lap.lineDistanceM[i]!);
				expect(Math.abs(trace.points.deltaMs[i]! - 0.02 * refTime)).toBeLessThan(3);
			}
			// Along the chart grid too, ending at the lap-time difference.
			const { grid } = trace;
			expect(grid.deltaMs[grid.length - 1]).toBeCloseTo(trace.finishDeltaMs, 2);
			for (let g = 0; g < grid.length; g++) {
				expect(Math.abs(grid.deltaMs[g]! - 0.02 * grid.reference.timeMs[g]!)).toBeLessThan(4);
			}
		}
	});

	it("matches a 1 Hz lap against a 25 Hz reference, and a 25 Hz lap against a 1 Hz one", () => {
		for (const line of [interlagos, velocitta, granja]) {
			const slower = { warp: (t: number) => 1.02 * t };
			const coarseLap = run(line, { hz: 1, ...slower }, { hz: 25 });
			const coarseRef = run(line, { hz: 25, ...slower }, { hz: 1 });
			const fine = run(line, { hz: 25, ...slower }, { hz: 25 });
			for (const { lap, ref, trace } of [coarseLap, coarseRef]) {
				expectWellFormed(trace);
				expect(trace.finishDeltaMs).toBeCloseTo(fine.trace.finishDeltaMs, 6);
				// At 1 Hz a kart's hairpin (R 8 m) lies between two fixes: its speed dip is not in them.
				const e = errors(line, trace, lap, ref);
				expect(e.maxMs).toBeLessThan(40);
				expect(e.rmsMs).toBeLessThan(10);
			}
			expect(coarseLap.trace.points.length).toBeLessThan(coarseLap.ref.channels.length / 20);
		}
	});

	it("follows a 1 Hz reference's accelerations between its fixes (time is not linear along a chord)", () => {
		const { lap, ref, trace } = run(interlagos, { hz: 25 }, { hz: 1 });
		const e = errors(interlagos, trace, lap, ref);
		// Linear time along 1 Hz chords is off by up to ~50 ms where the lap accelerates hard.
		expect(e.maxMs).toBeLessThan(20);
	});

	it("keeps the delta bounded and smooth under seeded GPS noise", () => {
		// White noise of sigma metres on each axis of every fix of both laps, at 25 Hz.
		for (const sigma of [0.5, 1]) {
			for (const line of [interlagos, velocitta, granja]) {
				for (let seed = 1; seed <= 3; seed++) {
					const { lap, ref, trace } = run(
						line,
						{ hz: 25, warp: (t) => 1.02 * t, noise: { seed: 2 * seed, sigmaM: sigma } },
						{ hz: 25, noise: { seed: 2 * seed + 1, sigmaM: sigma } },
					);
					expectWellFormed(trace);
					expect(trace.offLinePoints).toBe(0);
					const smooth = errors(line, trace, lap, ref);
					const raw = errors(line, trace, lap, ref, undefined, "rawDeltaMs");
					expect(smooth.maxMs).toBeLessThan(90 * sigma);
					expect(smooth.rmsMs).toBeLessThan(25 * sigma);
					expect(smooth.maxMs).toBeLessThan(0.8 * raw.maxMs);
					// From one fix to the next (40 ms) the true delta moves by under 1 ms.
					const n = trace.points.length;
					let steepest = 0;
					for (let i = 2; i < n - 1; i++) {
						const step = Math.abs(trace.points.deltaMs[i]! - trace.points.deltaMs[i - 1]!);
						steepest = Math.max(steepest, step);
					}
					expect(steepest).toBeLessThan(50 * sigma);
					expect(Math.abs(trace.startStepMs)).toBeLessThan(100 * sigma);
					expect(Math.abs(trace.finishStepMs)).toBeLessThan(100 * sigma);
				}
			}
		}
	});

	it("measures by position, not by distance travelled: a wider line in one corner costs nothing", () => {
		// T1 of Interlagos, driven 8 m wide at the same times: a longer path, no time lost.
		const { lap, ref, trace } = run(
			interlagos,
			{ hz: 25, phase: 0.1, lateralM: bump(480, 680, -8) },
			{ hz: 25 },
		);
		expect(lap.channels.distanceM[lap.channels.length - 1]!).toBeGreaterThan(
			ref.channels.distanceM[ref.channels.length - 1]! + 2,
		);
		expect(trace.offLinePoints).toBe(0);
		expect(errors(interlagos, trace, lap, ref).maxMs).toBeLessThan(4);
	});

	it("ignores the lap's distance channel: an odometer reading 1 % long changes nothing", () => {
		const { lap, ref, trace } = run(velocitta, { hz: 10, distanceFactor: 1.01 }, { hz: 25 });
		expect(errors(velocitta, trace, lap, ref).maxMs).toBeLessThan(4);
	});

	it("never jumps to the other branch of a crossing layout (forward window)", () => {
		const eight = circuitLine(FIGURE_EIGHT);
		const { lap, ref, trace } = run(
			eight,
			{ hz: 25, warp: (t) => 1.02 * t, noise: { seed: 3, sigmaM: 1 } },
			{ hz: 25, noise: { seed: 4, sigmaM: 1 } },
		);
		// Both branches pass through (200, 200) of the polygon: the middle of the lap.
		expect(errors(eight, trace, lap, ref).maxMs).toBeLessThan(80);
		for (let i = 1; i < trace.points.length; i++) {
			const ownStep = lap.lineDistanceM[i]! - lap.lineDistanceM[i - 1]!;
			const step = trace.points.refDistanceM[i]! - trace.points.refDistanceM[i - 1]!;
			expect(step).toBeLessThan(ownStep + 5);
		}
	});

	it("carries a pit-lane detour through the infield and recovers after it", () => {
		// A kart leaves before turn 1 through the infield, 45 m to the left, stops 15 s and
		// rejoins after turn 2; elsewhere it drives the reference's lap.
		const line = granja;
		const ref = syntheticLap(line, { hz: 25 });
		const from = 85;
		const to = 325;
		const pitSpeedMs = 40 / 3.6;
		const stopAt = 205;
		const atRef = (s: number) => timeAtDistance(ref, line.spacingM, s);
		const detourMs = ((to - from) / pitSpeedMs) * 1000 + 15_000;
		const lostMs = detourMs - (atRef(to) - atRef(from));
		const lap = syntheticLap(line, {
			hz: 10,
			lateralM: bump(from, to, 45),
			noise: { seed: 5, sigmaM: 0.3 },
			warp: (t, s) => {
				if (s <= from) return t;
				if (s >= to) return t + lostMs;
				const stop = s > stopAt ? 15_000 * Math.min(1, s - stopAt) : 0;
				return atRef(from) + ((s - from) / pitSpeedMs) * 1000 + stop;
			},
		});
		const trace = expectTrace(computeDelta(lap.channels, ref.channels));
		expectWellFormed(trace);
		expect(trace.finishDeltaMs).toBeCloseTo(lostMs, 0);
		expect(trace.offLinePoints).toBeGreaterThan(100);
		expect(trace.offLineM).toBeGreaterThan(150);
		const outside = (s: number) => s < from - 10 || s > to + 10;
		expect(errors(line, trace, lap, ref, outside).maxMs).toBeLessThan(40);
		// Inside, the place is carried between the two ends of the detour, never beyond.
		for (let i = 0; i < lap.channels.length; i++) {
			const s = lap.lineDistanceM[i]!;
			if (s <= from || s >= to) continue;
			expect(trace.points.refDistanceM[i]!).toBeGreaterThan(from - 15);
			expect(trace.points.refDistanceM[i]!).toBeLessThan(to + 15);
		}
	});

	it("flags a pit lane alongside a straight as off the line and keeps the rest exact", () => {
		const line = interlagos;
		const ref = syntheticLap(line, { hz: 25 });
		const from = 1300;
		const to = 1600;
		const lap = syntheticLap(line, { hz: 10, lateralM: bump(from, to, -30) });
		const trace = expectTrace(computeDelta(lap.channels, ref.channels));
		expect(trace.offLinePoints).toBeGreaterThan(20);
		expect(errors(line, trace, lap, ref, (s) => s < from || s > to).maxMs).toBeLessThan(4);
	});

	it("says so when the reference was driven the other way, with no trace", () => {
		const forward = syntheticLap(interlagos, { hz: 10 });
		const backward = syntheticLap(circuitLine("interlagos", { reverse: true }), { hz: 10 });
		const result = computeDelta(forward.channels, backward.channels);
		expect(result.status).toBe("reversed");
		if (result.status === "ok") return;
		expect(result.reason).toMatch(/sentido contrário/);
		expect(result.finishDeltaMs).toBeCloseTo(forward.lapTimeMs - backward.lapTimeMs, 6);
		expect("points" in result).toBe(false);
		// The same laps the same way round are fine.
		expect(computeDelta(backward.channels, backward.channels).status).toBe("ok");
	});

	it("refuses a lap of another track and laps too short to compare", () => {
		const a = syntheticLap(interlagos, { hz: 10 });
		const b = syntheticLap(velocitta, { hz: 10 });
		expect(computeDelta(a.channels, b.channels).status).toBe("unrelated");
		const one: LapChannels = { ...a.channels, length: 1 };
		expect(computeDelta(one, b.channels).status).toBe("too-short");
		expect(computeDelta(a.channels, one).status).toBe("too-short");
	});

	it("accepts a prepared reference line, with the same result", () => {
		const lap = syntheticLap(velocitta, { hz: 10, warp: (t) => 1.01 * t });
		const ref = syntheticLap(velocitta, { hz: 25 });
		const line = prepareReference(ref.channels);
		expect(line).not.toBeNull();
		const a = expectTrace(computeDelta(lap.channels, ref.channels));
		const b = expectTrace(computeDelta(lap.channels, line!));
		expect(Array.from(b.points.deltaMs)).toEqual(Array.from(a.points.deltaMs));
	});
});

describe("rate of gain or loss per metre", () => {
	it("is the time lost per metre where it is lost, and about zero elsewhere", () => {
		// 300 ms lost evenly between 2000 m and 2100 m of Interlagos: 3 ms/m there.
		const { trace } = run(
			interlagos,
			{ hz: 25, warp: (t, s) => t + 300 * Math.min(1, Math.max(0, (s - 2000) / 100)) },
			{ hz: 25 },
		);
		const { grid } = trace;
		for (let g = 0; g < grid.length; g++) {
			const d = grid.distanceM[g]!;
			if (d > 2020 && d < 2080) expect(Math.abs(grid.gainMsPerM[g]! - 3)).toBeLessThan(0.3);
			if (d < 1970 || d > 2130) expect(Math.abs(grid.gainMsPerM[g]!)).toBeLessThan(0.1);
		}
	});
});

describe("the chart grid", () => {
	it("reads both laps every few metres of the reference, with speed, lean and position", () => {
		const { lap, ref, trace } = run(
			granja,
			{ hz: 20, warp: (t) => 1.03 * t },
			{ hz: 25 },
			{ gridStepM: 5 },
		);
		const { grid } = trace;
		expect(grid.stepM).toBe(5);
		expect(grid.distanceM[0]).toBe(0);
		expect(grid.distanceM[grid.length - 1]).toBe(trace.referenceLengthM);
		for (let g = 1; g < grid.length - 1; g++) {
			expect(grid.distanceM[g]! - grid.distanceM[g - 1]!).toBeCloseTo(5, 9);
		}
		expect(grid.lap.timeMs[grid.length - 1]).toBe(lap.lapTimeMs);
		expect(grid.reference.timeMs[grid.length - 1]).toBeCloseTo(ref.lapTimeMs, 6);
		// 3 % slower at the same place: speed 3 % lower, lean lower, same position.
		let compared = 0;
		for (let g = 10; g < grid.length - 10; g++) {
			const refSpeed = grid.reference.speedKmh[g]!;
			expect(Math.abs(grid.lap.speedKmh[g]! - refSpeed / 1.03)).toBeLessThan(0.01 * refSpeed + 1);
			expect(Math.abs(grid.lap.leanDeg[g]!)).toBeLessThanOrEqual(
				Math.abs(grid.reference.leanDeg[g]!) + 0.5,
			);
			const metres = Math.hypot(
				(grid.lap.lat[g]! - grid.reference.lat[g]!) * 111_195,
				(grid.lap.lon[g]! - grid.reference.lon[g]!) * 111_195 * Math.cos((-23.6 * Math.PI) / 180),
			);
			expect(metres).toBeLessThan(1.5);
			compared++;
		}
		expect(compared).toBeGreaterThan(150);
	});

	it("derives speed from positions when the lap has no speed channel", () => {
		const { trace } = run(interlagos, { hz: 10, withoutSpeed: true }, { hz: 25 });
		const { grid } = trace;
		for (let g = 5; g < grid.length - 5; g++) {
			expect(Math.abs(grid.lap.speedKmh[g]! - grid.reference.speedKmh[g]!)).toBeLessThan(4);
		}
	});
});

describe("GPS offset between the laps", () => {
	it("removes a receiver's constant offset, which would otherwise read as time in slow corners", () => {
		for (const line of [interlagos, granja]) {
			const ref = syntheticLap(line, { hz: 25 });
			// 2.5 m east and 3 m south, as a real session drifts over twenty laps; the lap is
			// timed from its own positions, so its clock starts where they cross the line.
			const lap = syntheticLap(line, {
				hz: 10,
				warp: (t) => 1.01 * t,
				gpsOffsetM: { eastM: 2.5, northM: -3 },
			});
			expect(lap.clockAtLineMs).not.toBe(0);
			const aligned = expectTrace(computeDelta(lap.channels, ref.channels));
			expect(Math.abs(aligned.offsetM.eastM + 2.5)).toBeLessThan(0.15);
			expect(Math.abs(aligned.offsetM.northM - 3)).toBeLessThan(0.15);
			expectWellFormed(aligned);
			const inside = (s: number) => s > 20 && s < line.lengthM - 20;
			expect(errors(line, aligned, lap, ref, inside).maxMs).toBeLessThan(6);
			// No step right after the start: the lap's clock is counted from the line.
			expect(Math.abs(aligned.startStepMs)).toBeLessThan(5);
			expect(Math.abs(aligned.finishStepMs)).toBeLessThan(5);

			const unaligned = expectTrace(
				computeDelta(lap.channels, ref.channels, { alignOffset: false }),
			);
			expect(errors(line, unaligned, lap, ref, inside).maxMs).toBeGreaterThan(60);
		}
	});

	it("is not dragged by a wide line in one corner", () => {
		const { trace } = run(interlagos, { hz: 25, lateralM: bump(480, 680, -8) }, { hz: 25 });
		expect(Math.hypot(trace.offsetM.eastM, trace.offsetM.northM)).toBeLessThan(0.05);
	});
});

/**
 * A straight lap of 201 points one metre apart, at `(x, y) = at(d)` for d = 0..200, timed
 * `timeAt(i)` ms (by default 50 ms a metre: 20 m/s).
 */
function straightLap(
	at: (d: number) => [number, number],
	timeAt: (i: number) => number = (i) => 50 * i,
): LapChannels {
	const x: number[] = [];
	const y: number[] = [];
	for (let d = 0; d <= 200; d++) {
		const [px, py] = at(d);
		x.push(px);
		y.push(py);
	}
	const lap = lapThrough(x, y, 20);
	for (let i = 0; i < lap.length; i++) lap.timeMs[i] = timeAt(i);
	return lap;
}

/** 200 m due east at 20 m/s. */
const eastRef = () => straightLap((d) => [d, 0]);
/** A loss growing with the square of the distance: 0.01 ms × d², 400 ms at the finish. */
const losing = (i: number) => 50 * i + 0.01 * i * i;

describe("computeDelta on small straight laps", () => {
	it("passes its reference options on to the line it prepares", () => {
		expect(referenceOptionsOf({ referenceStepM: 2, referenceSmoothM: 3 })).toEqual({
			stepM: 2,
			smoothM: 3,
			smoothMs: FIX_SMOOTHING_MS,
		});
	});

	it("counts the lap's time from its own first fix, whatever its clock read there", () => {
		const lap = straightLap(
			(d) => [d, 0],
			(i) => 5000 + 50 * i,
		);
		const trace = expectTrace(computeDelta(lap, eastRef()));
		expect(trace.lapTimeMs).toBe(10000);
		expect(trace.finishDeltaMs).toBe(0);
		for (const d of trace.points.rawDeltaMs) expect(Math.abs(d)).toBeLessThan(1);
	});

	it("refuses an empty lap and a lap whose clock does not run, with a lap time of 0", () => {
		const empty = computeDelta(zeroLap(0), eastRef());
		expect(empty).toMatchObject({ status: "too-short", lapTimeMs: 0, finishDeltaMs: -10000 });
		const frozen = computeDelta(
			straightLap(
				(d) => [d, 0],
				() => 0,
			),
			eastRef(),
		);
		expect(frozen.status).toBe("too-short");
	});

	it("shifts a lap lying 2 m north onto the line, sets both ends, and reports both lean sources", () => {
		const lap = straightLap((d) => [d, 2], losing);
		lap.leanEstimated = false;
		const trace = expectTrace(computeDelta(lap, eastRef()));
		const n = trace.points.length;
		// Along an east-west line only the north part of an offset can be measured: east is 0.
		expect(trace.offsetM.eastM).toBe(0);
		expect(trace.offsetM.northM).toBeCloseTo(-2, 1);
		for (const l of trace.points.lateralM) expect(Math.abs(l)).toBeLessThan(0.1);
		expect(trace.points.rawDeltaMs[0]).toBe(0);
		expect(trace.points.rawDeltaMs[n - 1]).toBe(trace.finishDeltaMs);
		expect(trace.leanEstimated).toEqual({ lap: false, reference: true });
		// The loss per metre grows along the lap: each end reads its own slope, not its neighbour's.
		const gain = trace.points.gainMsPerM;
		expect(gain[0]!).toBeLessThan(gain[1]!);
		expect(gain[n - 1]!).toBeGreaterThan(gain[n - 2]!);
	});

	it("shifts a lap lying 2 m east of a line due north onto it", () => {
		const ref = straightLap((d) => [0, d]);
		const trace = expectTrace(
			computeDelta(
				straightLap((d) => [2, d]),
				ref,
			),
		);
		expect(trace.offsetM.northM).toBe(0);
		expect(trace.offsetM.eastM).toBeCloseTo(-2, 1);
		for (const l of trace.points.lateralM) expect(Math.abs(l)).toBeLessThan(0.1);
	});

	it("compares a lap of just two fixes, one at each line", () => {
		const trace = expectTrace(computeDelta(lapThrough([0, 200], [0, 0], 20), eastRef()));
		expect(trace.points.length).toBe(2);
		expect(trace.finishDeltaMs).toBe(0);
	});

	it("smooths a jittery clock right up to the ends, over a full window on the inner side", () => {
		// Fixes timed 10 ms late, late, early, early, ... on a lap otherwise equal to the reference.
		const jitter = [10, 10, -10, -10];
		const lap = straightLap(
			(d) => [d, 0],
			(i) => 50 * i + (i > 0 && i < 200 ? jitter[(i - 1) % 4]! : 0),
		);
		const { deltaMs, rawDeltaMs } = expectTrace(computeDelta(lap, eastRef())).points;
		// The second point alone reads 7 ms; its neighbours on the inner side pull it back.
		expect(rawDeltaMs[1]!).toBeGreaterThan(6);
		for (let i = 1; i < deltaMs.length - 1; i++) expect(Math.abs(deltaMs[i]!)).toBeLessThan(4);
	});

	it("leaves a first point off the line out of the smoothing and gives it its neighbour's gain", () => {
		const lap = straightLap((d) => [d, d === 0 ? 25 : 0], losing);
		const trace = expectTrace(computeDelta(lap, eastRef(), { alignOffset: false }));
		const { deltaMs, gainMsPerM } = trace.points;
		expect(Number.isNaN(trace.startStepMs)).toBe(true);
		expect(Number.isNaN(trace.finishStepMs)).toBe(false);
		for (const d of deltaMs) expect(Number.isFinite(d)).toBe(true);
		expect(gainMsPerM[1]!).toBeGreaterThan(0);
		expect(gainMsPerM[0]).toBe(gainMsPerM[1]);
	});

	it("leaves a last point off the line out of the smoothing and gives it its neighbour's gain", () => {
		const lap = straightLap((d) => [d, d === 200 ? 25 : 0], losing);
		const trace = expectTrace(computeDelta(lap, eastRef(), { alignOffset: false }));
		const { deltaMs, gainMsPerM } = trace.points;
		const n = trace.points.length;
		expect(Number.isNaN(trace.finishStepMs)).toBe(true);
		expect(Number.isNaN(trace.startStepMs)).toBe(false);
		for (const d of deltaMs) expect(Number.isFinite(d)).toBe(true);
		expect(gainMsPerM[n - 2]!).toBeGreaterThan(0);
		expect(gainMsPerM[n - 1]).toBe(gainMsPerM[n - 2]);
	});
});
