/** A first line to drag into place, and the direction of travel across a line, from lat/lon paths. */
import { centreOfLatLon } from "./geometry";
import {
	crossingsOf,
	type Line,
	lineAcrossPath,
	type Metres,
	type Projection,
	projection,
	travelAcross,
} from "./line-geometry";

export interface LatLonPath {
	lat: ArrayLike<number>;
	lon: ArrayLike<number>;
}

/** Width of a proposed line, metres: wider than a track, so it crosses it from side to side. */
export const PROPOSED_LINE_M = 30;

function projectionOf(paths: readonly LatLonPath[]): Projection | null {
	const origin = centreOfLatLon(paths);
	return origin ? projection(origin) : null;
}

function metresOf(path: LatLonPath, project: Projection): Metres[] {
	const out: Metres[] = [];
	const n = Math.min(path.lat.length, path.lon.length);
	for (let i = 0; i < n; i++) out.push(project.toMetres({ lat: path.lat[i]!, lon: path.lon[i]! }));
	return out;
}

/**
 * A line across the path where the second lap with a path starts (the first when it is the only
 * one) (`fraction` of the way into it
 * for a sector line): where the laps shown now begin, so the rider only nudges it.
 */
export function proposeLine(paths: readonly LatLonPath[], fraction = 0): Line | null {
	const project = projectionOf(paths);
	if (!project) return null;
	const withPath = paths.filter((p) => p.lat.length > 1);
	const first = withPath[0];
	if (!first) return null;
	let metres = metresOf(first, project);
	let index = Math.round(fraction * (metres.length - 1));
	const second = withPath[1];
	if (index === 0 && second) {
		// Where the second lap starts the path runs on both sides of the line: its direction there
		// is not skewed the way the first fix of a recording is.
		index = metres.length;
		metres = metres.concat(metresOf(second, project));
	}
	const across = lineAcrossPath(metres, index, PROPOSED_LINE_M);
	if (!across) return null;
	return { a: project.toLatLon(across.a), b: project.toLatLon(across.b) };
}

/** Bearing of travel across `line`, as most of the paths' crossings go; null if never crossed. */
export function directionAcross(paths: readonly LatLonPath[], line: Line): number | null {
	const project = projectionOf(paths);
	if (!project) return null;
	const a = project.toMetres(line.a);
	const b = project.toMetres(line.b);
	const joined = paths.flatMap((path) => metresOf(path, project));
	const bearing = travelAcross(joined, a, b);
	return bearing === null ? null : Math.round(bearing * 10) / 10;
}

/** How many times the paths cross `line`: a start/finish line crossed n times gives n − 1 laps. */
export function crossingCount(paths: readonly LatLonPath[], line: Line): number {
	const project = projectionOf(paths);
	if (!project) return 0;
	const joined = paths.flatMap((path) => metresOf(path, project));
	return crossingsOf(joined, project.toMetres(line.a), project.toMetres(line.b));
}
