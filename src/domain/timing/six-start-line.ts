/**
 * A start/finish line derived from where a lapsix logger's lap counter changes: the logger
 * counts a lap when it crosses its own line, so the line lies between the last point of one
 * lap and the first of the next. The gate is placed at the mean of those midpoints,
 * perpendicular to the mean direction of travel there, about as wide as a track; so the
 * tracks riders' loggers visit gain lines that recordings of other devices can be timed with.
 */
import type { GateLine, LatLon, TrackLines } from "../recording/types";
import type { GpsPoints } from "../six/types";
import { bearingOf } from "./geometry";
import { localProjection, projectX, projectY, unproject } from "./projection";

/** Width of a derived line, metres: about a track's width around where riders crossed it. */
export const DERIVED_LINE_WIDTH_M = 20;
/** A change between points further apart than this is a jump (a gap in the log), not a crossing. */
const LONGEST_STEP_M = 100;
const LONGEST_STEP_MS = 2000;
/** Change points further than this from their median are left out (a counter reset elsewhere). */
const OUTLIER_DISTANCE_M = 30;

export interface DerivedStartFinish {
	lines: TrackLines;
	/** Where the line is: the mean of the kept change points. */
	centre: LatLon;
	/** Lap counter changes used, and those left out as outliers or jumps. */
	used: number;
	leftOut: number;
	/** Root-mean-square distance of the used change points from the centre, metres. */
	spreadM: number;
}

interface ChangePoint {
	x: number;
	y: number;
	/** Unit direction of travel. */
	dx: number;
	dy: number;
}

function medianOf(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function startFinishFromLapCounter(
	points: GpsPoints,
	options: { widthM?: number } = {},
): DerivedStartFinish | null {
	const width = options.widthM ?? DERIVED_LINE_WIDTH_M;
	let origin: LatLon | null = null;
	const changes: ChangePoint[] = [];
	let jumps = 0;
	for (let i = 1; i < points.length; i++) {
		if (points.timingFlag[i] !== 1 || points.lapCount[i] !== points.lapCount[i - 1]! + 1) continue;
		origin ??= { lat: points.lat[i]!, lon: points.lon[i]! };
		const p = localProjection(origin);
		const x0 = projectX(p, points.lon[i - 1]!);
		const y0 = projectY(p, points.lat[i - 1]!);
		const x1 = projectX(p, points.lon[i]!);
		const y1 = projectY(p, points.lat[i]!);
		const step = Math.hypot(x1 - x0, y1 - y0);
		const dt = points.timeOfDayMs[i]! - points.timeOfDayMs[i - 1]!;
		// A standing start (no move) gives no direction; unknown times do not rule a change out.
		if (!(step > 0) || step > LONGEST_STEP_M || Math.abs(dt) > LONGEST_STEP_MS) {
			jumps++;
			continue;
		}
		changes.push({
			x: (x0 + x1) / 2,
			y: (y0 + y1) / 2,
			dx: (x1 - x0) / step,
			dy: (y1 - y0) / step,
		});
	}
	if (origin === null || changes.length === 0) return null;
	const mx = medianOf(changes.map((c) => c.x));
	const my = medianOf(changes.map((c) => c.y));
	const kept = changes.filter((c) => Math.hypot(c.x - mx, c.y - my) <= OUTLIER_DISTANCE_M);
	if (kept.length === 0) return null;
	let cx = 0;
	let cy = 0;
	let dx = 0;
	let dy = 0;
	for (const c of kept) {
		cx += c.x / kept.length;
		cy += c.y / kept.length;
		dx += c.dx;
		dy += c.dy;
	}
	const norm = Math.hypot(dx, dy);
	// Crossings going every which way share no direction of travel.
	if (norm < 0.5 * kept.length) return null;
	dx /= norm;
	dy /= norm;
	let squares = 0;
	for (const c of kept) squares += (c.x - cx) ** 2 + (c.y - cy) ** 2;
	const p = localProjection(origin);
	// From right to left of the direction of travel, so crossing it goes to its left side.
	const half = width / 2;
	const startFinish: GateLine = {
		a: unproject(p, cx + dy * half, cy - dx * half),
		b: unproject(p, cx - dy * half, cy + dx * half),
	};
	return {
		lines: { startFinish, sectors: [], directionDeg: bearingOf(dx, dy) },
		centre: unproject(p, cx, cy),
		used: kept.length,
		leftOut: changes.length - kept.length + jumps,
		spreadM: Math.sqrt(squares / kept.length),
	};
}
