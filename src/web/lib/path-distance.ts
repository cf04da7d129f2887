/** Distance along a lap path for the charts' x axis. */

const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
	const dLat = (lat2 - lat1) * DEG;
	const dLon = (lon2 - lon1) * DEG;
	const h =
		Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(dLon / 2) ** 2;
	return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Metres from the lap's first point: the logger's own distance when every point has it,
 * otherwise summed from the coordinates (the older `gps.six` variant has no distance).
 */
export function distanceAlongLap(path: {
	lat: readonly number[];
	lon: readonly number[];
	distanceM: readonly (number | null)[];
}): number[] {
	const n = path.lat.length;
	const logged = path.distanceM;
	if (n > 0 && logged.length === n && logged.every((d) => d !== null)) {
		const first = logged[0] as number;
		return (logged as number[]).map((d) => d - first);
	}
	const out = new Array<number>(n);
	let sum = 0;
	for (let i = 0; i < n; i++) {
		if (i > 0)
			sum += haversineMetres(path.lat[i - 1]!, path.lon[i - 1]!, path.lat[i]!, path.lon[i]!);
		out[i] = sum;
	}
	return out;
}
