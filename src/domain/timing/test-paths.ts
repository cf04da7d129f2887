/**
 * Paths with known answers, for tests: fixes built from local metres, and a rider lapping a
 * circle whose line crossings are known exactly.
 */
import type { ExtraChannelName, Fixes, GateLine, LatLon } from "../recording/types";
import { localProjection, unproject } from "./projection";

export const TEST_ORIGIN: LatLon = { lat: -23.7011, lon: -46.6972 };

export interface LocalSample {
	t: number;
	x: number;
	y: number;
	speedKmh?: number;
	leanDeg?: number;
	distanceM?: number;
}

/** Fixes from samples in metres around `origin` (lines numbered 1, 2, … from `firstLine`). */
export function fixesFromLocal(
	samples: readonly LocalSample[],
	options: {
		origin?: LatLon;
		extra?: Partial<Record<ExtraChannelName, number[]>>;
		firstLine?: number;
	} = {},
): Fixes {
	const projection = localProjection(options.origin ?? TEST_ORIGIN);
	const n = samples.length;
	const fixes: Fixes = {
		length: n,
		timeMs: new Float64Array(n),
		lat: new Float64Array(n),
		lon: new Float64Array(n),
		speedKmh: new Float32Array(n).fill(Number.NaN),
		extra: {},
		line: new Uint32Array(n),
	};
	const withLean = samples.some((s) => s.leanDeg !== undefined);
	const withDistance = samples.some((s) => s.distanceM !== undefined);
	if (withLean) fixes.leanDeg = new Float32Array(n).fill(Number.NaN);
	if (withDistance) fixes.distanceM = new Float64Array(n).fill(Number.NaN);
	samples.forEach((s, i) => {
		const p = unproject(projection, s.x, s.y);
		fixes.timeMs[i] = s.t;
		fixes.lat[i] = p.lat;
		fixes.lon[i] = p.lon;
		if (s.speedKmh !== undefined) fixes.speedKmh[i] = s.speedKmh;
		if (s.leanDeg !== undefined) fixes.leanDeg![i] = s.leanDeg;
		if (s.distanceM !== undefined) fixes.distanceM![i] = s.distanceM;
		fixes.line[i] = (options.firstLine ?? 1) + i;
	});
	for (const [name, values] of Object.entries(options.extra ?? {})) {
		fixes.extra[name as ExtraChannelName] = Float32Array.from(values);
	}
	return fixes;
}

/** A line across local metres (x, y) -> (x, y) around `origin`. */
export function localGate(
	ax: number,
	ay: number,
	bx: number,
	by: number,
	origin: LatLon = TEST_ORIGIN,
): GateLine {
	const projection = localProjection(origin);
	return { a: unproject(projection, ax, ay), b: unproject(projection, bx, by) };
}

export interface CircleLaps {
	fixes: Fixes;
	/** Exact instants the rider passed angle 0 (the line at x = radius, y = 0), ms. */
	crossingsMs: number[];
	/** The line across the circle at angle 0, `gateWidthM` wide. */
	gate: GateLine;
	radiusM: number;
	/** Compass bearing of travel over the line. */
	directionDeg: number;
}

/**
 * A rider going round a circle of `radiusM` centred on the origin, sampled every `periodMs`
 * (plus `jitterMs` times a fraction in [0, 1) from `random`), starting `leadMs` before the first
 * crossing and stopping `tailMs` after the last. Laps take about `lapDurationsMs` each: the
 * speed changes at the far side of the circle, never at the line, so interpolating across the
 * line is exact but for the chord (the crossings returned are the exact ones). Counter-clockwise
 * travel over the line at angle 0 is due north. Speed is given (km/h); time starts at `startMs`.
 */
export function circleLaps(options: {
	lapDurationsMs: readonly number[];
	periodMs: number;
	radiusM?: number;
	leadMs?: number;
	tailMs?: number;
	startMs?: number;
	jitterMs?: number;
	random?: () => number;
	gateWidthM?: number;
	clockwise?: boolean;
}): CircleLaps {
	const r = options.radiusM ?? 100;
	const lead = options.leadMs ?? 3000;
	const tail = options.tailMs ?? 3000;
	const start = options.startMs ?? 0;
	const laps = options.lapDurationsMs;
	const sign = options.clockwise ? -1 : 1;
	// Rate k (rad/ms) holds from angle 2πk - π to 2πk + π: around crossing k.
	const rates = Array.from(
		{ length: laps.length + 1 },
		(_, k) => (2 * Math.PI) / laps[Math.min(k, laps.length - 1)]!,
	);
	/** Time at angle 2πk + π, for k = -1 .. laps. */
	const farSide = [start + lead - Math.PI / rates[0]!];
	for (let k = 0; k <= laps.length; k++) farSide.push(farSide[k]! + (2 * Math.PI) / rates[k]!);
	const crossingsMs = rates.map((rate, k) => farSide[k]! + Math.PI / rate);
	const end = crossingsMs.at(-1)! + tail;
	const angleAt = (t: number): { angle: number; rate: number } => {
		let k = 0;
		while (k < laps.length && t >= farSide[k + 1]!) k++;
		const rate = rates[k]!;
		return { angle: 2 * Math.PI * k - Math.PI + (t - farSide[k]!) * rate, rate };
	};
	const samples: LocalSample[] = [];
	const random = options.random ?? Math.random;
	for (let t = start; t <= end; ) {
		const { angle, rate } = angleAt(t);
		samples.push({
			t,
			x: r * Math.cos(angle),
			y: sign * r * Math.sin(angle),
			speedKmh: rate * r * 1000 * 3.6,
		});
		t += options.periodMs + (options.jitterMs ? Math.floor(random() * options.jitterMs) : 0);
	}
	const half = (options.gateWidthM ?? 20) / 2;
	return {
		fixes: fixesFromLocal(samples),
		crossingsMs,
		gate: localGate(r - half, 0, r + half, 0),
		radiusM: r,
		directionDeg: options.clockwise ? 180 : 0,
	};
}
