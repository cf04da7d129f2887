/**
 * Laps whose truth is known, for the tests and the benchmark of the comparison: a flying lap
 * of one of the simulator's circuits (its racing line and its speed model), then re-timed,
 * displaced sideways, sampled at any rate from the start crossing to the end crossing, with
 * seeded GPS noise. Every lap built on the same line knows its time at every metre of that
 * line, so the true delta between two of them at any place is a subtraction.
 */
import type { LapChannels } from "../channels/types";
import { type Circuit, type CircuitId, getCircuit } from "../simulator/circuits";
import { createRng } from "../simulator/prng";
import { degreesPerMetre, type Track, trackOf } from "../simulator/track";
import {
	cornerSpeedLimit,
	rollDegrees,
	solveSpeedProfile,
	VEHICLE_PROFILES,
	type VehicleKind,
	type VehicleProfile,
} from "../simulator/vehicle";

/** A circuit's racing line closed into one lap (sample n is sample 0 again) with a flying lap's times. */
export interface CircuitLine {
	circuit: Circuit;
	profile: VehicleProfile;
	/** Samples 0..n, `spacingM` apart; the start/finish line at sample 0 and n. */
	n: number;
	spacingM: number;
	lengthM: number;
	x: Float64Array;
	y: Float64Array;
	curvature: Float64Array;
	/** The flying lap's time at each sample, ms (0 at sample 0). */
	baseTimeMs: Float64Array;
	/** The flying lap's speed at each sample, m/s. */
	baseSpeedMs: Float64Array;
}

export function circuitLine(
	circuit: CircuitId | Circuit,
	opts: { reverse?: boolean; profile?: VehicleKind | VehicleProfile } = {},
): CircuitLine {
	const c = typeof circuit === "string" ? getCircuit(circuit) : circuit;
	const profile =
		typeof opts.profile === "object" ? opts.profile : VEHICLE_PROFILES[opts.profile ?? "moto"];
	const track: Track = trackOf(c);
	const n = track.n;
	const x = new Float64Array(n + 1);
	const y = new Float64Array(n + 1);
	const curvature = new Float64Array(n + 1);
	for (let k = 0; k <= n; k++) {
		const i = opts.reverse ? (n - (k % n)) % n : k % n;
		x[k] = track.x[i]!;
		y[k] = track.y[i]!;
		curvature[k] = opts.reverse ? -track.curvature[i]! : track.curvature[i]!;
	}
	// A flying lap: the speed model over three laps, the middle one kept.
	const limit = new Float64Array(3 * n + 1);
	for (let u = 0; u <= 3 * n; u++) limit[u] = cornerSpeedLimit(curvature[u % n]!, profile);
	const speed = solveSpeedProfile(limit, track.spacingM, profile, 0, 0);
	const baseTimeMs = new Float64Array(n + 1);
	const baseSpeedMs = speed.slice(n, 2 * n + 1);
	for (let k = 0; k < n; k++) {
		const v0 = speed[n + k]!;
		const v1 = speed[n + k + 1]!;
		baseTimeMs[k + 1] = baseTimeMs[k]! + (2000 * track.spacingM) / (v0 + v1);
	}
	return {
		circuit: c,
		profile,
		n,
		spacingM: track.spacingM,
		lengthM: n * track.spacingM,
		x,
		y,
		curvature,
		baseTimeMs,
		baseSpeedMs,
	};
}

export interface SyntheticLapSpec {
	/** Fixes per second between the two crossings. */
	hz: number;
	/** The first regular fix comes this fraction of a period after the start crossing (default 0.5). */
	phase?: number;
	/** Time into this lap (ms) where the flying lap is at `baseTimeMs`, `distanceM` along the line; increasing. */
	warp?: (baseTimeMs: number, distanceM: number) => number;
	/** Sideways offset from the line, metres, positive to the left of the direction of travel. */
	lateralM?: (distanceM: number) => number;
	/** Seeded GPS noise: independent normal error of `sigmaM` metres on each axis of each fix. */
	noise?: { seed: number; sigmaM: number };
	/** The distance channel over- or under-reads by this factor (default 1). */
	distanceFactor?: number;
	/** No speed channel (NaN), as some sources. */
	withoutSpeed?: boolean;
	/**
	 * The receiver's constant error (metres east and north). The lap is then timed from its own
	 * positions: its clock starts and stops where they cross the line, that error's along-track
	 * part away from where the lap itself crossed it.
	 */
	gpsOffsetM?: { eastM: number; northM: number };
}

export interface SyntheticLap {
	channels: LapChannels;
	lapTimeMs: number;
	/** This lap's time since it was at the line, at each sample of the line (the truth), ms. */
	timeAtMs: Float64Array;
	/** Distance along the line of each fix (the truth; below 0 or past the length before or after the line), metres. */
	lineDistanceM: Float64Array;
	/** Time on this lap's clock when it was at the line (0, unless timed from offset positions), ms. */
	clockAtLineMs: number;
}

export function syntheticLap(line: CircuitLine, spec: SyntheticLapSpec): SyntheticLap {
	const { n, spacingM } = line;
	const warp = spec.warp ?? ((t: number) => t);
	const timeAtMs = new Float64Array(n + 1);
	for (let k = 0; k <= n; k++) {
		timeAtMs[k] = warp(line.baseTimeMs[k]!, k * spacingM);
		if (k > 0 && !(timeAtMs[k]! > timeAtMs[k - 1]!)) {
			throw new RangeError(`warp must increase along the lap (sample ${k})`);
		}
	}
	const t0 = timeAtMs[0]!;
	for (let k = 0; k <= n; k++) timeAtMs[k] = timeAtMs[k]! - t0;
	const lapTimeMs = timeAtMs[n]!;
	// Where the clock starts: where the positions, offset by the receiver's error, cross the line.
	const offset = spec.gpsOffsetM ?? { eastM: 0, northM: 0 };
	const startTx = line.x[1]! - line.x[0]!;
	const startTy = line.y[1]! - line.y[0]!;
	const startAtM =
		-(offset.eastM * startTx + offset.northM * startTy) / Math.hypot(startTx, startTy);
	// The lap repeated before and after itself: sample u lies at (u - n) * spacing.
	const periodic = (u: number) => timeAtMs[u % n]! + (Math.floor(u / n) - 1) * lapTimeMs;
	const placeTime = (sM: number) => {
		const u = sM / spacingM + n;
		const k = Math.min(3 * n - 1, Math.max(0, Math.floor(u)));
		return periodic(k) + (u - k) * (periodic(k + 1) - periodic(k));
	};
	const clockStart = placeTime(startAtM);
	const periodMs = 1000 / spec.hz;
	const phase = spec.phase ?? 0.5;
	const instants: number[] = [0];
	for (let m = 0; ; m++) {
		const t = (phase + m) * periodMs;
		if (t >= lapTimeMs - 1e-6) break;
		if (t > 1e-6) instants.push(t);
	}
	instants.push(lapTimeMs);

	// Speed at each line sample from this lap's own timing.
	const nodeSpeed = new Float64Array(n + 1);
	for (let k = 0; k <= n; k++) {
		const before = k > 0 ? timeAtMs[k]! - timeAtMs[k - 1]! : lapTimeMs - timeAtMs[n - 1]!;
		const after = k < n ? timeAtMs[k + 1]! - timeAtMs[k]! : timeAtMs[1]! - timeAtMs[0]!;
		nodeSpeed[k] = (2000 * spacingM) / (before + after);
	}

	const count = instants.length;
	const rng = spec.noise ? createRng(spec.noise.seed) : null;
	const sigma = spec.noise?.sigmaM ?? 0;
	const { latPerM, lonPerM } = degreesPerMetre(line.circuit.origin);
	const channels: LapChannels = {
		length: count,
		timeMs: new Float64Array(count),
		lat: new Float64Array(count),
		lon: new Float64Array(count),
		speedKmh: new Float32Array(count),
		leanDeg: new Float32Array(count),
		leanEstimated: false,
		distanceM: new Float64Array(count),
		extra: {},
	};
	const lineDistanceM = new Float64Array(count);
	let u = Math.max(0, Math.floor(startAtM / spacingM + n) - 1);
	let prevX = 0;
	let prevY = 0;
	let odometer = 0;
	for (let i = 0; i < count; i++) {
		const t = instants[i]!;
		const target = t + clockStart;
		while (u < 3 * n - 1 && periodic(u + 1) <= target) u++;
		const f = Math.min(1, Math.max(0, (target - periodic(u)) / (periodic(u + 1) - periodic(u))));
		const s = (u - n + f) * spacingM;
		lineDistanceM[i] = s;
		const a = u % n;
		const b = a + 1;
		let px = line.x[a]! + f * (line.x[b]! - line.x[a]!) + offset.eastM;
		let py = line.y[a]! + f * (line.y[b]! - line.y[a]!) + offset.northM;
		const lateral = spec.lateralM ? spec.lateralM(s) : 0;
		if (lateral !== 0) {
			const tx = line.x[b]! - line.x[a]!;
			const ty = line.y[b]! - line.y[a]!;
			const len = Math.hypot(tx, ty) || 1;
			px += (-ty / len) * lateral;
			py += (tx / len) * lateral;
		}
		if (rng) {
			px += sigma * rng.normal();
			py += sigma * rng.normal();
		}
		const v = nodeSpeed[a]! + f * (nodeSpeed[b]! - nodeSpeed[a]!);
		const curvature = line.curvature[a]! + f * (line.curvature[b]! - line.curvature[a]!);
		if (i > 0) odometer += Math.hypot(px - prevX, py - prevY);
		prevX = px;
		prevY = py;
		channels.timeMs[i] = t;
		channels.lat[i] = line.circuit.origin.lat + py * latPerM;
		channels.lon[i] = line.circuit.origin.lon + px * lonPerM;
		channels.speedKmh[i] = spec.withoutSpeed ? Number.NaN : v * 3.6;
		channels.leanDeg[i] = rollDegrees(v, curvature, line.profile);
		channels.distanceM[i] = odometer * (spec.distanceFactor ?? 1);
	}
	const clockAtLineMs = placeTime(0) - clockStart;
	return { channels, lapTimeMs, timeAtMs, lineDistanceM, clockAtLineMs };
}

/**
 * This lap's time (ms) at `s` metres along its line, the lap repeating itself before 0 and
 * after its length: the truth the tests compare against.
 */
export function timeAtDistance(lap: SyntheticLap, spacingM: number, s: number): number {
	const n = lap.timeAtMs.length - 1;
	const laps = Math.floor(s / (n * spacingM));
	const u = Math.min(n, Math.max(0, s / spacingM - laps * n));
	const k = Math.min(n - 1, Math.floor(u));
	const f = u - k;
	return lap.timeAtMs[k]! + f * (lap.timeAtMs[k + 1]! - lap.timeAtMs[k]!) + laps * lap.lapTimeMs;
}

/**
 * The true delta at fix `i` of `lap` against `reference`, both built on `line`: ms, each lap's
 * time counted from when it was at the line (not from when its clock started).
 */
export function trueDeltaMs(
	line: CircuitLine,
	lap: SyntheticLap,
	reference: SyntheticLap,
	i: number,
): number {
	// Both laps' times counted from when each was at the line.
	const s = lap.lineDistanceM[i]!;
	const lapSinceLine = lap.channels.timeMs[i]! - lap.clockAtLineMs;
	return lapSinceLine - timeAtDistance(reference, line.spacingM, s);
}

/** A smooth sideways bump: 0 outside [from, to], `peakM` in the middle. */
export function bump(fromM: number, toM: number, peakM: number): (s: number) => number {
	return (s) =>
		s <= fromM || s >= toM ? 0 : peakM * Math.sin((Math.PI * (s - fromM)) / (toM - fromM)) ** 2;
}

/**
 * A figure-of-eight layout (the two diagonals cross at right angles in the middle, as at
 * Suzuka): where a projection without a window jumps to the other branch.
 */
export const FIGURE_EIGHT: Circuit = {
	id: "figure-eight",
	name: "Oito",
	origin: { lat: -23.5, lon: -46.6 },
	lengthM: 2200,
	sectorEnds: [0.25, 0.5, 0.75],
	pitExit: 0.05,
	pitEntry: 0.95,
	controlPoints: [
		[0, 200],
		[0, 0, 40],
		[400, 400, 40],
		[400, 0, 40],
		[0, 400, 40],
	],
};

/** Where a place lies along the circuit's racing line: metres from the line, to its nearest sample. */
export function distanceOnLine(line: CircuitLine, place: { lat: number; lon: number }): number {
	const { latPerM, lonPerM } = degreesPerMetre(line.circuit.origin);
	const x = (place.lon - line.circuit.origin.lon) / lonPerM;
	const y = (place.lat - line.circuit.origin.lat) / latPerM;
	let best = 0;
	let bestD2 = Number.POSITIVE_INFINITY;
	for (let k = 0; k < line.n; k++) {
		const d2 = (line.x[k]! - x) ** 2 + (line.y[k]! - y) ** 2;
		if (d2 < bestD2) {
			bestD2 = d2;
			best = k;
		}
	}
	// The foot of the perpendicular on the segment on either side of the nearest sample.
	let at = best * line.spacingM;
	let atD2 = bestD2;
	for (const a of [best - 1, best]) {
		if (a < 0 || a + 1 > line.n) continue;
		const vx = line.x[a + 1]! - line.x[a]!;
		const vy = line.y[a + 1]! - line.y[a]!;
		const len2 = vx * vx + vy * vy;
		const u = Math.min(1, Math.max(0, ((x - line.x[a]!) * vx + (y - line.y[a]!) * vy) / len2));
		const d2 = (line.x[a]! + u * vx - x) ** 2 + (line.y[a]! + u * vy - y) ** 2;
		if (d2 <= atD2) {
			atD2 = d2;
			at = (a + u) * line.spacingM;
		}
	}
	return at;
}
