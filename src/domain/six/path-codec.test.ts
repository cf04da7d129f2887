import { describe, expect, it } from "vitest";
import { parseGpsFile } from "./parse-gps";
import { decodeLapPath, encodeLapPath, LAP_PATH_VERSION, LapPathDecodeError } from "./path-codec";
import { fixture } from "./test-fixtures";

describe("encodeLapPath / decodeLapPath", () => {
	const points = parseGpsFile(fixture("normal", "gps.six")).points;

	it("round-trips a lap path (7-decimal coordinates exactly)", () => {
		const range = { lapNumber: 2, start: 5, end: 8 };
		const bytes = encodeLapPath(points, range);
		expect(bytes[0]).toBe(LAP_PATH_VERSION);
		expect(bytes.length).toBe(8 + 5 * 4 * 3);
		const path = decodeLapPath(bytes);
		expect(Array.from(path.lat)).toEqual(Array.from(points.lat.subarray(5, 8)));
		expect(Array.from(path.lon)).toEqual(Array.from(points.lon.subarray(5, 8)));
		expect(Array.from(path.speedKmh)).toEqual(Array.from(points.speedKmh.subarray(5, 8)));
		expect(Array.from(path.rollDeg)).toEqual(Array.from(points.roll.subarray(5, 8)));
		expect(Array.from(path.distanceM)).toEqual(Array.from(points.distanceM.subarray(5, 8)));
	});

	it("rounds finer coordinates to 1e-7 degrees", () => {
		const fine = parseGpsFile("-23.550519949,-46.633309451|1|1|000000|1|1|x|0|0|0").points;
		const path = decodeLapPath(encodeLapPath(fine, { lapNumber: 1, start: 0, end: 1 }));
		expect(path.lat[0]).toBe(-23.5505199);
		expect(path.lon[0]).toBe(-46.6333095);
	});

	it("leaves absent roll and distance out and decodes them as NaN", () => {
		const old = parseGpsFile(fixture("old-variant", "gps.six")).points;
		const bytes = encodeLapPath(old, { lapNumber: 1, start: 0, end: 3 });
		expect(bytes[1]).toBe(0);
		expect(bytes.length).toBe(8 + 3 * 4 * 3);
		const path = decodeLapPath(bytes);
		expect(Array.from(path.rollDeg).every(Number.isNaN)).toBe(true);
		expect(Array.from(path.distanceM).every(Number.isNaN)).toBe(true);
		expect(path.speedKmh[1]).toBe(Math.fround(152.3));
	});

	it("keeps NaN inside a column that has some values", () => {
		const mixed = parseGpsFile(fixture("old-variant", "gps.six")).points;
		const path = decodeLapPath(encodeLapPath(mixed, { lapNumber: 9, start: 2, end: 5 }));
		expect(Array.from(path.rollDeg).map((v) => (Number.isNaN(v) ? "NaN" : v))).toEqual([
			"NaN",
			-4.75,
			"NaN",
		]);
		expect(Array.from(path.distanceM).map((v) => (Number.isNaN(v) ? "NaN" : v))).toEqual([
			"NaN",
			1835,
			"NaN",
		]);
	});

	it("encodes an empty path", () => {
		const path = decodeLapPath(encodeLapPath(points, { lapNumber: 1, start: 3, end: 3 }));
		expect(path.lat.length).toBe(0);
	});

	it("decodes from a view with an offset (e.g. a slice of a larger buffer)", () => {
		const bytes = encodeLapPath(points, { lapNumber: 1, start: 2, end: 5 });
		const padded = new Uint8Array(bytes.length + 3);
		padded.set(bytes, 3);
		expect(decodeLapPath(padded.subarray(3)).lat).toEqual(decodeLapPath(bytes).lat);
	});

	it("rejects an unknown version, a short header and a wrong length", () => {
		const bytes = encodeLapPath(points, { lapNumber: 1, start: 2, end: 5 });
		const wrongVersion = bytes.slice();
		wrongVersion[0] = 99;
		expect(() => decodeLapPath(wrongVersion)).toThrow(LapPathDecodeError);
		expect(() => decodeLapPath(bytes.subarray(0, 5))).toThrow(/cabeçalho/);
		expect(() => decodeLapPath(bytes.subarray(0, bytes.length - 1))).toThrow(/tamanho/);
	});
});
