import { describe, expect, it } from "vitest";
import { simulateSession } from "../simulator";
import { getCircuit } from "../simulator/circuits";
import { parseGpsFile } from "../six/parse-gps";
import { bearingBetween, distanceMetres } from "./geometry";
import { startFinishFromLapCounter } from "./six-start-line";

/** gps.six lines: lap counter `lap`, at local metres (x east, y north) around a point. */
function gps(rows: [x: number, y: number, lap: number, flag?: number][]): string {
	return rows
		.map(([x, y, lap, flag = 1], k) => {
			const lat = (-23.5 + y / 111_195).toFixed(7);
			const lon = (-46.6 + x / (111_195 * Math.cos((23.5 * Math.PI) / 180))).toFixed(7);
			// 10:00:00.00 plus a tenth of a second a point.
			const seconds = (k * 0.1).toFixed(2).padStart(5, "0");
			return `${lat},${lon}|100|10|1000${seconds}|${lap}|${flag}|12.6V|0|0|${k}`;
		})
		.join("\n");
}

describe("startFinishFromLapCounter", () => {
	it("places a gate across the travel at the mean of the lap changes", () => {
		// Northbound at x = 0, 2 and -2; the counter changes between y = -1 and y = 1.
		const text = gps([
			[0, -3, 0, 0],
			[0, -1, 0, 0],
			[0, 1, 1],
			[0, 3, 1],
			[2, -1, 1],
			[2, 1, 2],
			[-2, -1, 2],
			[-2, 1, 3],
		]);
		const derived = startFinishFromLapCounter(parseGpsFile(text).points)!;
		expect(derived.used).toBe(3);
		expect(derived.leftOut).toBe(0);
		expect(derived.lines.directionDeg).toBeCloseTo(0, 3);
		expect(derived.lines.sectors).toEqual([]);
		const { a, b } = derived.lines.startFinish;
		expect(distanceMetres(a.lat, a.lon, b.lat, b.lon)).toBeCloseTo(20, 3);
		// a on the right (east) of northbound travel, b on the left: a->b points west.
		expect(bearingBetween(a, b)).toBeCloseTo(270, 3);
		expect(derived.centre.lat).toBeCloseTo(-23.5, 6);
		expect(derived.centre.lon).toBeCloseTo(-46.6, 6);
		expect(derived.spreadM).toBeCloseTo(Math.sqrt(8 / 3), 1);
		expect(startFinishFromLapCounter(parseGpsFile(text).points, { widthM: 12 })).toMatchObject({
			used: 3,
		});
	});

	it("leaves out jumps and changes far from the others", () => {
		const text = gps([
			[0, -1, 0, 0],
			[0, 1, 1],
			[0, -1, 1],
			[0, 1, 2],
			[0, 0, 2],
			[300, 0, 3],
			[500, -1, 3],
			[500, 1, 4],
		]);
		const derived = startFinishFromLapCounter(parseGpsFile(text).points)!;
		expect(derived.used).toBe(2);
		expect(derived.leftOut).toBe(2);
	});

	it("is null without a lap change, or when crossings share no direction", () => {
		expect(
			startFinishFromLapCounter(
				parseGpsFile(
					gps([
						[0, 0, 1],
						[0, 1, 1],
					]),
				).points,
			),
		).toBeNull();
		const opposite = gps([
			[0, -1, 0, 0],
			[0, 1, 1],
			[0, 1, 1],
			[0, -1, 2],
		]);
		expect(startFinishFromLapCounter(parseGpsFile(opposite).points)).toBeNull();
		// A counter that goes down or skips is no crossing.
		expect(
			startFinishFromLapCounter(
				parseGpsFile(
					gps([
						[0, -1, 3],
						[0, 1, 1],
						[0, 2, 5],
					]),
				).points,
			),
		).toBeNull();
	});

	it("finds a simulated session's line close to the circuit's own start/finish", () => {
		for (const circuit of ["interlagos", "velocitta", "granja-viana"] as const) {
			const s = simulateSession({ seed: 3, circuit, laps: 4, hz: 10 });
			const derived = startFinishFromLapCounter(parseGpsFile(s.gpsSix).points)!;
			expect(derived.used).toBe(5);
			// The circuit's line lies at its first control point, the origin of its metres.
			const { origin } = getCircuit(circuit);
			const offset = distanceMetres(derived.centre.lat, derived.centre.lon, origin.lat, origin.lon);
			expect(offset).toBeLessThan(10);
		}
	});
});
