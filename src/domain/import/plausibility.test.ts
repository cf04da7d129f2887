import { describe, expect, it } from "vitest";
import { FixesBuilder } from "./fixes-builder";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport } from "./report";

/** Fixes 0.1 s apart at the given (lat, lon, km/h); lines 1, 2, … */
function build(points: [number, number, number][]) {
	return buildTimed(points.map(([lat, lon, speed], k) => [k * 100, lat, lon, speed]));
}

const step = 0.00002; // about 2 m of latitude: 20 m/s at 10 Hz

describe("dropImplausibleFixes", () => {
	it("drops a fix faster than 540 km/h (150 m/s) and reports it", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 600],
			[-23 + 2 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 3]);
		expect(r.report).toEqual([
			expect.objectContaining({
				line: 2,
				kind: "rejected",
				reason: expect.stringMatching(/600 km\/h acima de 540/),
			}),
		]);
	});

	it("drops a position spike the next fix comes back from", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 72],
			[-22.99, -46, 72], // 1 km away in 0.1 s
			[-23 + 3 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 4]);
		expect(r.report[0]).toMatchObject({
			line: 3,
			kind: "rejected",
			reason: expect.stringMatching(/salto de posição/),
		});
	});

	it("keeps a jump the recording goes on from (the receiver re-acquired elsewhere) and notes it", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 72],
			[-22.99, -46, 72],
			[-22.99 + step, -46, 72],
			[-22.99 + 2 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3, 4, 5]);
		expect(r.report[0]).toMatchObject({
			line: 3,
			kind: "notice",
			reason: expect.stringMatching(/salto de posição de 1.110 m em 0,1 s mantido/),
		});
	});

	it("drops a lone first fix far from all the others", () => {
		const r = build([
			[-22.99, -46, 72],
			[-23, -46, 72],
			[-23 + step, -46, 72],
		]);
		expect(r.lines).toEqual([2, 3]);
		expect(r.report[0]).toMatchObject({ line: 1, kind: "rejected" });
	});

	it("keeps GPS noise of a few metres even at a high rate", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + 0.0003, -46, 72], // 33 m in 0.1 s: noise, under the 100 m floor
			[-23 + 2 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3]);
	});
});

/** Fixes at the given (ms, lat, lon, km/h); lines 1, 2, … */
function buildTimed(points: [number, number, number, number][]) {
	const fixes = new FixesBuilder();
	for (const [k, [t, lat, lon, speed]] of points.entries()) {
		const i = fixes.next();
		fixes.timeMs[i] = t;
		fixes.lat[i] = lat;
		fixes.lon[i] = lon;
		fixes.speedKmh[i] = speed;
		fixes.line[i] = k + 1;
		fixes.commit();
	}
	const report = new ImportReport("f");
	dropImplausibleFixes(fixes, report);
	return { lines: [...fixes.line.slice(0, fixes.length)], report: report.finish() };
}

describe("dropImplausibleFixes: more cases", () => {
	it("drops a spike on the last fix, with no fix after it to come back", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 72],
			[-22.99, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2]);
		expect(r.report[0]).toMatchObject({ line: 3, kind: "rejected" });
	});

	it("looks past too-fast fixes after a spike for the fix that comes back", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 72],
			[-22.99, -46, 72],
			[-22.99, -46, 600],
			[-23 + 4 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 5]);
		expect(r.report.map((e) => e.line)).toEqual([3, 4]);
	});

	it("keeps a fix just under 150 m/s from the one before", () => {
		// 145 m north in one second, logged at 1 Hz.
		const r = buildTimed([
			[0, -23, -46, 72],
			[1000, -23 + 145 / 111_195, -46, 72],
			[2000, -23 + 150 / 111_195, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3]);
	});

	it("measures a sideways spike with the metres of a degree of longitude where the fixes are", () => {
		// The logger was left on during a six-hour flight from 60° N; at the track (35° N) a
		// fix 110 m east and back in 0.1 s is a spike.
		const lat = 35.0028;
		const east = 110 / (111_195 * Math.cos((lat * Math.PI) / 180));
		const sixHours = 6 * 3_600_000;
		const r = buildTimed([
			[0, 60, 10, 0],
			[sixHours, lat, 10, 0],
			[sixHours + 100, lat, 10, 0],
			[sixHours + 200, lat, 10 + east, 0],
			[sixHours + 300, lat, 10, 0],
		]);
		expect(r.lines).toEqual([1, 2, 3, 5]);
		expect(r.report[0]).toMatchObject({ line: 4, kind: "rejected" });
	});
});

describe("dropImplausibleFixes: the limits themselves", () => {
	// On the equator, these latitudes are exactly 100 m and 150 m north of 0 (as distanceM
	// computes them, to the last bit).
	const north100m = 0.000899320363724538;
	const north150m = 0.001348980545586807;

	it("takes a move of exactly 100 m as noise, however short the time", () => {
		const r = buildTimed([
			[0, 0, 0, 72],
			[100, north100m, 0, 72],
			[200, 0, 0, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3]);
	});

	it("keeps a fix exactly 150 m/s from the one before: only faster is dropped", () => {
		const r = buildTimed([
			[0, 0, 0, 72],
			[1000, north150m, 0, 72],
			[2000, 0, 0, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3]);
	});
});

describe("dropImplausibleFixes: spikes in any direction, anywhere", () => {
	/** Three fixes 0.1 s apart: `from`, a spike to `to`, then `from` again. */
	const spike = (from: [number, number], to: [number, number]) =>
		build([
			[from[0], from[1], 72],
			[to[0], to[1], 72],
			[from[0], from[1], 72],
		]).lines;

	it("drops a spike of 200 m due east, where a degree of longitude is shorter than one of latitude", () => {
		// 200 m east at 23.6972° S (a latitude where a conversion to radians off by a factor of
		// 180² would take the cosine near 0 and the spike for noise).
		const lat = -23.6972;
		const east = 200 / (111_195 * Math.cos((lat * Math.PI) / 180));
		expect(spike([lat, -46.7], [lat, -46.7 + east])).toEqual([1, 3]);
	});

	it("drops a spike of 200 m due east after a relocation more than a degree of latitude away", () => {
		const east = 200 / (111_195 * Math.cos((21 * Math.PI) / 180));
		const r = build([
			[-23.7, -46.7, 72],
			[-23.7 + step, -46.7, 72],
			[-21, -46.7, 72], // re-acquired 300 km north, and the recording goes on from there
			[-21 + step, -46.7, 72],
			[-21 + step, -46.7 + east, 72],
			[-21 + 2 * step, -46.7, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3, 4, 6]);
	});

	it("drops a spike across the equator and one across the prime meridian", () => {
		expect(spike([0.0009, 10], [-0.0009, 10])).toEqual([1, 3]);
		expect(spike([10, 0.0009], [10, -0.0009])).toEqual([1, 3]);
	});

	it("keeps a fix at exactly 540 km/h", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 540],
			[-23 + 2 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3]);
	});
});
