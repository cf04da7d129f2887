import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	EARTH_RADIUS_M,
	localProjection,
	longitudeDelta,
	METRES_PER_DEGREE,
	projectX,
	projectY,
	unproject,
} from "./projection";

/** Great-circle distance on the same sphere, the reference the flat map is checked against. */
function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
	const r = Math.PI / 180;
	const a =
		Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
		Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
	return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

describe("localProjection", () => {
	it("maps the origin to (0, 0) and a degree of latitude to about 111.2 km", () => {
		const p = localProjection({ lat: -23.7, lon: -46.7 });
		expect(projectX(p, -46.7)).toBe(0);
		expect(projectY(p, -23.7)).toBe(0);
		expect(METRES_PER_DEGREE).toBeCloseTo(111_195, 0);
		expect(projectY(p, -22.7)).toBeCloseTo(111_195, 0);
		// A degree of longitude shrinks with the cosine of the latitude.
		expect(projectX(p, -45.7)).toBeCloseTo(111_195 * Math.cos((23.7 * Math.PI) / 180), 0);
	});

	it("agrees with great-circle distance to 1 part in 1000 within 5 km, up to 60° latitude", () => {
		fc.assert(
			fc.property(
				fc.double({ min: -60, max: 60, noNaN: true }),
				fc.double({ min: -180, max: 180, noNaN: true }),
				fc.double({ min: -5000, max: 5000, noNaN: true }),
				fc.double({ min: -5000, max: 5000, noNaN: true }),
				(lat, lon, x, y) => {
					const p = localProjection({ lat, lon });
					const q = unproject(p, x, y);
					const flat = Math.hypot(x, y);
					const sphere = haversine(lat, lon, q.lat, q.lon);
					expect(Math.abs(flat - sphere)).toBeLessThanOrEqual(flat / 1000 + 1e-6);
				},
			),
		);
	});

	it("round-trips a point through projection and back", () => {
		fc.assert(
			fc.property(
				fc.double({ min: -80, max: 80, noNaN: true }),
				fc.double({ min: -180, max: 180, noNaN: true }),
				fc.double({ min: -0.05, max: 0.05, noNaN: true }),
				fc.double({ min: -0.05, max: 0.05, noNaN: true }),
				(lat, lon, dLat, dLon) => {
					const p = localProjection({ lat, lon });
					let targetLon = lon + dLon;
					if (targetLon > 180) targetLon -= 360;
					if (targetLon <= -180) targetLon += 360;
					const back = unproject(p, projectX(p, targetLon), projectY(p, lat + dLat));
					expect(back.lat).toBeCloseTo(lat + dLat, 9);
					expect(longitudeDelta(back.lon, targetLon)).toBeCloseTo(0, 9);
				},
			),
		);
	});

	it("takes longitudes the short way round the antimeridian", () => {
		const p = localProjection({ lat: 0, lon: 179.9999 });
		expect(projectX(p, -179.9999)).toBeCloseTo(0.0002 * METRES_PER_DEGREE, 6);
		expect(unproject(p, 0.0002 * METRES_PER_DEGREE, 0).lon).toBeCloseTo(-179.9999, 9);
	});
});

describe("longitudeDelta", () => {
	it("is in (-180, 180]", () => {
		expect(longitudeDelta(10, 0)).toBe(10);
		expect(longitudeDelta(-170, 170)).toBe(20);
		expect(longitudeDelta(170, -170)).toBe(-20);
		expect(longitudeDelta(0, 180)).toBe(180);
		expect(longitudeDelta(180, 0)).toBe(180);
		expect(longitudeDelta(-180, 0)).toBe(180);
		expect(longitudeDelta(540, 0)).toBe(180);
	});
});
