import { describe, expect, it } from "vitest";
import { buildScene } from "./scene";

const lap1 = {
	lat: [-23.7, -23.701, -23.702],
	lon: [-46.7, -46.701, -46.7],
	speedKmh: [100, 150, 200],
	rollDeg: [10, null, -30],
};
const lap2 = { lat: [-23.7, -23.699], lon: [-46.7, -46.699], speedKmh: [90, 120], rollDeg: [5, 6] };

describe("buildScene", () => {
	it("concatenates laps around one common origin", () => {
		const scene = buildScene([lap1, lap2], "speed");
		expect(scene.pointCount).toBe(5);
		expect([...scene.lapStarts]).toEqual([0, 3, 5]);
		expect(scene.range).toEqual({ min: 90, max: 200 });
		expect(scene.bands[0]).toBe(bandFor(100));
		expect(scene.bands[2]).toBe(15);
		// The box is centred: its extremes are opposite.
		expect(scene.bounds!.minY).toBeCloseTo(-scene.bounds!.maxY, 6);
		function bandFor(v: number) {
			return Math.floor(((v - 90) / 110) * 16);
		}
	});

	it("colours by lean with missing roll as no value", () => {
		const scene = buildScene([lap1], "lean");
		expect(scene.range).toEqual({ min: -30, max: 10 });
		expect(Number.isNaN(scene.values[1]!)).toBe(true);
	});

	it("handles no paths", () => {
		const scene = buildScene([], "speed");
		expect(scene.pointCount).toBe(0);
		expect(scene.bounds).toBeNull();
		expect(scene.range).toBeNull();
	});
});
