import type { GateLine, LatLon, TrackLines } from "../recording/types";
import { formatNumber } from "./bytes";
import type { FixesBuilder } from "./fixes-builder";
import { LocalProjection } from "./geo";
import type { ImportReport } from "./report";

/** One line of `[laptiming]`: `Start +lat1 +long1 +lat2 +long2 ¬ name` (order still unknown). */
export interface RawGate {
	label: string;
	numbers: [number, number, number, number];
	name: string;
	line: number;
}

/** How the file writes coordinates: minutes with west-positive longitude, or plain degrees. */
export type CoordinateUnits = "minutes" | "degrees";

/** Width of a gate built across the direction of travel: about a track's width and a margin. */
export const ALONG_GATE_WIDTH_M = 25;
/** Gates farther than this from every recorded position belong to another place. */
const MAX_GATE_DISTANCE_M = 500;

export function toLatitude(value: number, units: CoordinateUnits): number {
	return units === "minutes" ? value / 60 : value;
}

export function toLongitude(value: number, units: CoordinateUnits): number {
	return units === "minutes" ? -value / 60 : value;
}

interface Reading {
	first: LatLon;
	second: LatLon;
}

/** The gate's two points with the latitude written first, or the longitude. */
function readGate(gate: RawGate, units: CoordinateUnits, latitudeFirst: boolean): Reading {
	const [a, b, c, d] = gate.numbers;
	const point = (x: number, y: number): LatLon =>
		latitudeFirst
			? { lat: toLatitude(x, units), lon: toLongitude(y, units) }
			: { lat: toLatitude(y, units), lon: toLongitude(x, units) };
	return { first: point(a, b), second: point(c, d) };
}

function plausible(p: LatLon): boolean {
	return Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;
}

/**
 * The timing lines of `[laptiming]`, read as the recording says. Writers disagree on two
 * things, and the file never says which it follows:
 * - the coordinate order (RaceBox writes latitude first, RaceChrono longitude first): the
 *   reading that puts the gates nearer the recorded positions wins;
 * - what the two points mean (RaceBox: the ends of a segment across the track; RaceChrono:
 *   two points along the direction of travel, the gate perpendicular through the first): the
 *   angle between the segment and the travel direction where the path passes decides. Under
 *   45° the points follow the track, and the gate is built across it through the first point,
 *   `ALONG_GATE_WIDTH_M` wide, with that travel direction as the lap direction.
 * `Split` lines become sectors in file order. Returns null when there is no usable gate.
 */
export function readTimingLines(
	gates: readonly RawGate[],
	fixes: FixesBuilder,
	units: CoordinateUnits,
	report: ImportReport,
): TrackLines | null {
	if (gates.length === 0) return null;
	const n = fixes.length;
	if (n < 2) {
		report.notice(gates[0]!.line, "linhas de [laptiming] ignoradas: sem pontos para situá-las");
		return null;
	}
	const projection = new LocalProjection(fixes.lat[0]!, fixes.lon[0]!);
	const xs = new Float64Array(n);
	const ys = new Float64Array(n);
	for (let i = 0; i < n; i++) {
		xs[i] = projection.x(fixes.lon[i]!);
		ys[i] = projection.y(fixes.lat[i]!);
	}
	const nearest = (p: LatLon) => {
		if (!plausible(p)) return { index: -1, distance: Number.POSITIVE_INFINITY };
		const x = projection.x(p.lon);
		const y = projection.y(p.lat);
		let best = Number.POSITIVE_INFINITY;
		let index = -1;
		for (let i = 0; i < n; i++) {
			const d = (xs[i]! - x) ** 2 + (ys[i]! - y) ** 2;
			if (d < best) {
				best = d;
				index = i;
			}
		}
		return { index, distance: Math.sqrt(best) };
	};
	const score = (latitudeFirst: boolean) => {
		let total = 0;
		for (const gate of gates) {
			const r = readGate(gate, units, latitudeFirst);
			total += Math.min(nearest(r.first).distance, nearest(r.second).distance);
		}
		return total / gates.length;
	};
	const latFirstScore = score(true);
	const lonFirstScore = score(false);
	const latitudeFirst = latFirstScore <= lonFirstScore;
	const bestScore = Math.min(latFirstScore, lonFirstScore);
	if (!(bestScore <= MAX_GATE_DISTANCE_M)) {
		report.notice(
			gates[0]!.line,
			`linhas de [laptiming] ignoradas: a mais de ${MAX_GATE_DISTANCE_M} m do trajeto gravado em qualquer ordem de coordenadas`,
		);
		return null;
	}

	const startIndex = Math.max(
		0,
		gates.findIndex((g) => g.label.toLowerCase() === "start"),
	);
	const start = gates[startIndex]!;
	const startReading = readGate(start, units, latitudeFirst);
	const travel = travelDirection(startReading, nearest, xs, ys, projection);
	const along = travel.angleDeg < 45;
	report.notice(
		start.line,
		`[laptiming]: coordenadas lidas com a ${latitudeFirst ? "latitude" : "longitude"} primeiro (a ${formatNumber(bestScore, 0)} m do trajeto); ` +
			(along
				? `os dois pontos seguem a direção do movimento (ângulo de ${formatNumber(travel.angleDeg, 0)}°): linha perpendicular pelo primeiro ponto, ${ALONG_GATE_WIDTH_M} m de largura`
				: `os dois pontos cruzam a pista (ângulo de ${formatNumber(travel.angleDeg, 0)}°): são as pontas da linha`),
	);

	const build = (gate: RawGate): { line: GateLine; directionDeg: number | null } => {
		const reading = readGate(gate, units, latitudeFirst);
		if (!along) return { line: { a: reading.first, b: reading.second }, directionDeg: null };
		// The two points give the direction (the writer's own); the path only says which way.
		const direction = travelDirection(reading, nearest, xs, ys, projection);
		let ux = projection.x(reading.second.lon) - projection.x(reading.first.lon);
		let uy = projection.y(reading.second.lat) - projection.y(reading.first.lat);
		const length = Math.hypot(ux, uy);
		if (length === 0) {
			ux = direction.ux;
			uy = direction.uy;
		} else {
			const sign = ux * direction.ux + uy * direction.uy < 0 ? -1 : 1;
			ux = (sign * ux) / length;
			uy = (sign * uy) / length;
		}
		const bearing = ((Math.atan2(ux, uy) * 180) / Math.PI + 360) % 360;
		return { line: perpendicularGate(reading.first, ux, uy, projection), directionDeg: bearing };
	};

	const startGate = build(start);
	const sectors: GateLine[] = [];
	gates.forEach((gate, i) => {
		if (i === startIndex) return;
		const label = gate.label.toLowerCase();
		if (label === "split") sectors.push(build(gate).line);
		else {
			report.notice(
				gate.line,
				`linha ${JSON.stringify(gate.label)} de [laptiming] ignorada: só Start e Split são lidas`,
			);
		}
	});
	return { startFinish: startGate.line, sectors, directionDeg: startGate.directionDeg };
}

interface TravelDirection {
	/** Unit vector of travel (east, north) where the path passes the gate. */
	ux: number;
	uy: number;
	/** Angle between the gate's segment and the travel direction, 0..90°. */
	angleDeg: number;
}

/** The direction the recording moves in where it passes nearest to the gate's middle. */
function travelDirection(
	reading: Reading,
	nearest: (p: LatLon) => { index: number; distance: number },
	xs: Float64Array,
	ys: Float64Array,
	projection: LocalProjection,
): TravelDirection {
	const middle = {
		lat: (reading.first.lat + reading.second.lat) / 2,
		lon: (reading.first.lon + reading.second.lon) / 2,
	};
	const n = xs.length;
	const at = Math.max(0, nearest(middle).index);
	// Fixes a few metres either side, so GPS noise does not turn the direction.
	let before = at;
	let after = at;
	while (before > 0 && Math.hypot(xs[at]! - xs[before]!, ys[at]! - ys[before]!) < 5) before--;
	while (after < n - 1 && Math.hypot(xs[after]! - xs[at]!, ys[after]! - ys[at]!) < 5) after++;
	let dx = xs[after]! - xs[before]!;
	let dy = ys[after]! - ys[before]!;
	const length = Math.hypot(dx, dy) || 1;
	dx /= length;
	dy /= length;
	const sx = projection.x(reading.second.lon) - projection.x(reading.first.lon);
	const sy = projection.y(reading.second.lat) - projection.y(reading.first.lat);
	const segment = Math.hypot(sx, sy) || 1;
	const cos = Math.abs((sx * dx + sy * dy) / segment);
	const angleDeg = (Math.acos(Math.min(1, cos)) * 180) / Math.PI;
	return { ux: dx, uy: dy, angleDeg };
}

/** A gate through `point` across the unit direction (ux, uy), `ALONG_GATE_WIDTH_M` wide. */
function perpendicularGate(
	point: LatLon,
	ux: number,
	uy: number,
	projection: LocalProjection,
): GateLine {
	const x = projection.x(point.lon);
	const y = projection.y(point.lat);
	const half = ALONG_GATE_WIDTH_M / 2;
	// Left of the travel direction, then right.
	const nx = -uy;
	const ny = ux;
	return {
		a: { lat: projection.lat(y + ny * half), lon: projection.lon(x + nx * half) },
		b: { lat: projection.lat(y - ny * half), lon: projection.lon(x - nx * half) },
	};
}
