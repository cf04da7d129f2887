/**
 * Lap paths of a chosen size for the canvas benchmark: a closed circuit about 4 km round near
 * Interlagos with corners of different radii, speed that drops into the corners and lean that
 * follows them. Deterministic.
 */
export interface SyntheticPath {
	lapNumber: number;
	lat: number[];
	lon: number[];
	speedKmh: number[];
	rollDeg: number[];
	distanceM: number[];
}

const ORIGIN = { lat: -23.7036, lon: -46.6997 };
const M_PER_DEG_LAT = 111_195;

export function syntheticLap(points: number, lapNumber = 1, wobbleM = 0): SyntheticPath {
	const lap: SyntheticPath = {
		lapNumber,
		lat: [],
		lon: [],
		speedKmh: [],
		rollDeg: [],
		distanceM: [],
	};
	const mPerDegLon = M_PER_DEG_LAT * Math.cos((ORIGIN.lat * Math.PI) / 180);
	for (let i = 0; i < points; i++) {
		const t = (i / points) * Math.PI * 2;
		// An oval with two bumps and a tight hairpin: radius varies with the angle.
		const r =
			600 +
			180 * Math.sin(2 * t) +
			90 * Math.sin(5 * t + 1) +
			wobbleM * Math.sin(37 * t + lapNumber);
		const x = r * Math.cos(t) * 1.4;
		const y = r * Math.sin(t);
		const curvature = Math.abs(Math.cos(5 * t + 1)) + Math.abs(Math.cos(2 * t));
		lap.lat.push(ORIGIN.lat + y / M_PER_DEG_LAT);
		lap.lon.push(ORIGIN.lon + x / mPerDegLon);
		lap.speedKmh.push(Math.round((230 - 70 * curvature + lapNumber) * 10) / 10);
		lap.rollDeg.push(Math.round(45 * Math.sin(5 * t + 1) * 10) / 10);
		lap.distanceM.push(Math.round((i / points) * 4300));
	}
	return lap;
}

/** `laps` laps of `pointsPerLap` points each, every lap on a slightly different line. */
export function syntheticSession(laps: number, pointsPerLap: number): SyntheticPath[] {
	return Array.from({ length: laps }, (_, i) => syntheticLap(pointsPerLap, i + 1, 3 + (i % 5)));
}
