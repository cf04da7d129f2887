/**
 * Sessions for the exporters' tests and benchmark: a small hand-made one (the golden files in
 * `fixtures/export/`) and realistic ones driven by the demo simulator around its circuits.
 */
import type { LapChannels, TimedLap } from "../channels/types";
import type { ExtraChannelName, GateLine, TrackLines } from "../recording/types";
import { type CircuitId, getCircuit } from "../simulator/circuits";
import { planDrive } from "../simulator/drive";
import { createRng, deriveSeed } from "../simulator/prng";
import { sampleDrive } from "../simulator/sampling";
import { degreesPerMetre, localToLatLon, trackOf } from "../simulator/track";
import { VEHICLE_PROFILES } from "../simulator/vehicle";
import type { ExportSession } from "./types";

type ChannelValues = Partial<Record<ExtraChannelName, number[]>>;

export interface LapSpec {
	number: number;
	startMs: number;
	timeMs: number[];
	lat: number[];
	lon: number[];
	speedKmh: number[];
	leanDeg: number[];
	leanEstimated?: boolean;
	distanceM?: number[];
	extra?: ChannelValues;
	sectorsMs?: (number | null)[];
}

/** A lap from plain arrays; its lap time is the span of its times. */
export function lapOf(spec: LapSpec): TimedLap {
	const length = spec.timeMs.length;
	const extra: LapChannels["extra"] = {};
	for (const [name, values] of Object.entries(spec.extra ?? {})) {
		extra[name as ExtraChannelName] = Float32Array.from(values);
	}
	return {
		number: spec.number,
		startMs: spec.startMs,
		timeMs: spec.timeMs[length - 1]! - spec.timeMs[0]!,
		sectorsMs: spec.sectorsMs ?? [],
		channels: {
			length,
			timeMs: Float64Array.from(spec.timeMs),
			lat: Float64Array.from(spec.lat),
			lon: Float64Array.from(spec.lon),
			speedKmh: Float32Array.from(spec.speedKmh),
			leanDeg: Float32Array.from(spec.leanDeg),
			leanEstimated: spec.leanEstimated ?? false,
			distanceM: Float64Array.from(spec.distanceM ?? spec.timeMs.map(() => 0)),
			extra,
		},
	};
}

/** 2025-03-01 13:05:07.000 UTC. */
export const SMALL_SESSION_START_MS = Date.UTC(2025, 2, 1, 13, 5, 7);

/**
 * Two short laps at Granja Viana with every channel lapsix knows, the start/finish line and
 * one sector line: the session of the golden files. Lap 2 starts where lap 1 ends.
 */
export function smallSession(): ExportSession {
	const t0 = SMALL_SESSION_START_MS;
	const lap1 = lapOf({
		number: 1,
		startMs: t0,
		timeMs: [0, 40, 80, 120, 160.4],
		lat: [-23.5936, -23.59358, -23.59355, -23.59351, -23.59346],
		lon: [-46.8331, -46.83305, -46.833, -46.83296, -46.83293],
		speedKmh: [58.2, 59.75, 61.3, 60.04, 57.5],
		leanDeg: [0.4, -3.25, -12.3, -25.05, -31.9],
		distanceM: [0, 0.66, 1.34, 2.02, 2.71],
		extra: {
			headingDeg: [60.1, 61.2, 359.97, 40.4, 41],
			altitudeM: [781.2, 781.3, 781.3, 781.45, 781.5],
			satellites: [11, 11, 12, 12, 12],
			latAccG: [0.012, -0.25, -0.61, -0.985, -1.1],
			lonAccG: [0.3, 0.25, -0.1, -0.45, -0.8],
			rpm: [9800, 10150, 10400, 10020, 9500],
			throttlePct: [100, 100, 85.5, 40, 12.25],
		},
		sectorsMs: [80.2, 80.2],
	});
	const lap2 = lapOf({
		number: 2,
		startMs: t0 + 160.4,
		timeMs: [0, 39.6, 79.6, 119.6],
		lat: [-23.59346, -23.5934, -23.59335, -23.5933],
		lon: [-46.83293, -46.8329, -46.83288, -46.83286],
		speedKmh: [57.5, 55.1, Number.NaN, 50.8],
		leanDeg: [-31.9, -35.2, -36, Number.NaN],
		distanceM: [0, 0.62, 1.2, 1.81],
		extra: {
			headingDeg: [41, 42.5, 43, 44],
			altitudeM: [781.5, 781.6, Number.NaN, 781.8],
			satellites: [12, 12, 12, 13],
			latAccG: [-1.1, -1.2, -1.25, -1.3],
			lonAccG: [-0.8, -0.9, -0.2, 0.1],
			rpm: [9500, 9200, 9000, 9300],
			throttlePct: [12.25, 0, 0, 20],
		},
		sectorsMs: [60, 59.6],
	});
	return {
		trackName: "Kartódromo Granja Viana",
		date: "2025-03-01",
		dateKnown: true,
		source: { format: "six", device: "lapsix A7F3" },
		laps: [lap1, lap2],
		lines: {
			startFinish: {
				a: { lat: -23.59362, lon: -46.83316 },
				b: { lat: -23.59358, lon: -46.83304 },
			},
			sectors: [{ a: { lat: -23.59352, lon: -46.833 }, b: { lat: -23.5935, lon: -46.83292 } }],
			directionDeg: 60,
		},
	};
}

export interface SimulatedExportOptions {
	circuit?: CircuitId;
	laps: number;
	/** Fixes per second. */
	hz: number;
	seed?: number;
	/** Epoch ms of the first fix when `dateKnown`, else ms since midnight. */
	startMs?: number;
	dateKnown?: boolean;
	date?: string | null;
	/** Add altitude and satellites (default true). */
	extras?: boolean;
	/** Place the session here instead of the circuit's own origin (tests of hemispheres). */
	origin?: { lat: number; lon: number };
	trackName?: string;
}

function gateAt(
	origin: { lat: number; lon: number },
	x: Float64Array,
	y: Float64Array,
	index: number,
	halfWidthM: number,
): GateLine {
	const n = x.length;
	const tx = x[(index + 1) % n]! - x[(index - 1 + n) % n]!;
	const ty = y[(index + 1) % n]! - y[(index - 1 + n) % n]!;
	const len = Math.hypot(tx, ty) || 1;
	const nx = -ty / len;
	const ny = tx / len;
	return {
		a: localToLatLon(origin, x[index]! - nx * halfWidthM, y[index]! - ny * halfWidthM),
		b: localToLatLon(origin, x[index]! + nx * halfWidthM, y[index]! + ny * halfWidthM),
	};
}

/**
 * Laps 1..`laps` of a simulated ride (out-lap and in-lap left out), split where the
 * simulated logger's lap counter changes, with the circuit's start/finish and sector lines.
 */
export function simulatedSession(opts: SimulatedExportOptions): ExportSession {
	const circuit = getCircuit(opts.circuit ?? "interlagos");
	const origin = opts.origin ?? circuit.origin;
	const seed = opts.seed ?? 7;
	const track = trackOf(circuit);
	const profile = VEHICLE_PROFILES.moto;
	const drive = planDrive(circuit, track, profile, opts.laps, createRng(deriveSeed(seed, 1)));
	const samples = sampleDrive(drive, profile, opts.hz, createRng(deriveSeed(seed, 2)));
	const dateKnown = opts.dateKnown ?? true;
	const startMs = opts.startMs ?? (dateKnown ? Date.UTC(2025, 2, 1, 13, 0, 0) : 13 * 3_600_000);
	const { latPerM, lonPerM } = degreesPerMetre(origin);
	const extras = opts.extras ?? true;
	const laps: TimedLap[] = [];
	let k = 0;
	while (k < samples.count) {
		const number = samples.lapCount[k]!;
		let end = k;
		while (end < samples.count && samples.lapCount[end] === number) end++;
		if (number >= 1 && number <= opts.laps) {
			const length = end - k;
			const t0 = samples.timeS[k]!;
			const channels: LapChannels = {
				length,
				timeMs: new Float64Array(length),
				lat: new Float64Array(length),
				lon: new Float64Array(length),
				speedKmh: new Float32Array(length),
				leanDeg: new Float32Array(length),
				leanEstimated: false,
				distanceM: new Float64Array(length),
				extra: extras
					? { altitudeM: new Float32Array(length), satellites: new Float32Array(length) }
					: {},
			};
			for (let i = 0; i < length; i++) {
				const s = k + i;
				channels.timeMs[i] = (samples.timeS[s]! - t0) * 1000;
				channels.lat[i] = origin.lat + samples.y[s]! * latPerM;
				channels.lon[i] = origin.lon + samples.x[s]! * lonPerM;
				channels.speedKmh[i] = samples.speedKmh[s]!;
				channels.leanDeg[i] = samples.filteredLeanDeg[s]!;
				channels.distanceM[i] = samples.odometerM[s]! - samples.odometerM[k]!;
				if (extras) {
					channels.extra.altitudeM![i] = 780 + 6 * Math.sin(samples.x[s]! / 150);
					channels.extra.satellites![i] = samples.satellites[s]!;
				}
			}
			laps.push({
				number,
				startMs: startMs + t0 * 1000,
				timeMs: channels.timeMs[length - 1]!,
				sectorsMs: [],
				channels,
			});
		}
		k = end;
	}
	const n = track.n;
	const lines: TrackLines = {
		startFinish: gateAt(origin, track.x, track.y, 0, 10),
		sectors: drive.sectorEndIndex.map((index) => gateAt(origin, track.x, track.y, index % n, 10)),
		directionDeg: null,
	};
	return {
		trackName: opts.trackName ?? circuit.name,
		date: opts.date === undefined ? (dateKnown ? "2025-03-01" : null) : opts.date,
		dateKnown,
		source: { format: "six", device: null },
		laps,
		lines,
	};
}
