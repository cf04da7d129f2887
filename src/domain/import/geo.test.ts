import { describe, expect, it } from "vitest";
import { distanceM, EARTH_RADIUS_M, LocalProjection } from "./geo";

/** Metres in one degree along a meridian. */
const METRES_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
/** Interlagos: far enough from the equator that a degree of longitude is shorter. */
const LAT = -23.7;
const LON = -46.7;
const EAST_WEST_SHRINK = Math.cos((LAT * Math.PI) / 180);

describe("distanceM", () => {
	it("measures along a meridian and across one, where a degree of longitude is shorter", () => {
		expect(distanceM(LAT, LON, LAT + 0.01, LON)).toBeCloseTo(0.01 * METRES_PER_DEG, 1);
		expect(distanceM(LAT, LON, LAT, LON + 0.01)).toBeCloseTo(
			0.01 * METRES_PER_DEG * EAST_WEST_SHRINK,
			1,
		);
		expect(distanceM(LAT, LON, LAT, LON)).toBe(0);
	});
});

describe("LocalProjection", () => {
	it("gives east and north metres around its origin, as the distance on the sphere", () => {
		const p = new LocalProjection(LAT, LON);
		expect(p.x(LON + 0.01)).toBeCloseTo(distanceM(LAT, LON, LAT, LON + 0.01), 1);
		expect(p.y(LAT - 0.01)).toBeCloseTo(-distanceM(LAT, LON, LAT - 0.01, LON), 1);
		expect(p.lon(p.x(LON + 0.01))).toBeCloseTo(LON + 0.01, 12);
		expect(p.lat(p.y(LAT - 0.01))).toBeCloseTo(LAT - 0.01, 12);
	});
});
