import { describe, expect, it } from "vitest";
import { distanceAlongLap, haversineMetres } from "./path-distance";

describe("distanceAlongLap", () => {
	it("uses the logger's distance from the first point", () => {
		expect(
			distanceAlongLap({ lat: [0, 0, 0], lon: [0, 0, 0], distanceM: [1200, 1210, 1235] }),
		).toEqual([0, 10, 35]);
	});

	it("sums the coordinates when the distance is missing", () => {
		const d = distanceAlongLap({
			lat: [-23.7, -23.701, -23.702],
			lon: [-46.7, -46.7, -46.7],
			distanceM: [null, null, null],
		});
		expect(d[0]).toBe(0);
		expect(d[1]).toBeCloseTo(111.2, 0);
		expect(d[2]).toBeCloseTo(222.4, 0);
	});

	it("measures a degree of latitude as about 111 km", () => {
		expect(haversineMetres(0, 0, 1, 0)).toBeCloseTo(111_195, -1);
	});
});
