/**
 * A flat frame in metres around one point (equirectangular): x east, y north. Over the few
 * kilometres of a track it is exact to centimetres, and it turns every distance and projection
 * of the comparison into plain planar arithmetic on typed arrays.
 */

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export interface LocalFrame {
	originLat: number;
	originLon: number;
	/** Metres per degree of latitude and of longitude at the origin. */
	mPerDegLat: number;
	mPerDegLon: number;
}

export function createLocalFrame(originLat: number, originLon: number): LocalFrame {
	const mPerDegLat = EARTH_RADIUS_M * RAD;
	return {
		originLat,
		originLon,
		mPerDegLat,
		mPerDegLon: mPerDegLat * Math.cos(originLat * RAD),
	};
}

/** Positions in the frame, one typed array per axis. */
export function projectPoints(
	frame: LocalFrame,
	lat: ArrayLike<number>,
	lon: ArrayLike<number>,
	length: number,
): { x: Float64Array; y: Float64Array } {
	const x = new Float64Array(length);
	const y = new Float64Array(length);
	for (let i = 0; i < length; i++) {
		x[i] = (lon[i]! - frame.originLon) * frame.mPerDegLon;
		y[i] = (lat[i]! - frame.originLat) * frame.mPerDegLat;
	}
	return { x, y };
}

export function toLat(frame: LocalFrame, y: number): number {
	return frame.originLat + y / frame.mPerDegLat;
}

export function toLon(frame: LocalFrame, x: number): number {
	return frame.originLon + x / frame.mPerDegLon;
}
