/**
 * The whole recording as one continuous drive along the track, on a grid of
 * equally spaced points: out-lap from the pit exit, the timed laps, and the in-lap to
 * the pit entry. Each point carries speed, time and the device's distance counter, so
 * the line crossings (lap and sector times) fall exactly on grid points.
 */
import type { Circuit } from "./circuits";
import type { Rng } from "./prng";
import type { Track } from "./track";
import { cornerSpeedLimit, solveSpeedProfile, type VehicleProfile } from "./vehicle";

/** Seconds the bike stands still, with a GPS fix, before moving off and after stopping. */
export const STANDSTILL_START_S = 3;
export const STANDSTILL_END_S = 2;
const OUT_LAP_PACE = 0.78;
const IN_LAP_PACE = 0.7;
const SLOW_LAP_CHANCE = 0.15;

export interface Drive {
	track: Track;
	laps: number;
	/** Track sample index of grid point 0 (the pit exit). */
	startIndex: number;
	/** Number of grid points; point u lies at track sample (startIndex + u) mod track.n. */
	count: number;
	speedMs: Float64Array;
	/** Seconds since the first GPS fix. */
	timeS: Float64Array;
	/** The device's distance counter, metres. */
	odometerM: Float64Array;
	/** Grid point where timed lap k starts is `lapStart[k - 1]`; `lapStart[laps]` ends the last one. */
	lapStart: number[];
	/** Track sample index where sectors 1..3 end. */
	sectorEndIndex: [number, number, number];
	/** Per timed lap, how the device's distance counter over- or under-reads. */
	distanceFactor: number[];
	/** Seconds from the first to the last GPS fix. */
	durationS: number;
}

interface PaceKnot {
	u: number;
	pace: number;
}

function clampNormal(rng: Rng, limit: number): number {
	return Math.max(-limit, Math.min(limit, rng.normal()));
}

/**
 * Pace multipliers (1 = the rider's nominal limit) placed at each sector's middle; a
 * gradual warm-up, a slow lap 1 on cold tyres, steady improvement, lap-to-lap noise and
 * now and then a mistake that costs several percent in one sector.
 */
function planPace(
	rng: Rng,
	profile: VehicleProfile,
	laps: number,
	n: number,
	lapStart: number[],
	sectorMid: number[],
): PaceKnot[] {
	const first = lapStart[0]!;
	const knots: PaceKnot[] = [
		{ u: 0, pace: OUT_LAP_PACE },
		{ u: Math.max(1, Math.round(first - 0.25 * n)), pace: OUT_LAP_PACE },
	];
	for (let k = 1; k <= laps; k++) {
		const learning = 0.008 * (1 - Math.exp(-(k - 1) / 3));
		const coldTyres = k === 1 ? -0.01 : 0;
		const lapPace = 1 + learning + coldTyres + profile.paceNoise * clampNormal(rng, 2.5);
		const mistakeSector = k > 1 && rng.chance(SLOW_LAP_CHANCE) ? rng.int(0, 3) : -1;
		for (let j = 0; j < 4; j++) {
			let pace = lapPace * (1 + 0.5 * profile.paceNoise * clampNormal(rng, 2.5));
			if (j === mistakeSector) pace *= 1 - rng.range(0.05, 0.1);
			// The rider is up to pace a little before the line, so lap 1 is a flying lap.
			if (k === 1 && j === 0) knots.push({ u: first - Math.round(0.03 * n), pace });
			knots.push({ u: lapStart[k - 1]! + sectorMid[j]!, pace });
		}
	}
	const end = lapStart[laps]!;
	// ...and stays on it until a little after the last crossing.
	knots.push({ u: end + Math.round(0.03 * n), pace: knots[knots.length - 1]!.pace });
	knots.push({ u: end + Math.round(0.3 * n), pace: IN_LAP_PACE });
	return knots;
}

function paceAlongGrid(knots: PaceKnot[], count: number): Float64Array {
	const pace = new Float64Array(count);
	let k = 0;
	for (let u = 0; u < count; u++) {
		while (k + 1 < knots.length && knots[k + 1]!.u <= u) k++;
		const a = knots[k]!;
		const b = knots[k + 1];
		if (!b || u <= a.u) pace[u] = a.pace;
		else pace[u] = a.pace + ((b.pace - a.pace) * (u - a.u)) / (b.u - a.u);
	}
	return pace;
}

export function planDrive(
	circuit: Circuit,
	track: Track,
	profile: VehicleProfile,
	laps: number,
	rng: Rng,
): Drive {
	const n = track.n;
	const ds = track.spacingM;
	const fractionIndex = (f: number) => Math.min(n - 1, Math.max(1, Math.round(f * n)));
	const startIndex = fractionIndex(circuit.pitExit);
	const pitEntryIndex = fractionIndex(circuit.pitEntry);
	const sectorEndIndex = circuit.sectorEnds.map(fractionIndex) as [number, number, number];
	const bounds = [0, ...sectorEndIndex, n];
	const sectorMid = [0, 1, 2, 3].map((j) => Math.round((bounds[j]! + bounds[j + 1]!) / 2));

	const lapStart: number[] = [];
	for (let k = 0; k <= laps; k++) lapStart.push(n - startIndex + k * n);
	const count = lapStart[laps]! + pitEntryIndex + 1;

	const pace = paceAlongGrid(planPace(rng, profile, laps, n, lapStart, sectorMid), count);
	const limit = new Float64Array(count);
	for (let u = 0; u < count; u++) {
		limit[u] = cornerSpeedLimit(track.curvature[(startIndex + u) % n]!, profile) * pace[u]!;
	}
	const speedMs = solveSpeedProfile(limit, ds, profile, 0, 0);

	const distanceFactor: number[] = [];
	for (let k = 0; k < laps; k++) distanceFactor.push(1 + 0.0015 * clampNormal(rng, 2.5));

	const timeS = new Float64Array(count);
	const odometerM = new Float64Array(count);
	timeS[0] = STANDSTILL_START_S;
	let lap = 0;
	for (let u = 0; u + 1 < count; u++) {
		timeS[u + 1] = timeS[u]! + (2 * ds) / (speedMs[u]! + speedMs[u + 1]!);
		while (lap < laps && u >= lapStart[lap]!) lap++;
		// `lap` is now the timed lap containing u (1-based), or 0 / laps+1 off timing.
		const factor = lap >= 1 && u < lapStart[laps]! ? distanceFactor[lap - 1]! : 1;
		odometerM[u + 1] = odometerM[u]! + ds * factor;
	}
	return {
		track,
		laps,
		startIndex,
		count,
		speedMs,
		timeS,
		odometerM,
		lapStart,
		sectorEndIndex,
		distanceFactor,
		durationS: timeS[count - 1]! + STANDSTILL_END_S,
	};
}
