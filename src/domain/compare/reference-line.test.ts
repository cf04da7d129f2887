import { describe, expect, it } from "vitest";
import type { LapChannels } from "../channels/types";
import {
	prepareReference,
	referenceChannelAt,
	referenceTimeAt,
	referenceTimeNearEnd,
} from "./reference-line";
import { circuitLine, syntheticLap } from "./synthetic-lap";

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
