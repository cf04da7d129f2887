/**
 * Racelogic's VBO conventions for positions and timing gates. Latitude and longitude are in
 * minutes of arc (degrees × 60): latitude positive north, written `+DDDD.dddddd`; longitude
 * positive **west** (the opposite of WGS84 degrees), written `+DDDDD.dddddd`, zero-padded as
 * VBOX loggers write them (a reader can tell minutes from degrees by the padding even near
 * 0° N, 0° E).
 */
import type { LapChannels } from "../channels/types";
import type { GateLine, LatLon } from "../recording/types";
import { bearingDeg } from "./course";
import { padded } from "./number-text";

/** 6 decimals of a minute: about 2 mm, well inside 1e-6 degree. */
const MINUTE_DECIMALS = 6;
const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;
/** Width of a start line placed across the path when the session has no line. */
export const PLACED_GATE_WIDTH_M = 24;

export function vboLatitude(latDeg: number): string {
	return padded(latDeg * 60, 4, MINUTE_DECIMALS, true);
}

export function vboLongitude(lonDeg: number): string {
	return padded(-lonDeg * 60, 5, MINUTE_DECIMALS, true);
}

/**
 * `+long +lat +long +lat`: the gate's two ends, each longitude first, as the example of
 * Racelogic's VBO format description writes them (`Start +5773.465840 +1832.282700 …`: no
 * latitude reaches 5773 minutes) and RaceChrono's export does.
 */
export function vboGateCoordinates(gate: GateLine): string {
	return (
		`${vboLongitude(gate.a.lon)} ${vboLatitude(gate.a.lat)} ` +
		`${vboLongitude(gate.b.lon)} ${vboLatitude(gate.b.lat)}`
	);
}

/** Text after `¬`: one line, no section bracket at its start. */
export function vboLabel(text: string): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and controls end a VBO line.
	return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

function offset(point: LatLon, bearing: number, metres: number): LatLon {
	const north = metres * Math.cos(bearing * DEG);
	const east = metres * Math.sin(bearing * DEG);
	const latPerM = 1 / (EARTH_RADIUS_M * DEG);
	return {
		lat: point.lat + north * latPerM,
		lon: point.lon + (east * latPerM) / Math.cos(point.lat * DEG),
	};
}

/**
 * A start line across the path at the lap's first point, perpendicular to the direction of
 * travel there, `PLACED_GATE_WIDTH_M` wide; null when the lap does not move.
 */
export function gateAcrossPath(channels: LapChannels): GateLine | null {
	const { length, lat, lon } = channels;
	for (let i = 0; i + 1 < length; i++) {
		const lat0 = lat[i]!;
		const lon0 = lon[i]!;
		if (!Number.isFinite(lat0) || !Number.isFinite(lon0)) continue;
		for (let j = i + 1; j < length; j++) {
			const course = bearingDeg(lat0, lon0, lat[j]!, lon[j]!);
			if (Number.isNaN(course)) continue;
			const start = { lat: lat0, lon: lon0 };
			return {
				a: offset(start, course - 90, PLACED_GATE_WIDTH_M / 2),
				b: offset(start, course + 90, PLACED_GATE_WIDTH_M / 2),
			};
		}
		return null;
	}
	return null;
}
