/**
 * Course over ground for every point of a lap: the source's heading where it has one, else
 * the bearing of the path through the point (from the point before to the point after). A
 * point where the path does not move takes the course of the nearest point that does; a lap
 * that never moves has none (NaN).
 */
import type { LapChannels } from "../channels/types";

const DEG = Math.PI / 180;
/** Below this displacement (degrees of latitude, about 5 cm) two fixes give no direction. */
const MIN_STEP_DEG = 5e-7;

/** Compass bearing (degrees, 0 = north, clockwise, in [0, 360)) from one point to another. */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
	const dy = lat2 - lat1;
	const dx = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * DEG);
	if (Math.abs(dx) < MIN_STEP_DEG && Math.abs(dy) < MIN_STEP_DEG) return Number.NaN;
	const deg = Math.atan2(dx, dy) / DEG;
	return deg < 0 ? deg + 360 : deg;
}

export function courseOfLap(channels: LapChannels): Float32Array {
	const { length, lat, lon } = channels;
	const heading = channels.extra.headingDeg;
	const course = new Float32Array(length);
	for (let i = 0; i < length; i++) {
		const given = heading?.[i];
		if (given !== undefined && Number.isFinite(given)) {
			course[i] = ((given % 360) + 360) % 360;
			continue;
		}
		const before = i > 0 ? i - 1 : i;
		const after = i + 1 < length ? i + 1 : i;
		course[i] = bearingDeg(lat[before]!, lon[before]!, lat[after]!, lon[after]!);
	}
	let last = Number.NaN;
	for (let i = 0; i < length; i++) {
		if (Number.isNaN(course[i]!)) course[i] = last;
		else last = course[i]!;
	}
	last = Number.NaN;
	for (let i = length - 1; i >= 0; i--) {
		if (Number.isNaN(course[i]!)) course[i] = last;
		else last = course[i]!;
	}
	return course;
}
