/**
 * Geometry of the track canvas, pure: lat/lon to local metres, the fit of a path into the
 * canvas, the view (rotation and zoom) and the screen matrix, and decimation to screen
 * resolution. Screen y grows downwards; north is up at rotation 0.
 */

const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

export interface Bounds {
	minX: number;
	maxX: number;
	minY: number;
	maxY: number;
}

/** Local east/north metres around `origin` (equirectangular: exact enough over a few km). */
export function projectToLocalMetres(
	lat: ArrayLike<number>,
	lon: ArrayLike<number>,
	origin: { lat: number; lon: number },
): { x: Float64Array; y: Float64Array } {
	const n = Math.min(lat.length, lon.length);
	const x = new Float64Array(n);
	const y = new Float64Array(n);
	const kx = Math.cos(origin.lat * DEG) * EARTH_RADIUS_M * DEG;
	const ky = EARTH_RADIUS_M * DEG;
	for (let i = 0; i < n; i++) {
		x[i] = (lon[i]! - origin.lon) * kx;
		y[i] = (lat[i]! - origin.lat) * ky;
	}
	return { x, y };
}

/** The centre of the lat/lon box of several paths: the origin that centres them on screen. */
export function centreOfLatLon(
	paths: readonly { lat: ArrayLike<number>; lon: ArrayLike<number> }[],
) {
	let minLat = Infinity;
	let maxLat = -Infinity;
	let minLon = Infinity;
	let maxLon = -Infinity;
	for (const path of paths) {
		for (let i = 0; i < path.lat.length; i++) {
			const la = path.lat[i]!;
			const lo = path.lon[i]!;
			if (la < minLat) minLat = la;
			if (la > maxLat) maxLat = la;
			if (lo < minLon) minLon = lo;
			if (lo > maxLon) maxLon = lo;
		}
	}
	if (minLat > maxLat) return null;
	return { lat: (minLat + maxLat) / 2, lon: (minLon + maxLon) / 2 };
}

export function boundsOf(x: ArrayLike<number>, y: ArrayLike<number>): Bounds | null {
	if (x.length === 0) return null;
	let minX = Infinity;
	let maxX = -Infinity;
	let minY = Infinity;
	let maxY = -Infinity;
	for (let i = 0; i < x.length; i++) {
		const a = x[i]!;
		const b = y[i]!;
		if (a < minX) minX = a;
		if (a > maxX) maxX = a;
		if (b < minY) minY = b;
		if (b > maxY) maxY = b;
	}
	return { minX, maxX, minY, maxY };
}

/**
 * Pixels per metre that fit `bounds` (centred on the origin) into a `width` x `height` box with
 * `padding` pixels on each side. A single point or an empty path gets 1.
 */
export function fitScale(
	bounds: Bounds | null,
	width: number,
	height: number,
	padding: number,
): number {
	if (!bounds) return 1;
	const halfW = Math.max(Math.abs(bounds.minX), Math.abs(bounds.maxX));
	const halfH = Math.max(Math.abs(bounds.minY), Math.abs(bounds.maxY));
	const availW = Math.max(1, width / 2 - padding);
	const availH = Math.max(1, height / 2 - padding);
	const sx = halfW > 0 ? availW / halfW : Infinity;
	const sy = halfH > 0 ? availH / halfH : Infinity;
	const scale = Math.min(sx, sy);
	return Number.isFinite(scale) ? scale : 1;
}

/**
 * Pixels per metre that keep every point inside a `width` x `height` box (less `padding`) at
 * ANY rotation: the farthest point from the origin (`radius` metres) fits the box's shorter
 * half-side. Turning the drawing then never pushes the track out of the frame at 1x.
 */
export function fitScaleAnyRotation(
	radius: number,
	width: number,
	height: number,
	padding: number,
): number {
	if (!(radius > 0) || !Number.isFinite(radius)) return 1;
	const avail = Math.max(1, Math.min(width, height) / 2 - padding);
	return avail / radius;
}

/** The farthest point's distance from the origin, in metres. */
export function radiusOf(x: ArrayLike<number>, y: ArrayLike<number>): number {
	let max2 = 0;
	for (let i = 0; i < x.length; i++) {
		const d2 = x[i]! * x[i]! + y[i]! * y[i]!;
		if (d2 > max2) max2 = d2;
	}
	return Math.sqrt(max2);
}

// ---- View: rotation, zoom and pan --------------------------------------------------------------

export interface View {
	rotationDeg: number;
	zoom: number;
	/** Where the drawing's centre sits, in canvas pixels from the canvas centre (after a pinch). */
	panX?: number;
	panY?: number;
}

export interface Point {
	x: number;
	y: number;
}

export interface ZoomLimits {
	min: number;
	max: number;
}

/** Spec: 0.1 degree per pixel of horizontal drag; zoom steps of 0.1, minimum 0.1. */
export const DEGREES_PER_PIXEL = 0.1;
export const ZOOM_STEP = 0.1;
export const DEFAULT_ZOOM_LIMITS: ZoomLimits = { min: 0.1, max: 20 };
export const INITIAL_VIEW: View = { rotationDeg: 0, zoom: 1, panX: 0, panY: 0 };

function normaliseDegrees(deg: number): number {
	const wrapped = deg % 360;
	return wrapped < 0 ? wrapped + 360 : wrapped;
}

function clampZoom(zoom: number, limits: ZoomLimits): number {
	// Rounded to the step so repeated wheel steps never drift (0.1 + 0.2 = 0.30000000000000004).
	const rounded = Math.round(zoom * 1000) / 1000;
	return Math.min(limits.max, Math.max(limits.min, rounded));
}

export function rotateByDrag(view: View, dxPixels: number): View {
	return {
		...view,
		rotationDeg: normaliseDegrees(view.rotationDeg + dxPixels * DEGREES_PER_PIXEL),
	};
}

/** One Ctrl+wheel notch: up (negative deltaY) zooms in by one step, down zooms out. */
export function zoomByWheel(
	view: View,
	deltaY: number,
	limits: ZoomLimits = DEFAULT_ZOOM_LIMITS,
): View {
	if (deltaY === 0) return view;
	const step = deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP;
	return { ...view, zoom: clampZoom(view.zoom + step, limits) };
}

/** A pinch: the zoom follows the ratio of the finger distances since the pinch began. */
export function zoomByPinch(
	startZoom: number,
	startDistance: number,
	distance: number,
	limits: ZoomLimits = DEFAULT_ZOOM_LIMITS,
): number {
	if (startDistance <= 0 || distance <= 0) return startZoom;
	return clampZoom(startZoom * (distance / startDistance), limits);
}

/**
 * The view zoomed to `zoom` about `at` (canvas pixels from the centre): the point of the drawing
 * under `at` stays under it.
 */
export function zoomAt(view: View, zoom: number, at: Point): View {
	const k = zoom / view.zoom;
	const panX = view.panX ?? 0;
	const panY = view.panY ?? 0;
	return { ...view, zoom, panX: at.x - k * (at.x - panX), panY: at.y - k * (at.y - panY) };
}

/** One Ctrl+wheel notch about the mouse pointer. */
export function zoomByWheelAt(
	view: View,
	deltaY: number,
	at: Point,
	limits: ZoomLimits = DEFAULT_ZOOM_LIMITS,
): View {
	return zoomAt(view, zoomByWheel(view, deltaY, limits).zoom, at);
}

export interface PinchStart {
	view: View;
	/** The midpoint of the two fingers, canvas pixels from the centre. */
	mid: Point;
	distance: number;
}

/**
 * A pinch in progress: the zoom follows the ratio of the finger distances, and the point of the
 * drawing that was between the fingers stays between them (moving both fingers pans).
 */
export function pinchView(
	start: PinchStart,
	mid: Point,
	distance: number,
	limits: ZoomLimits = DEFAULT_ZOOM_LIMITS,
): View {
	const zoom = zoomByPinch(start.view.zoom, start.distance, distance, limits);
	const k = zoom / start.view.zoom;
	const panX = start.view.panX ?? 0;
	const panY = start.view.panY ?? 0;
	return {
		...start.view,
		zoom,
		panX: mid.x - k * (start.mid.x - panX),
		panY: mid.y - k * (start.mid.y - panY),
	};
}

// ---- Screen matrix ---------------------------------------------------------------------------

/** Canvas-style 2D affine matrix: X = a*x + c*y + e, Y = b*x + d*y + f. */
export type Matrix = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

/**
 * Metres (x east, y north, around the origin) to screen pixels: scaled by `pixelsPerMetre`,
 * flipped so north is up, rotated clockwise by the view's rotation about (`cx`, `cy`). The
 * view's pan is the caller's to add to (`cx`, `cy`), in the matrix's pixels.
 */
export function viewMatrix(view: View, pixelsPerMetre: number, cx: number, cy: number): Matrix {
	const s = pixelsPerMetre * view.zoom;
	const t = view.rotationDeg * DEG;
	const cos = Math.cos(t) * s;
	const sin = Math.sin(t) * s;
	return [cos, sin, sin, -cos, cx, cy];
}

export function applyMatrix(m: Matrix, x: number, y: number): [number, number] {
	return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/**
 * Indices of the points worth drawing at this matrix: a point closer than `minPixels` to the
 * last kept one adds nothing visible. The first and last points are always kept, so the path
 * keeps its ends. `from`..`to` (exclusive) selects one lap of a concatenated scene.
 */
export function decimateToScreen(
	x: ArrayLike<number>,
	y: ArrayLike<number>,
	m: Matrix,
	minPixels: number,
	from = 0,
	to = x.length,
): Uint32Array {
	const count = to - from;
	if (count <= 0) return new Uint32Array(0);
	const kept = new Uint32Array(count);
	const [a, b, c, d] = m;
	const min2 = minPixels * minPixels;
	let n = 0;
	kept[n++] = from;
	let lastX = a * x[from]! + c * y[from]!;
	let lastY = b * x[from]! + d * y[from]!;
	for (let i = from + 1; i < to - 1; i++) {
		const sx = a * x[i]! + c * y[i]!;
		const sy = b * x[i]! + d * y[i]!;
		const dx = sx - lastX;
		const dy = sy - lastY;
		if (dx * dx + dy * dy >= min2) {
			kept[n++] = i;
			lastX = sx;
			lastY = sy;
		}
	}
	if (to - 1 > from) kept[n++] = to - 1;
	return kept.slice(0, n);
}
