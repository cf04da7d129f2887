/**
 * The chart series of a comparison: both laps read every `stepM` metres along the reference,
 * so every chart (speed, lean, delta against distance) and the map's two markers share one
 * x axis and one cursor.
 */
import type { LapChannels } from "../channels/types";
import { valueAt } from "./channels";
import { type ReferenceLine, referenceSourceIndexAt, referenceTimeAt } from "./reference-line";
import type { DeltaGrid, GridSeries } from "./types";

function emptySeries(length: number): GridSeries {
	return {
		timeMs: new Float64Array(length),
		speedKmh: new Float32Array(length),
		leanDeg: new Float32Array(length),
		lat: new Float64Array(length),
		lon: new Float64Array(length),
	};
}

export interface GridInput {
	line: ReferenceLine;
	lap: LapChannels;
	lapSpeedKmh: Float32Array;
	/** The lap's progress along the reference (non-decreasing), its delta and gain per point. */
	s: Float64Array;
	deltaMs: Float64Array;
	gainMsPerM: Float64Array;
	stepM: number;
}

export function buildGrid(input: GridInput): DeltaGrid {
	const { line, lap, lapSpeedKmh, s, deltaMs, gainMsPerM, stepM } = input;
	const lengthM = line.lengthM;
	const length = Math.ceil(lengthM / stepM - 1e-9) + 1;
	const distanceM = new Float64Array(length);
	const gridDelta = new Float32Array(length);
	const gridGain = new Float32Array(length);
	const lapSeries = emptySeries(length);
	const refSeries = emptySeries(length);
	const ref = line.source;
	const t0 = lap.timeMs[0]!;
	const n = lap.length;
	let j = 0;
	for (let g = 0; g < length; g++) {
		const d = g === length - 1 ? lengthM : g * stepM;
		distanceM[g] = d;

		const at = referenceSourceIndexAt(line, d);
		refSeries.timeMs[g] = referenceTimeAt(line, d);
		refSeries.speedKmh[g] = valueAt(line.sourceSpeedKmh, at);
		refSeries.leanDeg[g] = valueAt(ref.leanDeg, at);
		refSeries.lat[g] = valueAt(ref.lat, at);
		refSeries.lon[g] = valueAt(ref.lon, at);

		// The lap's fractional index where its progress reaches d.
		while (j < n - 2 && s[j + 1]! < d) j++;
		const span = s[j + 1]! - s[j]!;
		const f = span > 0 ? Math.min(1, Math.max(0, (d - s[j]!) / span)) : 0;
		const li = j + f;
		lapSeries.timeMs[g] = valueAt(lap.timeMs, li) - t0;
		lapSeries.speedKmh[g] = valueAt(lapSpeedKmh, li);
		lapSeries.leanDeg[g] = valueAt(lap.leanDeg, li);
		lapSeries.lat[g] = valueAt(lap.lat, li);
		lapSeries.lon[g] = valueAt(lap.lon, li);
		gridDelta[g] = valueAt(deltaMs, li);
		gridGain[g] = valueAt(gainMsPerM, li);
	}
	// The last grid step is the finish line: the lap's last point, exactly.
	gridDelta[length - 1] = deltaMs[n - 1]!;
	lapSeries.timeMs[length - 1] = lap.timeMs[n - 1]! - t0;
	return {
		length,
		stepM,
		distanceM,
		deltaMs: gridDelta,
		gainMsPerM: gridGain,
		lap: lapSeries,
		reference: refSeries,
	};
}
