import { describe, expect, it } from "vitest";
import { VEHICLE_PROFILES } from "../simulator/vehicle";
import { compareCorners, indexAtProgress, measureCorners } from "./corner-figures";
import { detectCorners } from "./corners";
import { computeDelta } from "./delta";
import { prepareReference } from "./reference-line";
import {
	type CircuitLine,
	circuitLine,
	distanceOnLine,
	syntheticLap,
	timeAtDistance,
} from "./synthetic-lap";
import type { DeltaTrace } from "./types";

const line = circuitLine("interlagos");
/** The same racing line ridden with gentler brakes: it must brake earlier for every corner. */
const gentle = circuitLine("interlagos", {
	profile: { ...VEHICLE_PROFILES.moto, brakeMax: 6.5 },
});

/**
 * Truth from the speed model: back from the corner's slowest point, over the stretch held at
 * that speed, then over the braking (faster and faster going back) to where it began.
 */
function modelBrakingStart(l: CircuitLine, entryM: number, exitM: number): number {
	const v = l.baseSpeedMs;
	const from = Math.round(entryM / l.spacingM);
	const to = Math.round(exitM / l.spacingM);
	let slowest = from;
	for (let k = from; k <= to; k++) if (v[k]! < v[slowest]!) slowest = k;
	let k = slowest;
	while (k > 0 && v[k - 1]! < v[k]! + 0.01) k--;
	while (k > 0 && v[k - 1]! > v[k]! + 1e-9) k--;
	return k * l.spacingM;
}

function modelSpeedKmh(l: CircuitLine, s: number): number {
	return l.baseSpeedMs[Math.round(s / l.spacingM)]! * 3.6;
}

describe("measureCorners", () => {
	const ref = syntheticLap(line, { hz: 25 });
	const refLine = prepareReference(ref.channels)!;
	const corners = detectCorners(refLine);
	const figures = measureCorners(
		ref.channels,
		refLine.sourceDistanceM,
		refLine.sourceSpeedKmh,
		corners,
	);

	it("reads entry, slowest and exit speeds, lean and time where the lap passed each corner", () => {
		expect(figures.map((f) => f.number)).toEqual(corners.map((c) => c.number));
		figures.forEach((f, i) => {
			const c = corners[i]!;
			expect(Math.abs(f.entrySpeedKmh - modelSpeedKmh(line, c.entryM))).toBeLessThan(3);
			expect(Math.abs(f.exitSpeedKmh - modelSpeedKmh(line, c.exitM))).toBeLessThan(3);
			let slowest = Number.POSITIVE_INFINITY;
			for (let s = c.entryM; s <= c.exitM; s += 1)
				slowest = Math.min(slowest, modelSpeedKmh(line, s));
			expect(Math.abs(f.minSpeedKmh - slowest)).toBeLessThan(2);
			expect(f.minSpeedAtM).toBeGreaterThanOrEqual(c.entryM - 1);
			expect(f.minSpeedAtM).toBeLessThanOrEqual(c.exitM + 1);
			// A motorbike leans into the turn: right in a right-hander.
			expect(f.leanSide).toBe(c.direction);
			expect(f.maxLeanDeg!).toBeGreaterThan(20);
			expect(f.leanEstimated).toBe(false);
			const at = (place: { lat: number; lon: number }) =>
				timeAtDistance(ref, line.spacingM, distanceOnLine(line, place));
			const time = at(c.exit) - at(c.entry);
			expect(Math.abs(f.timeMs - time)).toBeLessThan(15);
		});
	});

	it("puts the braking point where the speed model starts to slow for the corner", () => {
		let braked = 0;
		figures.forEach((f, i) => {
			const c = corners[i]!;
			if (f.brakingAtM === null) return;
			braked++;
			expect(Math.abs(f.brakingAtM - modelBrakingStart(line, c.entryM, c.exitM))).toBeLessThan(10);
			expect(f.brakingBeforeApexM).toBeCloseTo(c.apexM - f.brakingAtM, 9);
			expect(f.brakingBeforeApexM!).toBeGreaterThan(0);
			expect(f.brakingSpeedKmh!).toBeGreaterThan(f.minSpeedKmh + 5);
		});
		expect(braked).toBeGreaterThanOrEqual(6);
	});

	it("gives no braking point where the speed never drops (a flat-out bend)", () => {
		const flat = syntheticLap(line, { hz: 25, warp: (t) => t }).channels;
		const constant = { ...flat, speedKmh: new Float32Array(flat.length).fill(120) };
		const f = measureCorners(constant, refLine.sourceDistanceM, constant.speedKmh, corners);
		expect(f.every((c) => c.brakingAtM === null && c.brakingBeforeApexM === null)).toBe(true);
	});

	it("reports no lean where the lap has none", () => {
		const noLean = {
			...ref.channels,
			leanDeg: new Float32Array(ref.channels.length).fill(Number.NaN),
		};
		const f = measureCorners(noLean, refLine.sourceDistanceM, refLine.sourceSpeedKmh, corners);
		expect(f.every((c) => c.maxLeanDeg === null && c.leanSide === null)).toBe(true);
	});
});

describe("compareCorners", () => {
	it("shows a lap braking earlier with gentler brakes, and lists first where it lost most", () => {
		const ref = syntheticLap(line, { hz: 25 });
		const lap = syntheticLap(gentle, { hz: 20 });
		const refLine = prepareReference(ref.channels)!;
		const trace = computeDelta(lap.channels, refLine) as DeltaTrace;
		expect(trace.status).toBe("ok");
		const corners = detectCorners(refLine);
		const onRef = measureCorners(
			ref.channels,
			refLine.sourceDistanceM,
			refLine.sourceSpeedKmh,
			corners,
		);
		const onLap = measureCorners(
			lap.channels,
			trace.points.refDistanceM,
			trace.points.speedKmh,
			corners,
		);
		const diffs = compareCorners(corners, onLap, onRef);
		expect(diffs).toHaveLength(corners.length);
		for (let i = 1; i < diffs.length; i++) {
			expect(diffs[i - 1]!.diff.timeMs).toBeGreaterThanOrEqual(diffs[i]!.diff.timeMs);
		}
		let earlier = 0;
		for (const d of diffs) {
			if (d.diff.brakingBeforeApexM === null) continue;
			const truth =
				modelBrakingStart(line, d.corner.entryM, d.corner.exitM) -
				modelBrakingStart(gentle, d.corner.entryM, d.corner.exitM);
			expect(Math.abs(d.diff.brakingBeforeApexM - truth)).toBeLessThan(12);
			if (truth > 10) earlier++;
			expect(d.diff.entrySpeedKmh).toBeCloseTo(d.lap.entrySpeedKmh - d.reference.entrySpeedKmh, 9);
			// The time lost in a corner is what the delta trace gains across it.
			const across =
				valueAtDistance(trace, d.corner.exitM) - valueAtDistance(trace, d.corner.entryM);
			expect(Math.abs(d.diff.timeMs - across)).toBeLessThan(15);
		}
		expect(earlier).toBeGreaterThanOrEqual(5);
	});
});

function valueAtDistance(trace: DeltaTrace, d: number): number {
	const at = indexAtProgress(trace.points.refDistanceM, d);
	const i = Math.floor(at);
	const f = at - i;
	const v = trace.points.rawDeltaMs;
	return i + 1 < v.length ? v[i]! + f * (v[i + 1]! - v[i]!) : v[i]!;
}
