import { describe, expect, it } from "vitest";
import { fixesFromLocal } from "../timing/test-paths";
import { cutAt, lapChannelsBetween, lapChannelsOfRange } from "./build";
import { deriveColumns } from "./derive";

const fixes = fixesFromLocal(
	[
		{ t: 1000, x: 0, y: 0, speedKmh: 36, distanceM: 100 },
		{ t: 1100, x: 0, y: 1, speedKmh: 40, distanceM: 101 },
		{ t: 1200, x: 0, y: 2, speedKmh: Number.NaN, distanceM: 102 },
		{ t: 1300, x: 0, y: 3, speedKmh: 44, distanceM: 103 },
		{ t: 1400, x: 0, y: 4, speedKmh: 48, distanceM: 104 },
	],
	{
		extra: {
			headingDeg: [350, 10, 20, 30, 40],
			satellites: [7, 8, 9, 10, 11],
			altitudeM: [10, 20, Number.NaN, 40, 50],
		},
	},
);
fixes.leanDeg = Float32Array.from([0, 10, 20, 30, 40]);
// Derived and cut inside each test, not while the file loads: a test must run the code it checks.
const derived = () => deriveColumns(fixes);

describe("cutAt", () => {
	it("finds the fix before an instant and the fraction to the next", () => {
		expect(cutAt(fixes, 1000)).toEqual({ index: 0, fraction: 0, timeMs: 1000 });
		expect(cutAt(fixes, 1125)).toEqual({ index: 1, fraction: 0.25, timeMs: 1125 });
		expect(cutAt(fixes, 1300)).toEqual({ index: 3, fraction: 0, timeMs: 1300 });
		expect(cutAt(fixes, 1400)).toEqual({ index: 4, fraction: 0, timeMs: 1400 });
	});

	it("is null outside the recording's time span", () => {
		expect(cutAt(fixes, 999)).toBeNull();
		expect(cutAt(fixes, 1401)).toBeNull();
		expect(cutAt(fixes, Number.NaN)).toBeNull();
		expect(cutAt(fixesFromLocal([]), 0)).toBeNull();
	});

	it("takes the last of fixes sharing an instant", () => {
		const same = fixesFromLocal([
			{ t: 0, x: 0, y: 0 },
			{ t: 100, x: 0, y: 1 },
			{ t: 100, x: 0, y: 2 },
			{ t: 200, x: 0, y: 3 },
		]);
		expect(cutAt(same, 100)).toEqual({ index: 2, fraction: 0, timeMs: 100 });
	});
});

describe("lapChannelsBetween", () => {
	const lapOf = () =>
		lapChannelsBetween(fixes, derived(), cutAt(fixes, 1050)!, cutAt(fixes, 1325)!);

	it("starts and ends on interpolated points spanning exactly the lap time", () => {
		const lap = lapOf();
		expect(lap.length).toBe(5);
		expect(Array.from(lap.timeMs)).toEqual([0, 50, 150, 250, 275]);
		expect(lap.lat[0]).toBeCloseTo((fixes.lat[0]! + fixes.lat[1]!) / 2, 12);
		expect(lap.lat[4]).toBeCloseTo(fixes.lat[3]! + 0.25 * (fixes.lat[4]! - fixes.lat[3]!), 12);
		expect(Array.from(lap.lat.subarray(1, 4))).toEqual(Array.from(fixes.lat.subarray(1, 4)));
	});

	it("measures distance from the lap's start, with the source's odometer", () => {
		const lap = lapOf();
		expect(Array.from(lap.distanceM)).toEqual([0, 0.5, 1.5, 2.5, 2.75]);
	});

	it("interpolates speed and lean, with the derived speed where the source had none", () => {
		const lap = lapOf();
		expect(lap.speedKmh[0]).toBe(38);
		expect(lap.speedKmh[2]).toBeCloseTo(36, 3);
		expect(lap.speedKmh[4]).toBe(45);
		expect(Array.from(lap.leanDeg)).toEqual([5, 10, 20, 30, 32.5]);
		expect(lap.leanEstimated).toBe(false);
	});

	it("turns headings the short way, keeps counts whole and skips a missing value", () => {
		const lap = lapOf();
		expect(lap.extra.headingDeg?.[0]).toBe(0);
		expect(Array.from(lap.extra.satellites!)).toEqual([8, 8, 9, 10, 10]);
		expect(Array.from(lap.extra.altitudeM!).map((v) => (Number.isNaN(v) ? "NaN" : v))).toEqual([
			15,
			20,
			"NaN",
			40,
			42.5,
		]);
		expect(Object.keys(lap.extra).sort()).toEqual(["altitudeM", "headingDeg", "satellites"]);
		const half = lapChannelsBetween(fixes, derived(), cutAt(fixes, 1140)!, cutAt(fixes, 1260)!);
		expect(half.extra.altitudeM?.[0]).toBe(20);
		expect(half.extra.altitudeM?.[half.length - 1]).toBe(40);
	});

	it("leaves out a fix that falls exactly on a cut point (no doubled point)", () => {
		const onFixes = lapChannelsBetween(fixes, derived(), cutAt(fixes, 1100)!, cutAt(fixes, 1300)!);
		expect(Array.from(onFixes.timeMs)).toEqual([0, 100, 200]);
		expect(onFixes.lat[0]).toBe(fixes.lat[1]);
		expect(onFixes.lat[2]).toBe(fixes.lat[3]);
		const whole = lapChannelsBetween(fixes, derived(), cutAt(fixes, 1000)!, cutAt(fixes, 1400)!);
		expect(Array.from(whole.timeMs)).toEqual([0, 100, 200, 300, 400]);
		expect(whole.distanceM[4]).toBe(4);
	});
});

describe("lapChannelsOfRange", () => {
	it("copies fixes [from, to) with time and distance from the first", () => {
		const lap = lapChannelsOfRange(fixes, derived(), 1, 4);
		expect(Array.from(lap.timeMs)).toEqual([0, 100, 200]);
		expect(Array.from(lap.distanceM)).toEqual([0, 1, 2]);
		expect(Array.from(lap.extra.satellites!)).toEqual([8, 9, 10]);
		expect(Array.from(lap.lat)).toEqual(Array.from(fixes.lat.subarray(1, 4)));
		expect(lapChannelsOfRange(fixes, derived(), 2, 2).length).toBe(0);
	});
});

describe("interpolation round north, at a half and past the last fix", () => {
	const turning = () =>
		fixesFromLocal(
			[0, 100, 200, 300].map((t, i) => ({ t, x: 0, y: i })),
			{
				extra: {
					headingDeg: [350, 10, 350, Number.NaN],
					satellites: [5, 6, 7, 8],
					altitudeM: [10, 20, Number.NaN, 40],
				},
			},
		);

	it("keeps headings in [0, 360) on either side of north", () => {
		const f = turning();
		const lap = lapChannelsBetween(f, deriveColumns(f), cutAt(f, 75)!, cutAt(f, 175)!);
		// 350 -> 10 three quarters of the way is 5; 10 -> 350 three quarters of the way is 355.
		expect(Array.from(lap.extra.headingDeg!)).toEqual([5, 10, 355]);
	});

	it("takes the nearer fix's heading and count, the later one from half way", () => {
		const f = turning();
		const lap = lapChannelsBetween(f, deriveColumns(f), cutAt(f, 225)!, cutAt(f, 250)!);
		expect(lap.extra.headingDeg![0]).toBe(350);
		expect(Number.isNaN(lap.extra.headingDeg![1])).toBe(true);
		expect(Array.from(lap.extra.satellites!)).toEqual([7, 8]);
		expect(lap.extra.altitudeM![1]).toBe(40);
		const early = lapChannelsBetween(f, deriveColumns(f), cutAt(f, 125)!, cutAt(f, 150)!);
		expect(Array.from(early.extra.satellites!)).toEqual([6, 7]);
		expect(Array.from(early.extra.headingDeg!)).toEqual([5, 0]);
		expect(Number.isNaN(early.extra.altitudeM![1])).toBe(true);
	});

	it("holds the last fix's values for a cut point past it", () => {
		const f = turning();
		const d = deriveColumns(f);
		const past = { index: 3, fraction: 0.5, timeMs: 350 };
		const lap = lapChannelsBetween(f, d, cutAt(f, 250)!, past);
		expect(lap.length).toBe(3);
		expect(lap.lat[2]).toBe(f.lat[3]);
		expect(lap.extra.satellites![2]).toBe(8);
		expect(lap.extra.altitudeM![2]).toBe(40);
		expect(Number.isNaN(lap.extra.headingDeg![2])).toBe(true);
		expect(lap.distanceM[2]).toBe(d.distanceM[3]! - (d.distanceM[2]! + d.distanceM[3]!) / 2);
	});

	it("gives a cut point on a fix that fix's heading as it is", () => {
		// A source that writes north as 360: the fixes keep it, so the cut point on one does too.
		const f = fixesFromLocal(
			[0, 100, 200].map((t, i) => ({ t, x: 0, y: i })),
			{ extra: { headingDeg: [350, 360, 10] } },
		);
		const lap = lapChannelsBetween(f, deriveColumns(f), cutAt(f, 100)!, cutAt(f, 200)!);
		expect(Array.from(lap.extra.headingDeg!)).toEqual([360, 10]);
	});

	it("holds the last fix's heading for a cut point past it", () => {
		const f = fixesFromLocal(
			[0, 100, 200].map((t, i) => ({ t, x: 0, y: i })),
			{ extra: { headingDeg: [350, 10, 20] } },
		);
		const past = { index: 2, fraction: 0.5, timeMs: 250 };
		const lap = lapChannelsBetween(f, deriveColumns(f), cutAt(f, 150)!, past);
		expect(Array.from(lap.extra.headingDeg!)).toEqual([15, 20, 20]);
	});

	it("cuts between two fixes logged at the same instant at the later one", () => {
		const same = fixesFromLocal([
			{ t: 0, x: 0, y: 0 },
			{ t: 100, x: 0, y: 1 },
			{ t: 100, x: 0, y: 2 },
		]);
		expect(cutAt(same, 50)).toEqual({ index: 0, fraction: 0.5, timeMs: 50 });
		expect(cutAt(same, 100)).toEqual({ index: 2, fraction: 0, timeMs: 100 });
		const lap = lapChannelsBetween(same, deriveColumns(same), cutAt(same, 50)!, cutAt(same, 100)!);
		expect(lap.lat[lap.length - 1]).toBe(same.lat[2]);
	});

	it("gives only the extra columns the fixes carry", () => {
		const bare = fixesFromLocal([
			{ t: 0, x: 0, y: 0 },
			{ t: 100, x: 0, y: 1 },
		]);
		const d = deriveColumns(bare);
		expect(lapChannelsBetween(bare, d, cutAt(bare, 0)!, cutAt(bare, 100)!).extra).toEqual({});
		expect(lapChannelsOfRange(bare, d, 0, 2).extra).toEqual({});
	});
});
