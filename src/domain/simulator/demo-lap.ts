/**
 * One fixed lap for the test-canvas screen: the first timed lap of a fixed Interlagos
 * session at 10 Hz, in degrees and metres, always the same.
 */
import { getCircuit } from "./circuits";
import { planDrive } from "./drive";
import { createRng, deriveSeed } from "./prng";
import { sampleDrive } from "./sampling";
import { localToLatLon, trackOf } from "./track";
import { VEHICLE_PROFILES } from "./vehicle";

export interface DemoLap {
	lat: number[];
	lon: number[];
	speedKmh: number[];
	rollDeg: number[];
	/** Metres from the start/finish line. */
	distanceM: number[];
}

const DEMO_SEED = 20_240_901;
const DEMO_HZ = 10;

export function fixedDemoLap(): DemoLap {
	const circuit = getCircuit("interlagos");
	const profile = VEHICLE_PROFILES.moto;
	const drive = planDrive(
		circuit,
		trackOf(circuit),
		profile,
		1,
		createRng(deriveSeed(DEMO_SEED, 1)),
	);
	const samples = sampleDrive(drive, profile, DEMO_HZ, createRng(deriveSeed(DEMO_SEED, 2)));
	const lap: DemoLap = { lat: [], lon: [], speedKmh: [], rollDeg: [], distanceM: [] };
	let startOdometer = Number.NaN;
	for (let k = 0; k < samples.count; k++) {
		if (samples.lapCount[k] !== 1 || samples.timingFlag[k] !== 1) continue;
		if (Number.isNaN(startOdometer)) startOdometer = samples.odometerM[k]!;
		const { lat, lon } = localToLatLon(circuit.origin, samples.x[k]!, samples.y[k]!);
		lap.lat.push(lat);
		lap.lon.push(lon);
		lap.speedKmh.push(Math.round(samples.speedKmh[k]! * 10) / 10);
		lap.rollDeg.push(Math.round(samples.rollDeg[k]! * 10) / 10);
		lap.distanceM.push(Math.round(samples.odometerM[k]! - startOdometer));
	}
	return lap;
}
