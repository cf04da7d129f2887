/**
 * What the device writes to `lap.six` for each completed timed lap: crossing-to-
 * crossing lap and sector times (exact, from the drive), improvement flags and
 * counters, the sprint count and the distance counter's reading.
 */
import type { Drive } from "./drive";
import type { SectorValues } from "./format";

/** An acceleration run at least this long counts as a sprint. */
const SPRINT_MIN_S = 4;
const SECONDS_PER_DAY = 86_400;

export interface SimulatedLap {
	number: number;
	timeMs: number;
	/** Seconds since the first fix when the lap started and ended. */
	startS: number;
	endS: number;
	sectors: SectorValues[];
	sprintCount: number;
	metres: number;
}

function countSprints(drive: Drive, from: number, to: number): number {
	let sprints = 0;
	let runStart = -1;
	for (let u = from; u < to; u++) {
		const rising = drive.speedMs[u + 1]! > drive.speedMs[u]!;
		if (rising && runStart < 0) runStart = u;
		if ((!rising || u + 1 === to) && runStart >= 0) {
			if (drive.timeS[u]! - drive.timeS[runStart]! >= SPRINT_MIN_S) sprints++;
			runStart = -1;
		}
	}
	return sprints;
}

export function buildLapRecords(drive: Drive): SimulatedLap[] {
	const { timeS, track } = drive;
	const ms = (u: number) => Math.round(timeS[u]! * 1000);
	const bestSector = [
		Number.POSITIVE_INFINITY,
		Number.POSITIVE_INFINITY,
		Number.POSITIVE_INFINITY,
		Number.POSITIVE_INFINITY,
	];
	const sectorImprovements = [0, 0, 0, 0];
	let bestLap = Number.POSITIVE_INFINITY;
	let lapImprovements = 0;
	const laps: SimulatedLap[] = [];
	for (let k = 1; k <= drive.laps; k++) {
		const start = drive.lapStart[k - 1]!;
		const end = drive.lapStart[k]!;
		const bounds = [start, ...drive.sectorEndIndex.map((i) => start + i), end];
		const factor = drive.distanceFactor[k - 1]!;
		const metres = Math.round(track.lengthM * factor);
		const timeMs = ms(end) - ms(start);
		// The first lap sets the references; it improves nothing.
		if (k > 1 && timeMs < bestLap) lapImprovements++;
		bestLap = Math.min(bestLap, timeMs);
		const sectors: SectorValues[] = [];
		let sectorMetresSoFar = 0;
		for (let j = 0; j < 4; j++) {
			const sectorMs = ms(bounds[j + 1]!) - ms(bounds[j]!);
			const improved = k > 1 && sectorMs < bestSector[j]!;
			if (improved) sectorImprovements[j]!++;
			bestSector[j] = Math.min(bestSector[j]!, sectorMs);
			const sectorMetres =
				j < 3
					? Math.round((bounds[j + 1]! - bounds[j]!) * track.spacingM * factor)
					: metres - sectorMetresSoFar;
			sectorMetresSoFar += sectorMetres;
			sectors.push({
				timeMs: sectorMs,
				improved,
				upMax: sectorImprovements[j]!,
				upTrack: lapImprovements,
				metres: sectorMetres,
			});
		}
		laps.push({
			number: k,
			timeMs,
			startS: timeS[start]!,
			endS: timeS[end]!,
			sectors,
			sprintCount: countSprints(drive, start, end),
			metres,
		});
	}
	return laps;
}

/** Seconds since local midnight, 0..86399. */
export function entrySeconds(localSecondsOfDay: number): number {
	return ((Math.floor(localSecondsOfDay) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
}
