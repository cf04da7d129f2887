import { describe, expect, it } from "vitest";
import { CIRCUIT_IDS, type Circuit, getCircuit } from "./circuits";
import { buildTrack, localToLatLon, trackOf } from "./track";

function segmentsCross(
	ax: number,
	ay: number,
	bx: number,
	by: number,
	cx: number,
	cy: number,
	dx: number,
	dy: number,
): boolean {
	const side = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
		Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
	return (
		side(ax, ay, bx, by, cx, cy) * side(ax, ay, bx, by, dx, dy) < 0 &&
		side(cx, cy, dx, dy, ax, ay) * side(cx, cy, dx, dy, bx, by) < 0
	);
}

// Each test builds its track (not `trackOf`, not once per file): the mutation run only counts
// the code a test runs itself.
describe.each(CIRCUIT_IDS)("track %s", (id) => {
	const circuit = getCircuit(id);

	it("is a closed line of the circuit's length, sampled about every metre", () => {
		const track = buildTrack(circuit);
		expect(circuit.lengthM).toBeGreaterThanOrEqual(1000);
		expect(circuit.lengthM).toBeLessThanOrEqual(4300);
		expect(track.spacingM).toBeGreaterThan(0.9);
		expect(track.spacingM).toBeLessThan(1.1);
		let length = 0;
		for (let i = 0; i < track.n; i++) {
			const j = (i + 1) % track.n;
			const step = Math.hypot(track.x[j]! - track.x[i]!, track.y[j]! - track.y[i]!);
			// Closing step included: no gap anywhere, the loop is closed.
			expect(step).toBeLessThan(2 * track.spacingM);
			length += step;
		}
		// Smoothing cuts corners by a few metres at most.
		expect(Math.abs(length - circuit.lengthM) / circuit.lengthM).toBeLessThan(0.01);
	});

	it("never crosses itself", () => {
		const track = buildTrack(circuit);
		const step = 5;
		const crossings: number[][] = [];
		for (let i = 0; i < track.n; i += step) {
			const i2 = (i + step) % track.n;
			for (let j = i + 2 * step; j < track.n; j += step) {
				const j2 = (j + step) % track.n;
				if (j2 === i) continue;
				if (
					segmentsCross(
						track.x[i]!,
						track.y[i]!,
						track.x[i2]!,
						track.y[i2]!,
						track.x[j]!,
						track.y[j]!,
						track.x[j2]!,
						track.y[j2]!,
					)
				)
					crossings.push([i, j]);
			}
		}
		expect(crossings).toEqual([]);
	});

	it("turns both ways, with tight corners to each side", () => {
		const track = buildTrack(circuit);
		let tightestLeft = 0;
		let tightestRight = 0;
		for (const k of track.curvature) {
			tightestLeft = Math.max(tightestLeft, k);
			tightestRight = Math.min(tightestRight, k);
		}
		// Radius under 60 m on both sides.
		expect(tightestLeft).toBeGreaterThan(1 / 60);
		expect(tightestRight).toBeLessThan(-1 / 60);
	});

	it("eases into every corner: curvature builds up over metres, never in one step", () => {
		const track = buildTrack(circuit);
		let tightest = 0;
		let largestStep = 0;
		for (let i = 0; i < track.n; i++) {
			const k = track.curvature[i]!;
			tightest = Math.max(tightest, Math.abs(k));
			largestStep = Math.max(largestStep, Math.abs(track.curvature[(i + 1) % track.n]! - k));
		}
		// From a straight into the tightest corner takes at least 8 samples (about 8 m).
		expect(largestStep).toBeLessThan(tightest / 8);
	});

	it("starts on a straight", () => {
		const track = buildTrack(circuit);
		for (let i = -10; i <= 10; i++) {
			expect(Math.abs(track.curvature[(i + track.n) % track.n]!)).toBeLessThan(1 / 500);
		}
	});

	it("starts at the start/finish line, the first control point", () => {
		const track = buildTrack(circuit);
		const [x0, y0] = circuit.controlPoints[0]!;
		expect(Math.hypot(track.x[0]! - x0, track.y[0]! - y0)).toBeLessThan(0.1);
	});

	it("lies in the São Paulo area", () => {
		const track = buildTrack(circuit);
		const { lat, lon } = localToLatLon(circuit.origin, track.x[0]!, track.y[0]!);
		expect(lat).toBeGreaterThan(-25.5);
		expect(lat).toBeLessThan(-19.5);
		expect(lon).toBeGreaterThan(-53.5);
		expect(lon).toBeLessThan(-44);
	});
});

/** A custom circuit: a 200 m square with rounded corners. */
const square: Circuit = {
	id: "quadrado",
	name: "Quadrado",
	origin: { lat: -23.5, lon: -46.6 },
	controlPoints: [
		[0, 0],
		[200, 0, 20],
		[200, 200, 20],
		[0, 200, 20],
		[-1, -1, 20],
	],
	lengthM: 1000,
	sectorEnds: [0.25, 0.5, 0.75],
	pitExit: 0.05,
	pitEntry: 0.95,
};

describe("buildTrack", () => {
	it("total turning of a closed loop is one full turn", () => {
		const track = buildTrack(getCircuit("interlagos"));
		let turning = 0;
		for (const k of track.curvature) turning += k * track.spacingM;
		expect(Math.abs(Math.abs(turning) - 2 * Math.PI)).toBeLessThan(0.05);
	});

	it("builds a custom circuit and rejects a broken one", () => {
		expect(buildTrack(square).n).toBe(1000);
		expect(() => buildTrack({ ...square, controlPoints: [square.controlPoints[0]!] })).toThrow(
			/at least 3/,
		);
		expect(() => buildTrack({ ...square, lengthM: 0 })).toThrow(/positive/);
	});

	it("keeps the circuit's coordinates: the line starts at the first control point", () => {
		// A 200 x 100 rectangle with rounded corners, the line in the middle of the bottom
		// straight, scaled to about its own size.
		const rectangle: Circuit = {
			...square,
			controlPoints: [
				[100, 0],
				[200, 0, 20],
				[200, 100, 20],
				[0, 100, 20],
				[0, 0, 20],
			],
			lengthM: 566,
		};
		const track = buildTrack(rectangle);
		const scale = track.x[0]! / 100;
		expect(scale).toBeGreaterThan(0.99);
		expect(scale).toBeLessThan(1.01);
		expect(Math.abs(track.y[0]!)).toBeLessThan(0.1);
		// The whole bottom straight stays on y = 0.
		for (let i = -40; i <= 40; i++)
			expect(Math.abs(track.y[(i + track.n) % track.n]!)).toBeLessThan(0.1);
	});

	it("accepts a triangle, the fewest control points a closed line needs", () => {
		const triangle: Circuit = {
			...square,
			controlPoints: [
				[0, 0],
				[300, 0, 30],
				[150, 200, 30],
			],
		};
		const track = buildTrack(triangle);
		expect(track.n).toBe(1000);
		expect(track.x.every(Number.isFinite) && track.y.every(Number.isFinite)).toBe(true);
	});

	it("rejects a control point given twice in a row", () => {
		const repeated: Circuit = {
			...square,
			controlPoints: [
				[0, 0],
				[200, 0, 20],
				[200, 0, 20],
				[200, 200, 20],
				[0, 200, 20],
			],
		};
		expect(() => buildTrack(repeated)).toThrow(/repeats a control point/);
	});

	it("remembers the track of each circuit object (trackOf)", () => {
		const circuit = getCircuit("velocitta");
		expect(trackOf(circuit)).toBe(trackOf(circuit));
		expect(trackOf({ ...circuit })).not.toBe(trackOf(circuit));
	});

	it("converts local metres to degrees around the origin", () => {
		const origin = { lat: -23.7, lon: -46.7 };
		const north = localToLatLon(origin, 0, 1000);
		const east = localToLatLon(origin, 1000, 0);
		expect(north.lat - origin.lat).toBeCloseTo(0.008993, 5);
		expect(east.lon - origin.lon).toBeCloseTo(0.008993 / Math.cos((23.7 * Math.PI) / 180), 5);
	});
});
