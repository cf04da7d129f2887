/**
 * Which known track a recording was made on: one whose start/finish line the path passes close
 * to (within 50 m of the segment) and crosses at least once. Among several (layouts of one
 * venue often share a line), a track whose known length the recorded laps match (within 25%)
 * comes first, then the one crossed most often, then the closest length, then the nearest line.
 * Peers do much the same (IMPORT-FORMATS.md: RaceCapture's nearest start within 5 km,
 * DovesDataViewer's course whose length best matches the laps).
 */
import type { Fixes, TrackDefinition } from "../recording/types";
import { findGateCrossings, START_FINISH_DEBOUNCE_MS } from "./crossings";
import { cumulativeDistance, distanceToSegment } from "./geometry";
import { localProjection, METRES_PER_DEGREE, projectX, projectY } from "./projection";

export const RECOGNITION_DISTANCE_M = 50;
/** Laps further than this from a track's known length do not match it. */
const LENGTH_TOLERANCE = 0.25;

export interface TrackMatch {
	track: TrackDefinition;
	/** Start/finish crossings accepted (direction and debounce as in timing). */
	crossings: number;
	/** Closest approach of the path to the start/finish segment, metres. */
	closestM: number;
	/** Mean distance along the path between consecutive crossings; null with one crossing. */
	meanLapM: number | null;
	/** |meanLapM - lengthM| / lengthM; null when either is unknown. */
	lengthError: number | null;
}

interface Bounds {
	minLat: number;
	maxLat: number;
	minLon: number;
	maxLon: number;
}

function boundsOf(fixes: Pick<Fixes, "length" | "lat" | "lon">): Bounds {
	const b = { minLat: 90, maxLat: -90, minLon: 180, maxLon: -180 };
	for (let i = 0; i < fixes.length; i++) {
		const lat = fixes.lat[i]!;
		const lon = fixes.lon[i]!;
		if (lat < b.minLat) b.minLat = lat;
		if (lat > b.maxLat) b.maxLat = lat;
		if (lon < b.minLon) b.minLon = lon;
		if (lon > b.maxLon) b.maxLon = lon;
	}
	return b;
}

/** Whether the track's line, grown by `marginM`, can come near the recording's bounds. */
function mayBeNear(track: TrackDefinition, b: Bounds, marginM: number): boolean {
	const { a, b: end } = track.startFinish;
	const dLat = marginM / METRES_PER_DEGREE;
	const cos = Math.cos((((a.lat + end.lat) / 2) * Math.PI) / 180);
	// Near the poles a degree of longitude has no width: anything may be near.
	const dLon = cos > 1e-6 ? dLat / cos : 360;
	return (
		Math.min(a.lat, end.lat) - dLat <= b.maxLat &&
		Math.max(a.lat, end.lat) + dLat >= b.minLat &&
		// Tracks across the antimeridian fall through to the exact check.
		(b.maxLon - b.minLon > 180 ||
			Math.abs(a.lon - end.lon) > 180 ||
			(Math.min(a.lon, end.lon) - dLon <= b.maxLon && Math.max(a.lon, end.lon) + dLon >= b.minLon))
	);
}

function closestApproach(fixes: Pick<Fixes, "length" | "lat" | "lon">, track: TrackDefinition) {
	const { a, b } = track.startFinish;
	const p = localProjection({ lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 });
	const pa = { x: projectX(p, a.lon), y: projectY(p, a.lat) };
	const pb = { x: projectX(p, b.lon), y: projectY(p, b.lat) };
	let closest = Number.POSITIVE_INFINITY;
	const fix = { x: 0, y: 0 };
	for (let i = 0; i < fixes.length; i++) {
		fix.x = projectX(p, fixes.lon[i]!);
		fix.y = projectY(p, fixes.lat[i]!);
		const d = distanceToSegment(fix, pa, pb);
		if (d < closest) closest = d;
	}
	return closest;
}

function rank(m: TrackMatch): number {
	return m.lengthError === null || m.lengthError <= LENGTH_TOLERANCE ? 0 : 1;
}

function compareMatches(x: TrackMatch, y: TrackMatch): number {
	return (
		rank(x) - rank(y) ||
		y.crossings - x.crossings ||
		(x.lengthError ?? Number.POSITIVE_INFINITY) - (y.lengthError ?? Number.POSITIVE_INFINITY) ||
		x.closestM - y.closestM
	);
}

/** Every track the recording passes close to and crosses, best first. */
export function trackMatches(
	fixes: Fixes,
	tracks: readonly TrackDefinition[],
	nearM = RECOGNITION_DISTANCE_M,
): TrackMatch[] {
	if (fixes.length < 2) return [];
	const bounds = boundsOf(fixes);
	let pathM: Float64Array | null = null;
	const matches: TrackMatch[] = [];
	for (const track of tracks) {
		if (!mayBeNear(track, bounds, nearM)) continue;
		const closestM = closestApproach(fixes, track);
		if (!(closestM <= nearM)) continue;
		const { crossings } = findGateCrossings(fixes, track.startFinish, {
			debounceMs: START_FINISH_DEBOUNCE_MS,
			directionDeg: track.directionDeg,
			marginM: 0,
		});
		if (crossings.length === 0) continue;
		let meanLapM: number | null = null;
		if (crossings.length >= 2) {
			pathM ??= cumulativeDistance(fixes.lat, fixes.lon, fixes.length);
			const at = (k: number) => {
				const c = crossings[k]!;
				const d0 = pathM![c.index]!;
				return d0 + c.fraction * (pathM![c.index + 1]! - d0);
			};
			meanLapM = (at(crossings.length - 1) - at(0)) / (crossings.length - 1);
		}
		const lengthError =
			meanLapM !== null && track.lengthM !== null && track.lengthM > 0
				? Math.abs(meanLapM - track.lengthM) / track.lengthM
				: null;
		matches.push({ track, crossings: crossings.length, closestM, meanLapM, lengthError });
	}
	return matches.sort(compareMatches);
}

/** The known track the recording was made on, or null. */
export function recogniseTrack(
	fixes: Fixes,
	tracks: readonly TrackDefinition[],
): TrackMatch | null {
	return trackMatches(fixes, tracks)[0] ?? null;
}
