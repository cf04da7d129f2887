/**
 * Geometry of placing timing lines on a recorded path, pure: metres around an origin and back
 * to lat/lon, the north-up screen of the line editor (zoom and pan), a line proposed across the
 * path, and the direction of travel across a line.
 */

const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

export interface LatLon {
	lat: number;
	lon: number;
}

export interface Line {
	a: LatLon;
	b: LatLon;
}

export interface Metres {
	x: number;
	y: number;
}

/** Equirectangular metres east (x) and north (y) of `origin`, as the track canvas projects. */
export function projection(origin: LatLon) {
	const kx = Math.cos(origin.lat * DEG) * EARTH_RADIUS_M * DEG;
	const ky = EARTH_RADIUS_M * DEG;
	return {
		toMetres: (p: LatLon): Metres => ({
			x: (p.lon - origin.lon) * kx,
			y: (p.lat - origin.lat) * ky,
		}),
		toLatLon: (m: Metres): LatLon => ({ lat: origin.lat + m.y / ky, lon: origin.lon + m.x / kx }),
	};
}
export type Projection = ReturnType<typeof projection>;

/** What the editor shows: `scale` pixels per metre, the point `centre` (metres) in the middle. */
export interface EditorView {
	scale: number;
	centre: Metres;
}

export interface Screen {
	width: number;
	height: number;
}

export function toScreen(view: EditorView, screen: Screen, m: Metres): Metres {
	return {
		x: screen.width / 2 + (m.x - view.centre.x) * view.scale,
		y: screen.height / 2 - (m.y - view.centre.y) * view.scale,
	};
}

export function fromScreen(view: EditorView, screen: Screen, p: Metres): Metres {
	return {
		x: view.centre.x + (p.x - screen.width / 2) / view.scale,
		y: view.centre.y - (p.y - screen.height / 2) / view.scale,
	};
}

/** The view that shows every point (metres) with `padding` pixels to spare; null for none. */
export function fitView(
	points: readonly Metres[],
	screen: Screen,
	padding: number,
): EditorView | null {
	if (points.length === 0) return null;
	let minX = Infinity;
	let maxX = -Infinity;
	let minY = Infinity;
	let maxY = -Infinity;
	for (const p of points) {
		minX = Math.min(minX, p.x);
		maxX = Math.max(maxX, p.x);
		minY = Math.min(minY, p.y);
		maxY = Math.max(maxY, p.y);
	}
	const spanX = Math.max(maxX - minX, 1);
	const spanY = Math.max(maxY - minY, 1);
	const scale = Math.min(
		Math.max(1, screen.width - 2 * padding) / spanX,
		Math.max(1, screen.height - 2 * padding) / spanY,
	);
	return { scale, centre: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 } };
}

/** The view zoomed by `factor` about the screen point `at`, which stays where it is. */
export function zoomViewAt(
	view: EditorView,
	screen: Screen,
	factor: number,
	at: Metres,
): EditorView {
	const fixed = fromScreen(view, screen, at);
	const scale = view.scale * factor;
	return {
		scale,
		centre: {
			x: fixed.x - (at.x - screen.width / 2) / scale,
			y: fixed.y + (at.y - screen.height / 2) / scale,
		},
	};
}

/** The view moved by a drag of (`dx`, `dy`) screen pixels. */
export function panView(view: EditorView, dx: number, dy: number): EditorView {
	return {
		scale: view.scale,
		centre: { x: view.centre.x - dx / view.scale, y: view.centre.y + dy / view.scale },
	};
}

/** Compass bearing (0 north, 90 east) of the direction from `from` to `to`, 0..360. */
export function bearingDeg(from: Metres, to: Metres): number {
	const deg = Math.atan2(to.x - from.x, to.y - from.y) / DEG;
	return (deg + 360) % 360;
}

export function metresBetween(a: Metres, b: Metres): number {
	return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * A line `width` metres long across the path at fix `index`, square to the direction of travel
 * there (from a few fixes around it, so one noisy fix does not tilt it). Null when the path does
 * not move around that fix.
 */
export function lineAcrossPath(
	path: readonly Metres[],
	index: number,
	width: number,
): { a: Metres; b: Metres; bearing: number } | null {
	if (path.length < 2) return null;
	const at = Math.max(0, Math.min(path.length - 1, index));
	const before = path[Math.max(0, at - 3)]!;
	const after = path[Math.min(path.length - 1, at + 3)]!;
	const dx = after.x - before.x;
	const dy = after.y - before.y;
	const length = Math.hypot(dx, dy);
	if (length === 0) return null;
	// Left of travel is (-dy, dx): a runs from the left side to the right.
	const nx = -dy / length;
	const ny = dx / length;
	const centre = path[at]!;
	const half = width / 2;
	return {
		a: { x: centre.x + nx * half, y: centre.y + ny * half },
		b: { x: centre.x - nx * half, y: centre.y - ny * half },
		bearing: bearingDeg(before, after),
	};
}

/** Where segments p→q and a→b cross (as the fraction along p→q), or null. */
function crossingFraction(p: Metres, q: Metres, a: Metres, b: Metres): number | null {
	const rx = q.x - p.x;
	const ry = q.y - p.y;
	const sx = b.x - a.x;
	const sy = b.y - a.y;
	const denominator = rx * sy - ry * sx;
	if (denominator === 0) return null;
	const t = ((a.x - p.x) * sy - (a.y - p.y) * sx) / denominator;
	const u = ((a.x - p.x) * ry - (a.y - p.y) * rx) / denominator;
	// Half-open along the path, so a line through a fix counts one crossing, not two.
	return t > 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

/** How many times the path crosses the line: a start/finish line crossed once times nothing. */
export function crossingsOf(path: readonly Metres[], a: Metres, b: Metres): number {
	let count = 0;
	for (let i = 1; i < path.length; i++) {
		if (crossingFraction(path[i - 1]!, path[i]!, a, b) !== null) count++;
	}
	return count;
}

/**
 * The bearing of travel across the line, as most crossings of the path go; null when the path
 * never crosses it.
 */
export function travelAcross(path: readonly Metres[], a: Metres, b: Metres): number | null {
	const normal = bearingDeg(a, b) + 90;
	let forward = 0;
	let backward = 0;
	for (let i = 1; i < path.length; i++) {
		const p = path[i - 1]!;
		const q = path[i]!;
		if (crossingFraction(p, q, a, b) === null) continue;
		const diff = Math.abs(((bearingDeg(p, q) - normal + 540) % 360) - 180);
		if (diff < 90) forward++;
		else backward++;
	}
	if (forward === 0 && backward === 0) return null;
	return (forward >= backward ? normal : normal + 180) % 360;
}

/** The opposite bearing. */
export function reversedBearing(deg: number): number {
	return (deg + 180) % 360;
}
