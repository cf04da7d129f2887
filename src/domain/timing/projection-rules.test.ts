import { describe, expect, it } from "vitest";
import { localProjection, METRES_PER_DEGREE, unproject } from "./projection";

describe("unproject: longitudes in (-180, 180]", () => {
	it("wraps a point west of the antimeridian round to the east", () => {
		const p = localProjection({ lat: 0, lon: -179.9999 });
		expect(unproject(p, -0.0002 * METRES_PER_DEGREE, 0).lon).toBeCloseTo(179.9999, 9);
	});

	it("keeps 180 and turns -180 into 180", () => {
		expect(unproject(localProjection({ lat: 10, lon: 180 }), 0, 0).lon).toBe(180);
		expect(unproject(localProjection({ lat: 10, lon: -180 }), 0, 0).lon).toBe(180);
		expect(unproject(localProjection({ lat: 10, lon: -179.5 }), 0, 5).lon).toBe(-179.5);
	});
});
