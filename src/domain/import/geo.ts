/**
 * Small geometry on the WGS84 sphere approximation, enough for a race track: distances of
 * metres to kilometres and a local flat projection (east/north metres around an
 * origin) where segments and angles are easy.
 */

export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
	const dLat = (lat2 - lat1) * RAD;
	const dLon = (lon2 - lon1) * RAD;
	const a =
		Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
	return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** East/north metres around an origin (equirectangular): accurate to well under 0.1% within a few km. */
export class LocalProjection {
	private readonly metresPerDegLat: number;
	private readonly metresPerDegLon: number;

	constructor(
		readonly originLat: number,
		readonly originLon: number,
	) {
		this.metresPerDegLat = EARTH_RADIUS_M * RAD;
		this.metresPerDegLon = EARTH_RADIUS_M * RAD * Math.cos(originLat * RAD);
	}

	x(lon: number): number {
		return (lon - this.originLon) * this.metresPerDegLon;
	}

	y(lat: number): number {
		return (lat - this.originLat) * this.metresPerDegLat;
	}

	lon(x: number): number {
		return this.originLon + x / this.metresPerDegLon;
	}

	lat(y: number): number {
		return this.originLat + y / this.metresPerDegLat;
	}
}
