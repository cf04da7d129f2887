import { describe, expect, it } from "vitest";
import type { LatLon, TrackLines } from "../recording/types";
import { FixesBuilder } from "./fixes-builder";
import { LocalProjection } from "./geo";
import { ImportReport } from "./report";
import { type CoordinateUnits, type RawGate, readTimingLines } from "./vbo-gates";

type Xy = readonly [number, number];

/**
 * Positions in metres east and north of 45° N 13° E, the first fix of `LEG_PATH`: the
 * projection `readTimingLines` makes from that fix is this one.
 */
const P = new LocalProjection(45, 13);
const metres = (p: LatLon): Xy => [P.x(p.lon), P.y(p.lat)];

/** North from (0, 0) to (0, 100), east to (400, 100), north to (400, 500), a fix a metre. */
const LEG_PATH: Xy[] = [
	...Array.from({ length: 101 }, (_, i): Xy => [0, i]),
	...Array.from({ length: 400 }, (_, i): Xy => [i + 1, 100]),
	...Array.from({ length: 400 }, (_, i): Xy => [400, 101 + i]),
];

function fixesAt(points: readonly LatLon[]): FixesBuilder {
	const fixes = new FixesBuilder({}, points.length);
	points.forEach((p, k) => {
		const i = fixes.next();
		fixes.timeMs[i] = k * 100;
		fixes.lat[i] = p.lat;
		fixes.lon[i] = p.lon;
		fixes.commit();
	});
	return fixes;
}

const legFixes = () => fixesAt(LEG_PATH.map(([x, y]) => ({ lat: P.lat(y), lon: P.lon(x) })));

/** A `[laptiming]` line through two points, written as `units` and in that coordinate order. */
function gateAt(
	label: string,
	first: LatLon,
	second: LatLon,
	{
		units = "degrees",
		latFirst = true,
		line = 7,
	}: { units?: CoordinateUnits; latFirst?: boolean; line?: number } = {},
): RawGate {
	const written = (p: LatLon) => {
		const lat = units === "minutes" ? p.lat * 60 : p.lat;
		const lon = units === "minutes" ? -p.lon * 60 : p.lon;
		return latFirst ? [lat, lon] : [lon, lat];
	};
	const numbers = [...written(first), ...written(second)] as RawGate["numbers"];
	return { label, numbers, name: label, line };
}

/** A gate between two points of the leg path's plane. */
const legGate = (label: string, a: Xy, b: Xy, options?: Parameters<typeof gateAt>[3]) =>
	gateAt(
		label,
		{ lat: P.lat(a[1]), lon: P.lon(a[0]) },
		{ lat: P.lat(b[1]), lon: P.lon(b[0]) },
		options,
	);

function linesOf(gates: RawGate[], fixes = legFixes(), units: CoordinateUnits = "degrees") {
	const report = new ImportReport("t.vbo");
	const lines = readTimingLines(gates, fixes, units, report);
	return { lines, reasons: report.finish().map((e) => `${e.line} ${e.reason}`) };
}

/** A gate line's ends in metres, to the centimetre. */
const ends = (lines: TrackLines | null | undefined, which: "start" | number = "start") => {
	const g = which === "start" ? lines?.startFinish : lines?.sectors[which];
	if (!g) return null;
	return [...metres(g.a), ...metres(g.b)].map((v) => Math.round(v * 100) / 100);
};

describe("readTimingLines: segments across the track (RaceBox)", () => {
	it("reads the ends as the line, in minutes or degrees, latitude first", () => {
		const across = (units: CoordinateUnits) =>
			linesOf([legGate("Start", [200, 90], [200, 110], { units })], legFixes(), units);
		for (const units of ["degrees", "minutes"] as const) {
			const { lines, reasons } = across(units);
			expect(ends(lines)).toEqual([200, 90, 200, 110]);
			expect(lines?.directionDeg).toBeNull();
			expect(reasons).toEqual([
				"7 [laptiming]: coordenadas lidas com a latitude primeiro (a 10 m do trajeto); os dois pontos cruzam a pista (ângulo de 90°): são as pontas da linha",
			]);
		}
	});

	it("measures a gate by its nearer end, and the gates by their mean distance", () => {
		const oneEnd = linesOf([legGate("Start", [200, 100], [200, 130])]);
		expect(oneEnd.reasons[0]).toMatch(/\(a 0 m do trajeto\)/);
		const two = linesOf([
			legGate("Start", [200, 90], [200, 110]),
			legGate("Split", [380, 300], [420, 300]),
		]);
		expect(two.reasons[0]).toMatch(/\(a 15 m do trajeto\)/);
		expect(ends(two.lines, 0)).toEqual([380, 300, 420, 300]);
	});

	it("takes the travel direction from 5 m before to 5 m after the gate's middle", () => {
		const angle = (a: Xy, b: Xy) =>
			/ângulo de (\w+)°/.exec(linesOf([legGate("Start", a, b)]).reasons[0]!)?.[1];
		// 2 m before the corner: travel from (393, 100) to (400, 105), 54° off a north-south line.
		expect(angle([398, 80], [398, 120])).toBe("54");
		// At the corner: (395, 100) to (400, 105), 45° off either way, and along a diagonal.
		expect(angle([380, 100], [420, 100])).toBe("45");
		expect(angle([390, 90], [410, 110])).toBe("0");
		// Near the first and the last fix the window stops at the ends.
		expect(angle([-10, 2], [10, 2])).toBe("90");
		expect(angle([390, 498], [410, 498])).toBe("90");
		// A skewed line across the east leg.
		expect(angle([190, 90], [210, 110])).toBe("45");
		expect(angle([195, 90], [205, 110])).toBe("63");
	});
});

describe("readTimingLines: points along the travel (RaceChrono)", () => {
	it("builds the line across the travel through the first point, 25 m wide, longitude first", () => {
		const { lines, reasons } = linesOf(
			[
				legGate("Start", [200, 100], [230, 100], { units: "minutes", latFirst: false }),
				legGate("Split", [400, 300], [400, 330], { units: "minutes", latFirst: false }),
				legGate("Split", [400, 200], [400, 200], { units: "minutes", latFirst: false }),
			],
			legFixes(),
			"minutes",
		);
		expect(reasons[0]).toBe(
			"7 [laptiming]: coordenadas lidas com a longitude primeiro (a 0 m do trajeto); os dois pontos seguem a direção do movimento (ângulo de 0°): linha perpendicular pelo primeiro ponto, 25 m de largura",
		);
		// Left of the travel first: north of an east-bound line, west of a north-bound one.
		expect(ends(lines)).toEqual([200, 112.5, 200, 87.5]);
		expect(lines?.directionDeg).toBeCloseTo(90, 6);
		expect(ends(lines, 0)).toEqual([387.5, 300, 412.5, 300]);
		// Two equal points give no direction of their own: the travel's.
		expect(ends(lines, 1)).toEqual([387.5, 200, 412.5, 200]);
	});

	it("takes the direction from the writer's two points, the way the path goes", () => {
		const skewed = linesOf([legGate("Start", [200, 100], [230, 103])]);
		expect(skewed.lines?.directionDeg).toBeCloseTo((Math.atan2(30, 3) * 180) / Math.PI, 3);
		const backwards = linesOf([
			legGate("Start", [230, 100], [200, 100]),
			legGate("Split", [400, 330], [400, 300]),
			// Square to the travel: the writer's direction as written.
			legGate("Split", [400, 300], [430, 300]),
		]);
		expect(backwards.lines?.directionDeg).toBeCloseTo(90, 6);
		expect(ends(backwards.lines)).toEqual([230, 112.5, 230, 87.5]);
		expect(ends(backwards.lines, 0)).toEqual([387.5, 330, 412.5, 330]);
		expect(ends(backwards.lines, 1)).toEqual([400, 312.5, 400, 287.5]);
	});
});

describe("readTimingLines: which lines", () => {
	it("starts and finishes on the Start line wherever it is listed, splits in order, others reported", () => {
		const { lines, reasons } = linesOf([
			legGate("Split", [380, 300], [420, 300], { line: 5 }),
			legGate("Start", [200, 90], [200, 110], { line: 6 }),
			legGate("Pit", [0, 40], [20, 40], { line: 7 }),
			legGate("Split", [380, 400], [420, 400], { line: 8 }),
		]);
		expect(ends(lines)).toEqual([200, 90, 200, 110]);
		expect([ends(lines, 0), ends(lines, 1)]).toEqual([
			[380, 300, 420, 300],
			[380, 400, 420, 400],
		]);
		expect(reasons.slice(1)).toEqual([
			'7 linha "Pit" de [laptiming] ignorada: só Start e Split são lidas',
		]);
	});

	it("needs two fixes to place the lines", () => {
		const gate = legGate("Start", [0, 0], [0, 10]);
		const one = linesOf([gate], fixesAt([{ lat: 45, lon: 13 }]));
		expect(one.lines).toBeNull();
		expect(one.reasons).toEqual(["7 linhas de [laptiming] ignoradas: sem pontos para situá-las"]);
		const two = linesOf(
			[gate],
			fixesAt([
				{ lat: 45, lon: 13 },
				{ lat: P.lat(10), lon: 13 },
			]),
		);
		expect(two.lines).not.toBeNull();
	});

	it("reads the latitude first when both orders fit equally", () => {
		const Q = new LocalProjection(45, 45);
		const path = Array.from({ length: 50 }, (_, i) => ({ lat: 45, lon: Q.lon(i - 25) }));
		const gate = gateAt("Start", { lat: 45.0001, lon: 45 }, { lat: 45, lon: 45.0001 });
		const { reasons } = linesOf([gate], fixesAt(path));
		expect(reasons[0]).toMatch(/^7 \[laptiming\]: coordenadas lidas com a latitude primeiro/);
	});

	it("places a gate with one end off the globe by its other end, the travel taken at the first fix", () => {
		// East 3 m, then north: from the first fix the travel runs to (3, 4), 53° off an east-west line.
		const path = [
			[0, 0],
			[1, 0],
			[2, 0],
			[3, 0],
			...Array.from({ length: 20 }, (_, i) => [3, i + 1]),
		];
		const fixes = fixesAt(path.map(([x, y]) => ({ lat: P.lat(y!), lon: P.lon(x!) })));
		const gate = gateAt("Start", { lat: P.lat(0), lon: P.lon(0) }, { lat: P.lat(0), lon: 400 });
		const { lines, reasons } = linesOf([gate], fixes);
		expect(lines?.startFinish.b.lon).toBe(400);
		expect(reasons[0]).toMatch(
			/^7 \[laptiming\]: coordenadas lidas com a latitude primeiro \(a 0 m do trajeto\); os dois pontos cruzam a pista \(ângulo de 53°\)/,
		);
	});

	it("places gates on the antimeridian and at the pole, never beyond", () => {
		const east = new LocalProjection(10, 179.997);
		const eastward = fixesAt(
			Array.from({ length: 300 }, (_, i) => ({ lat: 10, lon: east.lon(i) })),
		);
		const acrossAt = (lon: number) =>
			linesOf([gateAt("Start", { lat: 10.0001, lon }, { lat: 9.9999, lon })], eastward).lines;
		expect(acrossAt(180)).not.toBeNull();
		expect(acrossAt(180.001)).toBeNull();
		const north = new LocalProjection(89.997, 13);
		const northward = fixesAt(
			Array.from({ length: 300 }, (_, i) => ({ lat: north.lat(i), lon: 13 })),
		);
		const acrossLat = (lat: number) =>
			linesOf([gateAt("Start", { lat, lon: 12.999 }, { lat, lon: 13.001 })], northward).lines;
		expect(acrossLat(90)).not.toBeNull();
		expect(acrossLat(90.001)).toBeNull();
	});
});

/** The next double after `v`, up or down. */
function nextDouble(v: number, up: boolean): number {
	const view = new DataView(new ArrayBuffer(8));
	view.setFloat64(0, v);
	const bits = view.getBigUint64(0);
	view.setBigUint64(0, v > 0 === up ? bits + 1n : bits - 1n);
	return view.getFloat64(0);
}

/**
 * On the equator a latitude has steps far finer than a metre's: the latitude whose projected
 * north distance is exactly `y` metres when there is one (checked where it matters), else a
 * neighbour.
 */
function exactLat(projection: LocalProjection, y: number): number {
	let lat = projection.lat(y);
	for (let i = 0; i < 200 && projection.y(lat) !== y; i++) {
		lat = nextDouble(lat, projection.y(lat) < y);
	}
	return lat;
}

/** Around 0° N 13° E, the first fix of the paths below. */
const E = new LocalProjection(0, 13);
const onEquator = (points: readonly Xy[]) =>
	fixesAt(points.map(([x, y]) => ({ lat: exactLat(E, y), lon: x === 0 ? 13 : E.lon(x) })));
const equatorGate = (label: string, a: Xy, b: Xy) =>
	gateAt(
		label,
		{ lat: exactLat(E, a[1]), lon: E.lon(a[0]) },
		{ lat: exactLat(E, b[1]), lon: E.lon(b[0]) },
	);

describe("readTimingLines: limits reached exactly", () => {
	it("places a gate exactly 500 m from the path, and not one a hair farther", () => {
		const south = onEquator(Array.from({ length: 50 }, (_, i): Xy => [0, -i]));
		expect(E.y(exactLat(E, 500))).toBe(500);
		const at = (lat: number) =>
			linesOf([gateAt("Start", { lat, lon: 13 }, { lat: exactLat(E, 600), lon: 13 })], south);
		const exact = at(exactLat(E, 500));
		expect(exact.lines).not.toBeNull();
		expect(exact.reasons[0]).toMatch(/\(a 500 m do trajeto\)/);
		expect(at(nextDouble(exactLat(E, 500), true)).lines).toBeNull();
	});

	it("reads a gate exactly 45° off the travel as its two ends", () => {
		const north = onEquator(Array.from({ length: 100 }, (_, i): Xy => [0, i]));
		// The second end 10 m east and about 10 m north: the latitude that makes the angle 45° to the last bit.
		const sx = E.x(E.lon(10));
		const angleTo = (lat: number) => {
			const sy = E.y(lat);
			return (Math.acos(Math.min(1, Math.abs(sy) / Math.hypot(sx, sy))) * 180) / Math.PI;
		};
		let lat = E.lat(10);
		for (let i = 0; i < 10_000 && angleTo(lat) !== 45; i++) lat = nextDouble(lat, true);
		expect(angleTo(lat)).toBe(45);
		const { lines, reasons } = linesOf(
			[gateAt("Start", { lat: 0, lon: 13 }, { lat, lon: E.lon(10) })],
			north,
		);
		expect(reasons[0]).toMatch(/os dois pontos cruzam a pista \(ângulo de 45°\)/);
		expect(lines?.directionDeg).toBeNull();
	});

	it("takes the travel from fixes exactly 5 m before and after the gate's middle", () => {
		// From the first fix to (4, 3), north to (4, 13), then to (8, 16): the straight run
		// decides when its ends are 5 m from the middle, not the bends past them.
		const path: Xy[] = [[0, 0], ...Array.from({ length: 11 }, (_, i): Xy => [4, 3 + i]), [8, 16]];
		for (const y of [3, 8, 13]) expect(E.y(exactLat(E, y))).toBe(y);
		const { reasons } = linesOf([equatorGate("Start", [-6, 8], [14, 8])], onEquator(path));
		expect(reasons[0]).toMatch(/os dois pontos cruzam a pista \(ângulo de 90°\)/);
	});

	it("takes the travel of the first pass where the path crosses itself at a fix", () => {
		// North from (0, 0) to (0, 100), round to (-50, 50), then east through (0, 50) again.
		const path: Xy[] = [
			...Array.from({ length: 101 }, (_, i): Xy => [0, i]),
			...Array.from({ length: 50 }, (_, i): Xy => [-1 - i, 100]),
			...Array.from({ length: 49 }, (_, i): Xy => [-50, 99 - i]),
			...Array.from({ length: 101 }, (_, i): Xy => [-50 + i, 50]),
		];
		const crossing = fixesAt(path.map(([x, y]) => ({ lat: P.lat(y), lon: P.lon(x) })));
		const { reasons } = linesOf([legGate("Start", [-10, 50], [10, 50])], crossing);
		expect(reasons[0]).toMatch(/os dois pontos cruzam a pista \(ângulo de 90°\)/);
	});
});
