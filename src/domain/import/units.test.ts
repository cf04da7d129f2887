import { describe, expect, it } from "vitest";
import { accelerationFactor, lengthFactor, speedFactor } from "./units";

const STANDARD_GRAVITY = 9.80665;

describe("speedFactor", () => {
	it("brings every spelling of m/s, km/h, mph and knots to km/h", () => {
		const factors: [string, number][] = [
			["m/s", 3.6],
			["mps", 3.6],
			["ms", 3.6],
			["km/h", 1],
			["kmh", 1],
			["kph", 1],
			["mph", 1.609344],
			["kn", 1.852],
			["kt", 1.852],
			["kts", 1.852],
			["knots", 1.852],
		];
		for (const [label, factor] of factors) expect(speedFactor(label), label).toBe(factor);
	});

	it("reads a label whatever its case, blanks around it and spaces inside", () => {
		expect(speedFactor("KM/H")).toBe(1);
		expect(speedFactor(" km / h ")).toBe(1);
		expect(speedFactor("\tkm/h\r")).toBe(1);
		expect(speedFactor("Knots\n")).toBe(1.852);
	});

	it("gives null for a label that names no speed", () => {
		for (const label of ["", "m", "g", "km/s", "kmph2", "furlongs/fortnight"]) {
			expect(speedFactor(label), label).toBeNull();
		}
	});
});

describe("lengthFactor", () => {
	it("brings metres, kilometres, feet and miles to metres", () => {
		const factors: [string, number][] = [
			["m", 1],
			["meters", 1],
			["metres", 1],
			["km", 1000],
			["ft", 0.3048],
			["feet", 0.3048],
			["mi", 1609.344],
			["miles", 1609.344],
		];
		for (const [label, factor] of factors) expect(lengthFactor(label), label).toBe(factor);
	});

	it("reads a label whatever its case, blanks around it and spaces inside", () => {
		expect(lengthFactor(" KM ")).toBe(1000);
		expect(lengthFactor("\tMetres\r")).toBe(1);
		expect(lengthFactor("mi les")).toBe(1609.344);
	});

	it("gives null for a label that names no length", () => {
		for (const label of ["", "km/h", "yd", "g", "nm"]) {
			expect(lengthFactor(label), label).toBeNull();
		}
	});
});

describe("accelerationFactor", () => {
	it("brings G and m/s² to standard gravities", () => {
		expect(accelerationFactor("g")).toBe(1);
		for (const label of ["m/s2", "m/s/s", "ms2", "m/s²"]) {
			expect(accelerationFactor(label), label).toBe(1 / STANDARD_GRAVITY);
		}
		expect(9.80665 * accelerationFactor("m/s²")!).toBeCloseTo(1, 12);
	});

	it("reads a label whatever its case, blanks around it and spaces inside", () => {
		expect(accelerationFactor(" G ")).toBe(1);
		expect(accelerationFactor("M / S²\r")).toBe(1 / STANDARD_GRAVITY);
	});

	it("gives null for a label that names no acceleration", () => {
		for (const label of ["", "m/s", "km/h", "gs", "rad/s2"]) {
			expect(accelerationFactor(label), label).toBeNull();
		}
	});
});
