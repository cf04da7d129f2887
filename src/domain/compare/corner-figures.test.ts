import { describe, expect, it } from "vitest";
import type { LapChannels } from "../channels/types";
import { VEHICLE_PROFILES } from "../simulator/vehicle";
import {
	type CornerFigures,
	compareCorners,
	indexAtProgress,
	measureCorners,
} from "./corner-figures";
import { type Corner, detectCorners } from "./corners";
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

/** A lap as one point per metre of the reference, `dtMs` apart, with these speeds and leans. */
function straightLap(speeds: number[], dtMs = 1000, lean: number[] = []) {
	const n = speeds.length;
	const lap: LapChannels = {
		length: n,
		timeMs: Float64Array.from(speeds, (_, i) => i * dtMs),
		lat: new Float64Array(n),
		lon: new Float64Array(n),
		speedKmh: Float32Array.from(speeds),
		leanDeg: Float32Array.from(speeds, (_, i) => lean[i] ?? 0),
		leanEstimated: false,
		distanceM: Float64Array.from(speeds, (_, i) => i),
		extra: {},
	};
	const progress = Float64Array.from(speeds, (_, i) => i);
	return { lap, progress };
}

function cornerAt(number: number, entryM: number, apexM: number, exitM: number): Corner {
	const place = { lat: 0, lon: 0 };
	return {
		number,
		direction: "left",
		turnDeg: 90,
		minRadiusM: 20,
		entryM,
		apexM,
		exitM,
		entry: place,
		apex: place,
		exit: place,
	};
}

function figuresOf(
	speeds: number[],
	corner: Corner,
	options: { dtMs?: number; lean?: number[] } = {},
) {
	const { lap, progress } = straightLap(speeds, options.dtMs, options.lean);
	return measureCorners(lap, progress, lap.speedKmh, [corner])[0]!;
}

describe("indexAtProgress", () => {
	it("has no index on an empty lap", () => {
		expect(indexAtProgress(new Float64Array(0), 5)).toBeNaN();
	});

	it("holds to the lap's first and last point for places before and after it", () => {
		const progress = Float64Array.from([0, 1, 2]);
		expect(indexAtProgress(progress, -5)).toBe(0);
		expect(indexAtProgress(progress, 10)).toBe(2);
	});

	it("gives the first point where a lap standing still reached the place", () => {
		expect(indexAtProgress(Float64Array.from([0, 1, 1, 1, 2]), 1)).toBe(1);
	});

	it("gives the last point where the lap ends standing at the reference's end", () => {
		expect(indexAtProgress(Float64Array.from([0, 1, 2, 2]), 2)).toBe(3);
	});
});

describe("measureCorners, point by point", () => {
	it("finds the slowest speed inside the corner, where it first fell", () => {
		const f = figuresOf([100, 100, 90, 70, 60, 60, 60, 70, 80, 90, 100], cornerAt(1, 1.5, 5, 9.5));
		expect(f.entrySpeedKmh).toBe(95);
		expect(f.minSpeedKmh).toBe(60);
		expect(f.minSpeedAtM).toBe(4);
		expect(f.exitSpeedKmh).toBe(95);
	});

	it("counts the last whole point before a corner's exit as inside it", () => {
		const f = figuresOf([100, 100, 100, 100, 100, 50, 90, 100], cornerAt(1, 1, 3, 5.5));
		expect(f.minSpeedKmh).toBe(50);
		expect(f.minSpeedAtM).toBe(5);
	});

	it("takes the exit as the slowest place when the lap still slows there", () => {
		const f = figuresOf([100, 100, 90, 80, 70, 60, 50], cornerAt(1, 1, 3, 4.5));
		expect(f.minSpeedKmh).toBe(65);
		expect(f.minSpeedAtM).toBe(4.5);
	});

	it("keeps the first of two equally slow places, not the exit", () => {
		const f = figuresOf([100, 80, 60, 80, 60, 80], cornerAt(1, 1, 2, 4));
		expect(f.minSpeedKmh).toBe(60);
		expect(f.minSpeedAtM).toBe(2);
	});

	it("reads the greatest lean and its side: right positive, left negative, the first on a tie", () => {
		const speeds = [100, 100, 100, 100, 100, 100];
		const right = figuresOf(speeds, cornerAt(1, 1, 2, 4), { lean: [0, 10, 40, 20, -40, 0] });
		expect(right.maxLeanDeg).toBe(40);
		expect(right.leanSide).toBe("right");
		const left = figuresOf(speeds, cornerAt(1, 1, 2, 4), { lean: [0, -10, -35, 20, 0, 0] });
		expect(left.maxLeanDeg).toBe(35);
		expect(left.leanSide).toBe("left");
	});

	it("starts braking at the last place within 1 km/h of the top speed below 100 km/h", () => {
		const f = figuresOf([100, 100, 100, 99, 90, 80, 60, 70], cornerAt(1, 5, 6, 7));
		expect(f.brakingAtM).toBe(3);
		expect(f.brakingSpeedKmh).toBe(99);
		expect(f.brakingBeforeApexM).toBe(3);
	});

	it("starts braking within 1% of the top speed above 100 km/h", () => {
		const f = figuresOf([200, 200, 200, 198.5, 190, 150, 100, 120], cornerAt(1, 5, 6, 7));
		expect(f.brakingAtM).toBe(3);
		expect(f.brakingSpeedKmh).toBe(198.5);
	});

	it("counts a drop of exactly 5 km/h as braking, and the top speed up to the slowest point", () => {
		const f = figuresOf([100, 100, 100, 98, 95, 97], cornerAt(1, 3, 4, 5));
		expect(f.brakingAtM).toBe(2);
		// The top speed may be the last whole point before an exit that is the slowest place.
		const late = figuresOf([93, 93, 93, 100, 80, 80], cornerAt(1, 1, 2, 3.5));
		expect(late.minSpeedKmh).toBe(90);
		expect(late.brakingAtM).toBe(3);
	});

	it("reads the braking speed on the smoothed speed also at the lap's first point", () => {
		// One fix of noise at the start: the smoothed speed does not take it at full.
		const speeds = [120, 100, 100, 100, 100, 100, 100, 100, 90, 70, 50, 50, 50];
		const f = figuresOf(speeds, cornerAt(1, 9, 10, 12), { dtMs: 50 });
		expect(f.brakingAtM).toBe(0);
		expect(f.brakingSpeedKmh!).toBeLessThan(118);
	});
});

describe("compareCorners, figure by figure", () => {
	const base: CornerFigures = {
		number: 1,
		entrySpeedKmh: 100,
		minSpeedKmh: 60,
		minSpeedAtM: 50,
		exitSpeedKmh: 90,
		maxLeanDeg: 40,
		leanSide: "left",
		leanEstimated: false,
		brakingAtM: 20,
		brakingBeforeApexM: 30,
		brakingSpeedKmh: 100,
		timeMs: 4000,
	};

	it("gives lap minus reference for every figure", () => {
		const corner = cornerAt(1, 0, 50, 100);
		const lap = {
			...base,
			minSpeedKmh: 55,
			exitSpeedKmh: 85,
			maxLeanDeg: 35,
			brakingBeforeApexM: 40,
		};
		const [d] = compareCorners([corner], [lap], [base]);
		expect(d!.diff).toEqual({
			timeMs: 0,
			entrySpeedKmh: 0,
			minSpeedKmh: -5,
			exitSpeedKmh: -5,
			maxLeanDeg: -5,
			brakingBeforeApexM: 10,
		});
	});

	it("leaves a lean or braking difference out when either lap has none", () => {
		const corner = cornerAt(1, 0, 50, 100);
		const none = { ...base, maxLeanDeg: null, brakingBeforeApexM: null };
		for (const [a, b] of [
			[none, base],
			[base, none],
		] as const) {
			const [d] = compareCorners([corner], [a], [b]);
			expect(d!.diff.maxLeanDeg).toBeNull();
			expect(d!.diff.brakingBeforeApexM).toBeNull();
		}
	});

	it("skips a corner that either lap lacks", () => {
		const corners = [cornerAt(1, 0, 50, 100), cornerAt(2, 200, 250, 300)];
		const two = { ...base, number: 2 };
		expect(compareCorners(corners, [base], [base, two]).map((d) => d.corner.number)).toEqual([1]);
		expect(compareCorners(corners, [base, two], [two]).map((d) => d.corner.number)).toEqual([2]);
	});

	it("lists corners with the same time lost in driving order", () => {
		const corners = [3, 1, 2, 5, 4].map((k) => cornerAt(k, k * 100, k * 100 + 50, k * 100 + 90));
		const figures = [1, 2, 3, 4, 5].map((k) => ({ ...base, number: k }));
		expect(compareCorners(corners, figures, figures).map((d) => d.corner.number)).toEqual([
			1, 2, 3, 4, 5,
		]);
	});
});
