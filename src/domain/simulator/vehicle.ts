/**
 * Vehicle profiles and the speed model: a corner speed limit from curvature
 * (v = sqrt(a_lat / |curvature|)), capped by top speed, then a forward pass
 * (acceleration, fading towards top speed) and a backward pass (braking). Slow
 * corners and fast straights emerge from the track shape alone.
 */

export type VehicleKind = "moto" | "kart";

export interface VehicleProfile {
	kind: VehicleKind;
	/** Highest lateral acceleration the rider uses, m/s². */
	lateralAccelMax: number;
	topSpeedMs: number;
	/** Acceleration at low speed, m/s²; it fades to zero at top speed (drag). */
	accelMax: number;
	brakeMax: number;
	/**
	 * How the logger's lean reading follows lateral acceleration. A motorbike leans
	 * into the turn: roll = atan(a_lat / g). A kart does not lean; its chassis rolls a few
	 * degrees, modelled as proportional to lateral g (`chassisRollDegPerG`).
	 */
	roll: { model: "lean" } | { model: "chassis"; degPerG: number };
	/** Deviation of the lean sensor's noise, degrees. */
	rollNoiseDeg: number;
	/** Rider's steadiness: deviation of the per-lap pace factor. */
	paceNoise: number;
}

export const GRAVITY = 9.80665;

export const VEHICLE_PROFILES: Record<VehicleKind, VehicleProfile> = {
	moto: {
		kind: "moto",
		lateralAccelMax: 1.15 * GRAVITY,
		topSpeedMs: 265 / 3.6,
		accelMax: 7.5,
		brakeMax: 9.8,
		roll: { model: "lean" },
		rollNoiseDeg: 0.8,
		paceNoise: 0.012,
	},
	kart: {
		kind: "kart",
		lateralAccelMax: 1.7 * GRAVITY,
		topSpeedMs: 105 / 3.6,
		accelMax: 4.2,
		brakeMax: 9.5,
		roll: { model: "chassis", degPerG: 2.8 },
		rollNoiseDeg: 0.25,
		paceNoise: 0.012,
	},
};

/** Fastest speed at which a curve of this curvature can be taken, m/s. */
export function cornerSpeedLimit(curvature: number, profile: VehicleProfile): number {
	const k = Math.abs(curvature);
	if (k < 1e-9) return profile.topSpeedMs;
	return Math.min(profile.topSpeedMs, Math.sqrt(profile.lateralAccelMax / k));
}

/**
 * Speeds along equally spaced points, never above `limit`, reachable from `startMs`
 * with the profile's acceleration and able to stop down to `endMs` with its braking.
 * `limit` is not modified.
 */
export function solveSpeedProfile(
	limit: Float64Array,
	spacingM: number,
	profile: VehicleProfile,
	startMs: number,
	endMs: number,
): Float64Array {
	const n = limit.length;
	const v = new Float64Array(n);
	if (n === 0) return v;
	v[0] = Math.min(limit[0]!, startMs);
	for (let i = 0; i + 1 < n; i++) {
		const vi = v[i]!;
		const ratio = vi / profile.topSpeedMs;
		// A small floor keeps the bike creeping forward even above nominal top speed.
		const accel = profile.accelMax * Math.max(0.03, 1 - ratio * ratio);
		v[i + 1] = Math.min(limit[i + 1]!, Math.sqrt(vi * vi + 2 * accel * spacingM));
	}
	v[n - 1] = Math.min(v[n - 1]!, endMs);
	for (let i = n - 2; i >= 0; i--) {
		const next = v[i + 1]!;
		v[i] = Math.min(v[i]!, Math.sqrt(next * next + 2 * profile.brakeMax * spacingM));
	}
	return v;
}

/**
 * Logger lean reading in degrees for a speed and signed curvature (positive curvature
 * turns left): positive when the turn goes right.
 */
export function rollDegrees(speedMs: number, curvature: number, profile: VehicleProfile): number {
	const lateralG = (speedMs * speedMs * -curvature) / GRAVITY;
	if (profile.roll.model === "lean") return (Math.atan(lateralG) * 180) / Math.PI;
	return lateralG * profile.roll.degPerG;
}
