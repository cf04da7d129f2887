import type { LatLon } from "../recording/types";

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS_PER_DEGREE = Math.PI / 180;
/** Metres per degree of latitude (and of longitude at the equator) on the mean sphere. */
export const METRES_PER_DEGREE = EARTH_RADIUS_M * RADIANS_PER_DEGREE;

/**
 * A flat map of the ground around `origin`: equirectangular, x metres east and y metres north.
 *
 * At track scale this is exact enough: within 5 km of the origin and below 60° of latitude,
 * distances are off by less than 1 part in 1000 (the scale of a degree of longitude changes
 * with the cosine of the latitude, held fixed here; near the origin far less), and a timing line and the path that crosses it are projected
 * together, so whether and where they meet does not depend on it. Longitudes are taken the
 * short way round, so a track on the antimeridian projects without a seam.
 */
export interface LocalProjection {
	origin: LatLon;
	metresPerDegreeLat: number;
	metresPerDegreeLon: number;
}

export function localProjection(origin: LatLon): LocalProjection {
	return {
		origin,
		metresPerDegreeLat: METRES_PER_DEGREE,
		metresPerDegreeLon: METRES_PER_DEGREE * Math.cos(origin.lat * RADIANS_PER_DEGREE),
	};
}

/** Longitude difference in (-180, 180]. */
export function longitudeDelta(lon: number, fromLon: number): number {
	let d = lon - fromLon;
	if (d > 180 || d <= -180) d -= 360 * Math.round(d / 360);
	if (d <= -180) d += 360;
	return d;
}

export function projectX(p: LocalProjection, lon: number): number {
	return longitudeDelta(lon, p.origin.lon) * p.metresPerDegreeLon;
}

export function projectY(p: LocalProjection, lat: number): number {
	return (lat - p.origin.lat) * p.metresPerDegreeLat;
}

/** The point at (x, y) metres from the origin. */
export function unproject(p: LocalProjection, x: number, y: number): LatLon {
	const lat = p.origin.lat + y / p.metresPerDegreeLat;
	let lon = p.origin.lon + x / p.metresPerDegreeLon;
	if (lon > 180) lon -= 360;
	else if (lon <= -180) lon += 360;
	return { lat, lon };
}
