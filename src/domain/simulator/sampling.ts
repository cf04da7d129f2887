/**
 * Reads the drive the way the logger does: one fix every 1/hz seconds, with the
 * receiver's small position and speed errors, the lean sensor's reading and its
 * filtered version, satellites in use, and the timing state (lap count and flag).
 */
import type { Drive } from "./drive";
import type { Rng } from "./prng";
import { rollDegrees, type VehicleProfile } from "./vehicle";

/** After the last crossing the device keeps timing this long before the rider turns it off. */
export const IN_LAP_TIMING_S = 3;
const POSITION_NOISE_M = 0.35;
const POSITION_NOISE_TIME_S = 3;
const SPEED_NOISE_KMH = 0.25;
const ROLL_NOISE_TIME_S = 0.4;
const FILTERED_LEAN_TIME_S = 0.3;

export interface GpsSamples {
	count: number;
	/** Seconds since the first fix. */
	timeS: Float64Array;
	/** Local metres (x east, y north). */
	x: Float64Array;
	y: Float64Array;
	speedKmh: Float64Array;
	rollDeg: Float64Array;
	filteredLeanDeg: Float64Array;
	odometerM: Float64Array;
	lapCount: Uint32Array;
	timingFlag: Uint8Array;
	satellites: Uint8Array;
	/** Signed track curvature under each fix (1/m, positive = left), for checks. */
	curvature: Float64Array;
}

/** Lap the device shows at time t: 0 on the out-lap, k during timed lap k, laps + 1 after. */
function lapAt(drive: Drive, t: number, from: number): number {
	let lap = from;
	while (lap <= drive.laps && t >= drive.timeS[drive.lapStart[lap]!]!) lap++;
	return lap;
}

/** First-order random process: smooth noise with the given deviation and time scale. */
function createSmoothNoise(rng: Rng, deviation: number, timeScaleS: number, dtS: number) {
	const keep = Math.exp(-dtS / timeScaleS);
	const kick = deviation * Math.sqrt(1 - keep * keep);
	let value = deviation * rng.normal();
	return () => {
		value = keep * value + kick * rng.normal();
		return value;
	};
}

export function sampleDrive(
	drive: Drive,
	profile: VehicleProfile,
	hz: number,
	rng: Rng,
): GpsSamples {
	const { track, timeS: gridTime, speedMs, odometerM: gridOdo, startIndex } = drive;
	const n = track.n;
	const count = Math.floor(drive.durationS * hz) + 1;
	const dt = 1 / hz;
	const out: GpsSamples = {
		count,
		timeS: new Float64Array(count),
		x: new Float64Array(count),
		y: new Float64Array(count),
		speedKmh: new Float64Array(count),
		rollDeg: new Float64Array(count),
		filteredLeanDeg: new Float64Array(count),
		odometerM: new Float64Array(count),
		lapCount: new Uint32Array(count),
		timingFlag: new Uint8Array(count),
		satellites: new Uint8Array(count),
		curvature: new Float64Array(count),
	};
	const lateralNoise = createSmoothNoise(rng, POSITION_NOISE_M, POSITION_NOISE_TIME_S, dt);
	const rollNoise = createSmoothNoise(rng, profile.rollNoiseDeg, ROLL_NOISE_TIME_S, dt);
	const leanKeep = Math.exp(-dt / FILTERED_LEAN_TIME_S);
	const lastGrid = drive.count - 1;
	const inLapStartS = gridTime[drive.lapStart[drive.laps]!]!;
	let satellites = rng.int(9, 12);
	let filtered = 0;
	let u = 0;
	let lap = 0;
	for (let k = 0; k < count; k++) {
		const t = k * dt;
		while (u < lastGrid && gridTime[u + 1]! <= t) u++;
		// Fraction of the way from grid point u to u + 1; 0 while standing still.
		let f = 0;
		if (u < lastGrid && t > gridTime[u]!)
			f = (t - gridTime[u]!) / (gridTime[u + 1]! - gridTime[u]!);
		const u1 = Math.min(u + 1, lastGrid);
		const moving = t >= gridTime[0]! && t <= gridTime[lastGrid]!;
		const v = moving ? speedMs[u]! + f * (speedMs[u1]! - speedMs[u]!) : 0;
		const i0 = (startIndex + u) % n;
		const i1 = (startIndex + u1) % n;
		const prev = (i0 - 1 + n) % n;
		const next = (i0 + 1) % n;
		const tx = track.x[next]! - track.x[prev]!;
		const ty = track.y[next]! - track.y[prev]!;
		const tLen = Math.hypot(tx, ty) || 1;
		const offset = lateralNoise();
		out.x[k] = track.x[i0]! + f * (track.x[i1]! - track.x[i0]!) - (ty / tLen) * offset;
		out.y[k] = track.y[i0]! + f * (track.y[i1]! - track.y[i0]!) + (tx / tLen) * offset;
		const curvature = track.curvature[i0]! + f * (track.curvature[i1]! - track.curvature[i0]!);
		out.curvature[k] = curvature;
		out.timeS[k] = t;
		out.speedKmh[k] = Math.max(0, v * 3.6 + (v > 0 ? SPEED_NOISE_KMH * rng.normal() : 0));
		const roll = rollDegrees(v, curvature, profile) + rollNoise();
		filtered = leanKeep * filtered + (1 - leanKeep) * roll;
		out.rollDeg[k] = roll;
		out.filteredLeanDeg[k] = filtered;
		out.odometerM[k] = gridOdo[u]! + f * (gridOdo[u1]! - gridOdo[u]!);
		lap = lapAt(drive, t, lap);
		out.lapCount[k] = lap;
		out.timingFlag[k] =
			lap >= 1 && (lap <= drive.laps || t < inLapStartS + IN_LAP_TIMING_S) ? 1 : 0;
		// Satellites in use drift by one now and then (about every 4 s).
		if (rng.chance(0.25 * dt))
			satellites = Math.max(7, Math.min(14, satellites + (rng.chance(0.5) ? 1 : -1)));
		out.satellites[k] = satellites;
	}
	return out;
}
