/**
 * Hand-made paths for the tests of the projection: a lap as straight pieces and arcs in local
 * metres around a fixed origin, at constant speed.
 */
import type { LapChannels } from "../channels/types";
import { createLocalFrame, toLat, toLon } from "./geo";

export const TEST_ORIGIN = { lat: -23.6, lon: -46.7 };

/** A hairpin: 200 m east, a half circle of `radius` to the left, 200 m back west. */
export function hairpinPoints(radius = 10, stepM = 1): { x: number[]; y: number[] } {
	const x: number[] = [];
	const y: number[] = [];
	for (let d = 0; d < 200; d += stepM) {
		x.push(d);
		y.push(0);
	}
	const arc = Math.PI * radius;
	for (let d = 0; d < arc; d += stepM) {
		const a = -Math.PI / 2 + d / radius;
		x.push(200 + radius * Math.cos(a));
		y.push(radius + radius * Math.sin(a));
	}
	for (let d = 0; d <= 200; d += stepM) {
		x.push(200 - d);
		y.push(2 * radius);
	}
	return { x, y };
}

/** A lap of `n` points with every channel at 0 (lean estimated), for a test to fill in. */
export function zeroLap(n: number): LapChannels {
	return {
		length: n,
		timeMs: new Float64Array(n),
		lat: new Float64Array(n),
		lon: new Float64Array(n),
		speedKmh: new Float32Array(n),
		leanDeg: new Float32Array(n),
		leanEstimated: true,
		distanceM: new Float64Array(n),
		extra: {},
	};
}

/** A lap through local points (metres), at a constant speed. */
export function lapThrough(x: number[], y: number[], speedMs = 20): LapChannels {
	const n = x.length;
	const frame = createLocalFrame(TEST_ORIGIN.lat, TEST_ORIGIN.lon);
	const lap = zeroLap(n);
	lap.speedKmh.fill(speedMs * 3.6);
	for (let i = 0; i < n; i++) {
		lap.lat[i] = toLat(frame, y[i]!);
		lap.lon[i] = toLon(frame, x[i]!);
		if (i > 0) {
			const step = Math.hypot(x[i]! - x[i - 1]!, y[i]! - y[i - 1]!);
			lap.distanceM[i] = lap.distanceM[i - 1]! + step;
			lap.timeMs[i] = (lap.distanceM[i]! / speedMs) * 1000;
		}
	}
	return lap;
}

/** A path of pieces of constant curvature ([length in metres, 1/radius, positive left]), at constant speed. */
export function pathOfPieces(
	pieces: [lengthM: number, curvature: number][],
	speedMs = 15,
): LapChannels {
	const x: number[] = [];
	const y: number[] = [];
	let px = 0;
	let py = 0;
	let heading = 0;
	for (const [lengthM, curvature] of pieces) {
		for (let d = 0; d < lengthM; d += 1) {
			heading += curvature;
			px += Math.cos(heading);
			py += Math.sin(heading);
			x.push(px);
			y.push(py);
		}
	}
	return lapThrough(x, y, speedMs);
}
