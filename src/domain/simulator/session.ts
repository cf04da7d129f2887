/**
 * A whole recording session as the logger would leave it on its card: `lap.six` and
 * `gps.six` text for a rider doing an out-lap, `laps` timed laps and an in-lap.
 * Deterministic: the same options give byte-identical files.
 */
import { type Circuit, type CircuitId, getCircuit, isCircuitId } from "./circuits";
import { planDrive } from "./drive";
import {
	formatBattery,
	formatGpsLine,
	formatLapLine,
	formatLapTimeField,
	type GpsVariant,
} from "./format";
import { insertInvalidLines } from "./invalid-lines";
import { buildLapRecords, entrySeconds } from "./lap-records";
import { createRng, deriveSeed } from "./prng";
import { sampleDrive } from "./sampling";
import { degreesPerMetre, trackOf } from "./track";
import { VEHICLE_PROFILES, type VehicleKind } from "./vehicle";

export interface SimulateSessionOptions {
	seed: number;
	circuit: CircuitId | Circuit;
	laps: number;
	/** Fixes per second, 10..25 (default 10). */
	hz?: number;
	profile?: VehicleKind;
	/** Local time of day of the first fix, seconds since midnight (default 10:00). */
	startTimeOfDaySec?: number;
	/** Local time minus UTC, minutes (default -180, São Paulo); the GPS writes UTC. */
	utcOffsetMinutes?: number;
	/** Damaged `gps.six` lines to insert (default 3). */
	invalidLines?: number;
	gpsVariant?: GpsVariant;
}

export interface SimulatedSession {
	lapSix: string;
	gpsSix: string;
	lapTimesMs: number[];
	circuit: { id: string; name: string; lengthM: number };
}

export const MAX_SIMULATED_LAPS = 500;
const DEFAULT_HZ = 10;
const DEFAULT_START_S = 10 * 3600;
const DEFAULT_UTC_OFFSET_MIN = -180;
const DEFAULT_INVALID_LINES = 3;
/** Battery drain while recording, volts per hour. */
const BATTERY_DRAIN_V_PER_H = 0.4;

/** Independent random streams, so a change in one part of the file leaves the others alone. */
const Stream = { Pace: 1, Gps: 2, Battery: 3, LapFormat: 4, InvalidLines: 5 } as const;

function requireInteger(name: string, value: number, min: number, max: number): number {
	if (!Number.isInteger(value) || value < min || value > max) {
		throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
	}
	return value;
}

export function resolveCircuit(circuit: CircuitId | Circuit): Circuit {
	if (typeof circuit !== "string") return circuit;
	if (!isCircuitId(circuit)) throw new RangeError(`unknown circuit: ${circuit}`);
	return getCircuit(circuit);
}

export function simulateSession(opts: SimulateSessionOptions): SimulatedSession {
	if (!Number.isFinite(opts.seed))
		throw new RangeError(`seed must be a finite number, got ${opts.seed}`);
	const laps = requireInteger("laps", opts.laps, 1, MAX_SIMULATED_LAPS);
	const hz = requireInteger("hz", opts.hz ?? DEFAULT_HZ, 10, 25);
	const invalidCount = requireInteger(
		"invalidLines",
		opts.invalidLines ?? DEFAULT_INVALID_LINES,
		0,
		10_000,
	);
	const kind = opts.profile ?? "moto";
	const profile = VEHICLE_PROFILES[kind];
	if (!profile) throw new RangeError(`unknown vehicle profile: ${String(kind)}`);
	const variant = opts.gpsVariant ?? "current";
	if (variant !== "current" && variant !== "old")
		throw new RangeError(`unknown gps variant: ${String(variant)}`);
	const localStart = opts.startTimeOfDaySec ?? DEFAULT_START_S;
	if (!Number.isFinite(localStart))
		throw new RangeError("startTimeOfDaySec must be a finite number");
	const utcOffsetS = 60 * (opts.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MIN);

	const circuit = resolveCircuit(opts.circuit);
	const track = trackOf(circuit);
	const stream = (s: number) => createRng(deriveSeed(opts.seed, s));
	const drive = planDrive(circuit, track, profile, laps, stream(Stream.Pace));
	const samples = sampleDrive(drive, profile, hz, stream(Stream.Gps));
	const lapRecords = buildLapRecords(drive);

	const batteryRng = stream(Stream.Battery);
	const batteryStartV = batteryRng.range(12.6, 12.95);
	const batteryAt = (t: number) => batteryStartV - (BATTERY_DRAIN_V_PER_H * t) / 3600;

	const { latPerM, lonPerM } = degreesPerMetre(circuit.origin);
	const gpsLines: string[] = new Array(samples.count);
	let battery = "";
	let batteryTenths = Number.NaN;
	for (let k = 0; k < samples.count; k++) {
		const t = samples.timeS[k]!;
		// The text changes only every 0.1 V: format it only then.
		const tenths = Math.round(batteryAt(t) * 10);
		if (tenths !== batteryTenths) {
			batteryTenths = tenths;
			battery = formatBattery(tenths / 10);
		}
		gpsLines[k] = formatGpsLine(
			{
				lat: circuit.origin.lat + samples.y[k]! * latPerM,
				lon: circuit.origin.lon + samples.x[k]! * lonPerM,
				speedKmh: samples.speedKmh[k]!,
				satellites: samples.satellites[k]!,
				utcSecondsOfDay: localStart + t - utcOffsetS,
				lapCount: samples.lapCount[k]!,
				timingFlag: samples.timingFlag[k]!,
				battery,
				rollDeg: samples.rollDeg[k]!,
				filteredLeanDeg: samples.filteredLeanDeg[k]!,
				odometerM: samples.odometerM[k]!,
			},
			variant,
		);
	}
	const withInvalid = insertInvalidLines(
		gpsLines,
		invalidCount,
		variant,
		stream(Stream.InvalidLines),
	);

	const lapFormatRng = stream(Stream.LapFormat);
	const lapLines = lapRecords.map((lap) =>
		formatLapLine({
			lapTimeField: formatLapTimeField(lap.timeMs, lapFormatRng.chance(0.5)),
			battery: formatBattery(batteryAt(lap.endS)),
			entrySec: entrySeconds(localStart + lap.startS),
			sectors: lap.sectors,
			sprintCount: lap.sprintCount,
			metres: lap.metres,
			lapNumber: lap.number,
		}),
	);

	return {
		lapSix: `${lapLines.join("\n")}\n`,
		gpsSix: `${withInvalid.join("\n")}\n`,
		lapTimesMs: lapRecords.map((lap) => lap.timeMs),
		circuit: { id: circuit.id, name: circuit.name, lengthM: circuit.lengthM },
	};
}
