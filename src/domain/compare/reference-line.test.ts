import { describe, expect, it } from "vitest";
import type { LapChannels } from "../channels/types";
import { createLocalFrame, projectPoints } from "./geo";
import {
	gridPosition,
	MIN_REFERENCE_LENGTH_M,
	prepareReference,
	referenceChannelAt,
	referenceSourceIndexAt,
	referenceTimeAt,
	referenceTimeNearEnd,
} from "./reference-line";
import { circuitLine, syntheticLap } from "./synthetic-lap";
import { lapThrough, zeroLap } from "./test-paths";

const line = circuitLine("velocitta");

describe("prepareReference", () => {
	it("resamples the lap on equal steps of its own length, with non-decreasing times", () => {
		const lap = syntheticLap(line, { hz: 25, noise: { seed: 1, sigmaM: 0.5 } });
		const ref = prepareReference(lap.channels)!;
		expect(ref.stepM).toBeLessThanOrEqual(1);
		expect(ref.stepM).toBeGreaterThan(0.99);
		expect(ref.distanceM[ref.count - 1]).toBeCloseTo(ref.lengthM, 9);
		expect(ref.lengthM).toBeGreaterThan(line.lengthM - 5);
		expect(ref.lengthM).toBeLessThan(line.lengthM * 1.01);
		expect(ref.timeMs[0]).toBe(0);
		expect(ref.timeMs[ref.count - 1]).toBe(lap.lapTimeMs);
		expect(ref.lapTimeMs).toBe(lap.lapTimeMs);
		for (let k = 1; k < ref.count; k++) {
			expect(ref.timeMs[k]!).toBeGreaterThanOrEqual(ref.timeMs[k - 1]!);
			expect(ref.distanceM[k]! - ref.distanceM[k - 1]!).toBeCloseTo(ref.stepM, 9);
			expect(Math.hypot(ref.tx[k]!, ref.ty[k]!)).toBeCloseTo(1, 9);
		}
		expect(ref.sourceDistanceM[lap.channels.length - 1]).toBeCloseTo(ref.lengthM, 6);
	});

	it("gives a 1 Hz lap the same length and times as the 25 Hz one (a spline, not chords)", () => {
		const fine = prepareReference(syntheticLap(line, { hz: 25 }).channels)!;
		const coarse = prepareReference(syntheticLap(line, { hz: 1 }).channels)!;
		expect(Math.abs(coarse.lengthM - fine.lengthM)).toBeLessThan(2);
		// Compared at the same fraction of each line's length (the same place, to a decimetre).
		const scale = coarse.lengthM / fine.lengthM;
		let worst = 0;
		for (let s = 0; s < fine.lengthM; s += 5) {
			const gap = Math.abs(referenceTimeAt(coarse, s * scale) - referenceTimeAt(fine, s));
			worst = Math.max(worst, gap);
		}
		expect(worst).toBeLessThan(25);
	});

	it("reads the reference's channels where a distance falls among its own points", () => {
		const lap = syntheticLap(line, { hz: 10 });
		const ref = prepareReference(lap.channels)!;
		for (let i = 1; i < lap.channels.length - 1; i += 17) {
			const at = ref.sourceDistanceM[i]!;
			expect(referenceChannelAt(ref, lap.channels.speedKmh, at)).toBeCloseTo(
				lap.channels.speedKmh[i]!,
				0,
			);
			expect(Math.abs(referenceTimeAt(ref, at) - lap.channels.timeMs[i]!)).toBeLessThan(2);
		}
	});

	it("extends the reference's clock past both ends at its speed there", () => {
		const lap = syntheticLap(line, { hz: 25 });
		const ref = prepareReference(lap.channels)!;
		const speedMs = lap.channels.speedKmh[0]! / 3.6;
		const before = referenceTimeNearEnd(
			ref,
			ref.x[0]! - 3 * ref.tx[0]!,
			ref.y[0]! - 3 * ref.ty[0]!,
			0,
			"start",
		);
		expect(before).toBeCloseTo((-3 / speedMs) * 1000, 0);
		const last = ref.count - 1;
		const after = referenceTimeNearEnd(
			ref,
			ref.x[last]! + 2 * ref.tx[last]!,
			ref.y[last]! + 2 * ref.ty[last]!,
			ref.lengthM,
			"finish",
		);
		const endSpeedMs = lap.channels.speedKmh[lap.channels.length - 1]! / 3.6;
		expect(after).toBeCloseTo(ref.lapTimeMs + (2 / endSpeedMs) * 1000, 0);
	});

	it("refuses what cannot be a reference", () => {
		const lap = syntheticLap(line, { hz: 10 }).channels;
		const one: LapChannels = { ...lap, length: 1 };
		expect(prepareReference(one)).toBeNull();
		const standing: LapChannels = {
			...lap,
			length: 3,
			lat: new Float64Array(3).fill(lap.lat[0]!),
			lon: new Float64Array(3).fill(lap.lon[0]!),
		};
		expect(prepareReference(standing)).toBeNull();
		const frozen: LapChannels = { ...lap, timeMs: new Float64Array(lap.length) };
		expect(prepareReference(frozen)).toBeNull();
	});
});

/** The float just below `v`. */
function nextDown(v: number): number {
	const f = new Float64Array([v]);
	const bits = new BigInt64Array(f.buffer);
	bits[0] = bits[0]! - 1n;
	return f[0]!;
}

/** Metres 0, step, 2 step, … up to `lengthM`. */
function metres(lengthM: number, step: number): number[] {
	const out: number[] = [];
	for (let d = 0; d <= lengthM + 1e-9; d += step) out.push(d);
	return out;
}

/** A straight lap heading north-east (3-4-5), a fix every half metre, at `speedMs`. */
function diagonalLap(lengthM: number, speedMs = 20): LapChannels {
	const d = metres(lengthM, 0.5);
	return lapThrough(
		d.map((v) => 0.6 * v),
		d.map((v) => 0.8 * v),
		speedMs,
	);
}

describe("prepareReference, small paths", () => {
	it("throws on a grid step that is not positive or a negative smoothing", () => {
		const lap = lapThrough([0, 20], [0, 0]);
		const message = "stepM > 0 and smoothM >= 0";
		expect(() => prepareReference(lap, { stepM: 0 })).toThrow(message);
		expect(() => prepareReference(lap, { stepM: Number.NaN })).toThrow(message);
		expect(() => prepareReference(lap, { smoothM: -1 })).toThrow(message);
		expect(() => prepareReference(lap, { smoothM: Number.NaN })).toThrow(message);
	});

	it("counts time from the lap's first point, whatever its clock reads", () => {
		const lap = lapThrough(metres(40, 1), new Array(41).fill(0));
		lap.timeMs = lap.timeMs.map((t) => t + 5000);
		const ref = prepareReference(lap)!;
		expect(ref.lapTimeMs).toBeCloseTo(2000, 6);
		expect(ref.timeMs[ref.count - 1]).toBeCloseTo(2000, 6);
		expect(referenceTimeAt(ref, 20)).toBeCloseTo(1000, 0);
	});

	it("accepts a path of exactly the shortest length", () => {
		// On the equator a north-south path measures (lat difference) × metres per degree.
		const lap = zeroLap(2);
		const mPerDeg = createLocalFrame(0, 0).mPerDegLat;
		let lat = MIN_REFERENCE_LENGTH_M / mPerDeg;
		for (let i = 0; i < 20 && lat * mPerDeg !== MIN_REFERENCE_LENGTH_M; i++) {
			lat = lat * mPerDeg > MIN_REFERENCE_LENGTH_M ? nextDown(lat) : -nextDown(-lat);
		}
		expect(lat * mPerDeg).toBe(MIN_REFERENCE_LENGTH_M);
		lap.lat[1] = lat;
		lap.timeMs[1] = 1000;
		lap.speedKmh.fill(36);
		// A grid step of 10 m: the two fixes are joined by a chord.
		const ref = prepareReference(lap, { stepM: 10 });
		expect(ref?.lengthM).toBe(MIN_REFERENCE_LENGTH_M);
		lap.lat[1] = nextDown(lat);
		expect(prepareReference(lap, { stepM: 10 })).toBeNull();
	});

	it("joins fixes closer than two grid steps by chords", () => {
		// Fixes 5 m apart on a circle of 20 m radius; a 4 m grid leaves them as they are.
		const x: number[] = [];
		const y: number[] = [];
		const dAngle = 2 * Math.asin(5 / 40);
		for (let i = 0; i <= 10; i++) {
			x.push(20 * Math.sin(i * dAngle));
			y.push(20 - 20 * Math.cos(i * dAngle));
		}
		const ref = prepareReference(lapThrough(x, y), { stepM: 4 })!;
		expect(ref.lengthM).toBeCloseTo(50, 6);
	});

	it("starts the line at the first point of a lap that waits before moving", () => {
		// 2 s standing, then 20 m at 20 m/s.
		const x = [0, 0, ...metres(20, 1)];
		const lap = lapThrough(x, new Array(x.length).fill(0));
		for (let i = 0; i < x.length; i++) lap.timeMs[i] = i < 2 ? i * 1000 : 1000 + (i - 1) * 50;
		const ref = prepareReference(lap, { smoothMs: 0 })!;
		expect(referenceSourceIndexAt(ref, 0)).toBe(0);
		expect(ref.x[0]).toBe(0);
		expect(ref.y[0]).toBe(0);
		expect(ref.lapTimeMs).toBe(2050);
	});

	it("ends the line at the lap's last time when the lap stops at its end", () => {
		const x = [...metres(20, 1), 20, 20, 20];
		const lap = lapThrough(x, new Array(x.length).fill(0));
		// 20 m at 20 m/s, then 3 s standing.
		for (let i = 21; i < 24; i++) lap.timeMs[i] = 1000 + (i - 20) * 1000;
		const ref = prepareReference(lap, { smoothMs: 0 })!;
		expect(ref.lapTimeMs).toBe(4000);
		expect(ref.timeMs[ref.count - 1]).toBe(4000);
		expect(referenceTimeAt(ref, ref.lengthM)).toBe(4000);
	});

	it("puts the last grid point exactly at the line's length", () => {
		// 19 m on a 1 m grid: 18 × (19 / 18) falls an ulp short of 19.
		const ref = prepareReference(lapThrough([0, 9.5, 19], [0, 0, 0]), { smoothMs: 0 })!;
		expect(ref.distanceM[ref.count - 1]).toBe(ref.lengthM);
		// Just short of the end, still on the last segment (not past the grid).
		const s = nextDown(ref.lengthM);
		expect(gridPosition(ref, s).k).toBe(ref.count - 2);
		expect(referenceTimeAt(ref, s)).toBeCloseTo(ref.lapTimeMs, 6);
	});

	it("smooths the line over smoothM metres, whatever the grid step", () => {
		// A right angle at (10, 0); averaging ±2 m of a half-metre grid moves the corner by 5/9 m.
		const d = metres(10, 0.25);
		const x = [...d, ...d.slice(1).map(() => 10)];
		const y = [...d.map(() => 0), ...d.slice(1)];
		const ref = prepareReference(lapThrough(x, y), { stepM: 0.5, smoothMs: 0 })!;
		const corner = Math.round(10 / ref.stepM);
		expect(ref.x[corner]).toBeCloseTo(10 - 5 / 9, 2);
		expect(ref.y[corner]).toBeCloseTo(5 / 9, 2);
	});

	it("keeps a line too short to smooth as it is: it ends exactly at the last fix", () => {
		// 15.2 m on a 10 m grid: ±2 m is less than half a step, so no smoothing.
		const lap = lapThrough([0, 10.5], [0, 11]);
		const ref = prepareReference(lap, { stepM: 10 })!;
		const fixes = projectPoints(ref.frame, lap.lat, lap.lon, 2);
		expect(ref.count).toBe(3);
		expect(ref.x[2]).toBe(fixes.x[1]);
		expect(ref.y[2]).toBe(fixes.y[1]);
	});

	it("gives no direction where the path turns back on itself", () => {
		const ref = prepareReference(lapThrough([0, 10, 0], [0, 0, 0]), { stepM: 10 })!;
		expect(ref.count).toBe(3);
		expect(ref.tx[1]).toBe(0);
		expect(ref.ty[1]).toBe(0);
	});
});

describe("gridPosition", () => {
	const ref = prepareReference(lapThrough(metres(40.2, 0.5), new Array(81).fill(0)), {
		stepM: 0.5,
	})!;

	it("finds the grid segment and the fraction along it", () => {
		const s = 3.2;
		const { k, f } = gridPosition(ref, s);
		expect(k).toBe(6);
		expect(f).toBeCloseTo((s - ref.distanceM[6]!) / ref.stepM, 9);
		expect(f).toBeGreaterThan(0.3);
	});

	it("holds to the ends before the start and past the finish", () => {
		expect(gridPosition(ref, -3)).toEqual({ k: 0, f: 0 });
		expect(referenceTimeAt(ref, -3)).toBe(0);
		expect(gridPosition(ref, ref.lengthM + 5)).toEqual({ k: ref.count - 2, f: 1 });
		expect(referenceTimeAt(ref, ref.lengthM + 5)).toBe(ref.lapTimeMs);
	});
});

describe("referenceTimeNearEnd, small paths", () => {
	// Positions at 20 m/s, but the speed channel reads 10 m/s at the start and 40 m/s at the end.
	const lap = diagonalLap(30);
	lap.speedKmh[0] = 36;
	lap.speedKmh[lap.length - 1] = 144;
	const ref = prepareReference(lap)!;
	const last = ref.count - 1;
	const at = (k: number, ahead: number): [number, number] => [
		ref.x[k]! + ahead * ref.tx[k]!,
		ref.y[k]! + ahead * ref.ty[k]!,
	];

	it("extends the clock before the start at the speed there", () => {
		expect(ref.ty[0]).toBeCloseTo(0.8, 6);
		expect(referenceTimeNearEnd(ref, ...at(0, -3), 0, "start")).toBeCloseTo(-300, 6);
	});

	it("extends the clock past the finish at the speed there", () => {
		expect(referenceTimeNearEnd(ref, ...at(last, 2), ref.lengthM, "finish")).toBeCloseTo(
			ref.lapTimeMs + 50,
			6,
		);
	});

	it("reads the line's own time for a place inside either end", () => {
		expect(referenceTimeNearEnd(ref, ...at(0, 3), 3, "start")).toBeCloseTo(150, 0);
		const s = ref.lengthM - 2;
		expect(referenceTimeNearEnd(ref, ...at(last, -2), s, "finish")).toBeCloseTo(
			ref.lapTimeMs - 100,
			0,
		);
	});

	it("reads the line's own time for a place level with either end", () => {
		// Heading east on the frame's parallel: the direction is (1, 0) exactly.
		const d = metres(30, 0.5);
		const east = prepareReference(lapThrough(d, new Array(d.length).fill(0)))!;
		const end = east.count - 1;
		expect([east.tx[0], east.ty[0], east.tx[end], east.ty[end]]).toEqual([1, 0, 1, 0]);
		const level = (k: number): [number, number] => [east.x[k]!, east.y[k]! + 3];
		expect(referenceTimeNearEnd(east, ...level(0), 2, "start")).toBeCloseTo(100, 0);
		const s = east.lengthM - 2;
		expect(referenceTimeNearEnd(east, ...level(end), s, "finish")).toBeCloseTo(
			east.lapTimeMs - 100,
			0,
		);
	});
});
