/**
 * Crossings of a timing line by a path of fixes, as peers time laps (IMPORT-FORMATS.md
 * "Start/finish and sector gates"): the path between two consecutive fixes meets the line's
 * segment; the crossing time is interpolated linearly between those two fixes (sub-sample);
 * crossings against the direction of travel and crossings too soon after the previous one
 * (a debounce) are set aside.
 */
import type { Fixes, GateLine } from "../recording/types";
import { localProjection, projectX, projectY } from "./projection";

/** Least time between two laps' start/finish crossings. */
export const START_FINISH_DEBOUNCE_MS = 5000;
/** Least time between two crossings of a sector line. */
export const SECTOR_DEBOUNCE_MS = 1000;
/**
 * How far beyond either end of a line a crossing still counts, metres. A line is drawn about as
 * wide as the track, so by default only the segment itself counts: a path that passes beside it
 * (the pit lane, another part of the track) does not cross it.
 */
export const DEFAULT_GATE_MARGIN_M = 0;
/**
 * A path that begins or ends this close to a line (metres across it) begins or ends with a
 * crossing there. A lap exported by lapsix runs from its start crossing to its end crossing,
 * written to about a centimetre; read again, its first and last fix lie on the line, on
 * whichever side the rounding put them, and without this rule the first and last laps of any
 * export would be lost.
 */
export const ENDPOINT_ON_LINE_M = 0.05;
/** A given direction closer than this to the line itself cannot tell the two sides apart. */
const LEAST_DIRECTION_ANGLE_DEG = 15;

export type PathFixes = Pick<Fixes, "length" | "timeMs" | "lat" | "lon">;

export interface GateCrossing {
	/**
	 * When the path crossed, interpolated between the fixes on either side; not rounded (lap
	 * and sector times are rounded to the millisecond from these exact instants).
	 */
	timeMs: number;
	/** The crossing lies between fix `index` and fix `index + 1`. */
	index: number;
	/** Fraction of the way from fix `index` to `index + 1` at `timeMs`, in [0, 1]. */
	fraction: number;
	/** +1: the path crossed from the right of the line (seen from `a` to `b`) to its left. */
	side: 1 | -1;
}

export interface GateCrossingOptions {
	debounceMs: number;
	/** Compass bearing a crossing must roughly follow; null: the majority of crossings decides. */
	directionDeg: number | null;
	marginM: number;
}

export interface GateCrossingResult {
	/** Accepted crossings, in time order. */
	crossings: GateCrossing[];
	/** The side accepted crossings go to; null when the path never crossed the line. */
	side: 1 | -1 | null;
	/** Crossings set aside for going the other way. */
	againstDirection: GateCrossing[];
	/** Crossings set aside for following an accepted one by less than the debounce. */
	debounced: GateCrossing[];
	/** `directionDeg` runs along the line (within 15°): the majority decided instead. */
	directionIgnored: boolean;
	/** The line's two points coincide (after projection): nothing can cross it. */
	degenerate: boolean;
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Every crossing of the segment (within the margin), in both directions, in time order. */
export function rawCrossings(path: PathFixes, gate: GateLine, marginM: number): GateCrossing[] {
	const projection = localProjection({
		lat: (gate.a.lat + gate.b.lat) / 2,
		lon: (gate.a.lon + gate.b.lon) / 2,
	});
	const ax = projectX(projection, gate.a.lon);
	const ay = projectY(projection, gate.a.lat);
	const sx = projectX(projection, gate.b.lon) - ax;
	const sy = projectY(projection, gate.b.lat) - ay;
	const lengthSquared = sx * sx + sy * sy;
	const out: GateCrossing[] = [];
	if (!(lengthSquared > 0) || path.length < 2) return out;
	const length = Math.sqrt(lengthSquared);
	const { timeMs, lat, lon } = path;
	let px = projectX(projection, lon[0]!) - ax;
	let py = projectY(projection, lat[0]!) - ay;
	// Side of each fix: (b - a) × (p - a); a fix exactly on the line counts as left (>= 0).
	let side = sx * py - sy * px;
	const within = (x: number, y: number) => {
		const u = (x * sx + y * sy) / lengthSquared;
		return (u < 0 ? -u * length : u > 1 ? (u - 1) * length : 0) <= marginM;
	};
	const onLine = (s: number) => Math.abs(s) / length <= ENDPOINT_ON_LINE_M;
	const last = path.length - 1;
	for (let i = 0; i + 1 < path.length; i++) {
		const qx = projectX(projection, lon[i + 1]!) - ax;
		const qy = projectY(projection, lat[i + 1]!) - ay;
		const nextSide = sx * qy - sy * qx;
		const crosses = side >= 0 !== nextSide >= 0;
		if (!crosses && i === 0 && onLine(side) && !onLine(nextSide) && within(px, py)) {
			out.push({ timeMs: timeMs[0]!, index: 0, fraction: 0, side: nextSide >= 0 ? 1 : -1 });
		}
		if (!crosses && i + 1 === last && onLine(nextSide) && !onLine(side) && within(qx, qy)) {
			out.push({ timeMs: timeMs[last]!, index: i, fraction: 1, side: side >= 0 ? -1 : 1 });
		}
		if (crosses) {
			const f = side / (side - nextSide);
			const cx = px + f * (qx - px);
			const cy = py + f * (qy - py);
			const u = (cx * sx + cy * sy) / lengthSquared;
			const offM = u < 0 ? -u * length : u > 1 ? (u - 1) * length : 0;
			if (offM <= marginM) {
				const t0 = timeMs[i]!;
				const dt = timeMs[i + 1]! - t0;
				const fraction = dt > 0 ? f : 0;
				out.push({ timeMs: t0 + fraction * dt, index: i, fraction, side: nextSide >= 0 ? 1 : -1 });
			}
		}
		px = qx;
		py = qy;
		side = nextSide;
	}
	return out;
}

/** The side a crossing along `directionDeg` goes to, or null when it runs along the line. */
export function sideOfDirection(gate: GateLine, directionDeg: number): 1 | -1 | null {
	const projection = localProjection(gate.a);
	const sx = projectX(projection, gate.b.lon);
	const sy = projectY(projection, gate.b.lat);
	const dx = Math.sin(directionDeg * RADIANS_PER_DEGREE);
	const dy = Math.cos(directionDeg * RADIANS_PER_DEGREE);
	const length = Math.hypot(sx, sy);
	if (!(length > 0) || !Number.isFinite(directionDeg)) return null;
	const sine = (sx * dy - sy * dx) / length;
	if (Math.abs(sine) < Math.sin(LEAST_DIRECTION_ANGLE_DEG * RADIANS_PER_DEGREE)) return null;
	return sine > 0 ? 1 : -1;
}

/** The side most crossings go to; a tie goes to the first crossing's. */
function majoritySide(crossings: readonly GateCrossing[]): 1 | -1 | null {
	if (crossings.length === 0) return null;
	let balance = 0;
	for (const c of crossings) balance += c.side;
	if (balance === 0) return crossings[0]!.side;
	return balance > 0 ? 1 : -1;
}

export function findGateCrossings(
	path: PathFixes,
	gate: GateLine,
	options: GateCrossingOptions,
): GateCrossingResult {
	const candidates = rawCrossings(path, gate, options.marginM);
	const a = gate.a;
	const b = gate.b;
	const degenerate = !(Math.abs(a.lat - b.lat) > 0 || Math.abs(a.lon - b.lon) > 0);
	const given = options.directionDeg === null ? null : sideOfDirection(gate, options.directionDeg);
	const directionIgnored = !degenerate && options.directionDeg !== null && given === null;
	const side = given ?? majoritySide(candidates);
	const crossings: GateCrossing[] = [];
	const againstDirection: GateCrossing[] = [];
	const debounced: GateCrossing[] = [];
	for (const c of candidates) {
		if (c.side !== side) againstDirection.push(c);
		else if (crossings.length > 0 && c.timeMs - crossings.at(-1)!.timeMs < options.debounceMs)
			debounced.push(c);
		else crossings.push(c);
	}
	return {
		crossings,
		side: candidates.length > 0 ? side : given,
		againstDirection,
		debounced,
		directionIgnored,
		degenerate,
	};
}
