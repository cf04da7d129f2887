import { describe, expect, it } from "vitest";
import { bearingDeg, courseOfLap } from "./course";
import { lapOf } from "./test-fixtures";

describe("course", () => {
	it("gives compass bearings", () => {
		expect(bearingDeg(0, 0, 0.001, 0)).toBeCloseTo(0, 6);
		expect(bearingDeg(0, 0, 0, 0.001)).toBeCloseTo(90, 6);
		expect(bearingDeg(0, 0, -0.001, 0)).toBeCloseTo(180, 6);
		expect(bearingDeg(0, 0, 0, -0.001)).toBeCloseTo(270, 6);
		// At 60° of latitude a degree of longitude is half as long: north-east is 63.4°, not 45°.
		expect(bearingDeg(60, 0, 60.001, 0.002)).toBeCloseTo(45, 0);
		expect(Number.isNaN(bearingDeg(1, 1, 1, 1))).toBe(true);
	});

	it("takes the source's heading where it has one, the path's bearing elsewhere", () => {
		const lap = lapOf({
			number: 1,
			startMs: 0,
			timeMs: [0, 100, 200, 300, 400, 500],
			lat: [0, 0.0001, 0.0002, 0.0002, 0.0002, 0.0002],
			lon: [0, 0, 0, 0, 0, 0.0001],
			speedKmh: [0, 0, 0, 0, 0, 0],
			leanDeg: [0, 0, 0, 0, 0, 0],
			extra: { headingDeg: [Number.NaN, 370, Number.NaN, Number.NaN, Number.NaN, Number.NaN] },
		});
		const course = Array.from(courseOfLap(lap.channels), (c) => Math.round(c));
		// Point 3 stands still (same place before and after): it keeps the course before it.
		expect(course).toEqual([0, 10, 0, 0, 90, 90]);
	});

	it("has no course for a lap that never moves", () => {
		const still = lapOf({
			number: 1,
			startMs: 0,
			timeMs: [0, 100],
			lat: [1, 1],
			lon: [2, 2],
			speedKmh: [0, 0],
			leanDeg: [0, 0],
		});
		expect(Array.from(courseOfLap(still.channels)).every(Number.isNaN)).toBe(true);
	});
	it("gives a direction for a step of 5e-7 degrees (about 5 cm), none below it", () => {
		expect(bearingDeg(0, 0, 5e-7, 0)).toBe(0);
		expect(bearingDeg(0, 0, 0, 5e-7)).toBeCloseTo(90, 6);
		expect(Number.isNaN(bearingDeg(0, 0, 4e-7, 4e-7))).toBe(true);
	});

	it("gives the last point the bearing of the last step, a still first point the course after it", () => {
		const lap = lapOf({
			number: 1,
			startMs: 0,
			timeMs: [0, 100, 200, 300],
			lat: [0, 0, 0.0001, 0.0001],
			lon: [0, 0, 0, 0.0001],
			speedKmh: [0, 0, 0, 0],
			leanDeg: [0, 0, 0, 0],
		});
		const course = Array.from(courseOfLap(lap.channels), (c) => Math.round(c));
		// 0 -> 2 is north, 1 -> 3 north-east, 2 -> 3 east; point 0 does not move towards 1.
		expect(course).toEqual([0, 0, 45, 90]);
	});
});
