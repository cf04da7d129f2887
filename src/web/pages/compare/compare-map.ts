/**
 * The comparison's map: both laps' lines, the compared lap coloured by where it gains (green)
 * and loses (red) time against the reference, the corners' numbers, and one marker per lap at
 * the shared cursor. Two stacked canvases: the lines are drawn once per size, the markers on
 * their own layer, so moving the cursor redraws two dots and nothing else.
 */
import type { Corner, DeltaGrid } from "../../../domain/compare";

export const LAP_COLOUR = "#c62828";
export const REFERENCE_COLOUR = "#1565c0";

/** Gain rates beyond this (ms per metre) get the fullest colour. */
const FULL_GAIN_MS_PER_M = 1.5;
const BUCKETS = 7;
const PADDING_PX = 18;

/** Colour of a gain rate: green where time is gained (negative), red where it is lost. */
export function gainColour(msPerM: number): string {
	const bucket = gainBucket(msPerM);
	return BUCKET_COLOURS[bucket]!;
}

/** 0 (gaining most) … BUCKETS-1 (losing most); the middle one is "even". */
export function gainBucket(msPerM: number): number {
	if (!Number.isFinite(msPerM)) return (BUCKETS - 1) / 2;
	const t = Math.max(-1, Math.min(1, msPerM / FULL_GAIN_MS_PER_M));
	return Math.round(((t + 1) / 2) * (BUCKETS - 1));
}

const BUCKET_COLOURS = [
	"#1b7f3b",
	"#43a047",
	"#9ccc65",
	"#9e9e9e",
	"#ffb74d",
	"#f4511e",
	"#b71c1c",
];

interface Projection {
	x: Float32Array;
	y: Float32Array;
	rx: Float32Array;
	ry: Float32Array;
	corners: { number: number; x: number; y: number }[];
}

/** Both laps' grid positions in CSS pixels of a `width` × `height` box, north up, scale kept. */
export function projectGrid(
	grid: DeltaGrid,
	corners: readonly Corner[],
	width: number,
	height: number,
): Projection {
	const n = grid.length;
	let minLat = Number.POSITIVE_INFINITY;
	let maxLat = Number.NEGATIVE_INFINITY;
	let minLon = Number.POSITIVE_INFINITY;
	let maxLon = Number.NEGATIVE_INFINITY;
	for (const series of [grid.lap, grid.reference]) {
		for (let i = 0; i < n; i++) {
			const lat = series.lat[i]!;
			const lon = series.lon[i]!;
			if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
			if (lat < minLat) minLat = lat;
			if (lat > maxLat) maxLat = lat;
			if (lon < minLon) minLon = lon;
			if (lon > maxLon) maxLon = lon;
		}
	}
	const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
	const spanX = Math.max(1e-9, (maxLon - minLon) * kx);
	const spanY = Math.max(1e-9, maxLat - minLat);
	const scale = Math.min((width - 2 * PADDING_PX) / spanX, (height - 2 * PADDING_PX) / spanY);
	const offX = (width - spanX * scale) / 2;
	const offY = (height - spanY * scale) / 2;
	const px = (lon: number) => offX + (lon - minLon) * kx * scale;
	const py = (lat: number) => height - offY - (lat - minLat) * scale;
	const out: Projection = {
		x: new Float32Array(n),
		y: new Float32Array(n),
		rx: new Float32Array(n),
		ry: new Float32Array(n),
		corners: corners.map((c) => ({ number: c.number, x: px(c.apex.lon), y: py(c.apex.lat) })),
	};
	for (let i = 0; i < n; i++) {
		out.x[i] = px(grid.lap.lon[i]!);
		out.y[i] = py(grid.lap.lat[i]!);
		out.rx[i] = px(grid.reference.lon[i]!);
		out.ry[i] = py(grid.reference.lat[i]!);
	}
	return out;
}

function sizeCanvas(
	canvas: HTMLCanvasElement,
	width: number,
	height: number,
): CanvasRenderingContext2D {
	const ratio = window.devicePixelRatio || 1;
	canvas.width = Math.round(width * ratio);
	canvas.height = Math.round(height * ratio);
	canvas.style.width = `${width}px`;
	canvas.style.height = `${height}px`;
	const context = canvas.getContext("2d");
	if (!context) throw new Error("canvas 2d unavailable");
	context.setTransform(ratio, 0, 0, ratio, 0, 0);
	return context;
}

export class CompareMap {
	private projection: Projection | null = null;
	private markerContext: CanvasRenderingContext2D | null = null;
	private width = 0;
	private height = 0;
	renders = 0;

	constructor(
		private readonly base: HTMLCanvasElement,
		private readonly markers: HTMLCanvasElement,
		private readonly grid: DeltaGrid,
		private readonly corners: readonly Corner[],
	) {}

	/** Draws the lines for this size (CSS pixels). */
	resize(width: number, height: number): void {
		this.width = width;
		this.height = height;
		const projection = projectGrid(this.grid, this.corners, width, height);
		this.projection = projection;
		const context = sizeCanvas(this.base, width, height);
		this.markerContext = sizeCanvas(this.markers, width, height);
		const n = this.grid.length;
		context.clearRect(0, 0, width, height);
		context.lineCap = "round";
		context.lineJoin = "round";
		// The reference underneath, thin; the compared lap on top, thick, by colour bucket: one
		// stroke per colour rather than one per segment.
		context.strokeStyle = REFERENCE_COLOUR;
		context.globalAlpha = 0.55;
		context.lineWidth = 2;
		context.beginPath();
		for (let i = 0; i < n; i++) {
			if (i === 0) context.moveTo(projection.rx[i]!, projection.ry[i]!);
			else context.lineTo(projection.rx[i]!, projection.ry[i]!);
		}
		context.stroke();
		context.globalAlpha = 1;
		context.lineWidth = 5;
		const gain = this.grid.gainMsPerM;
		for (let bucket = 0; bucket < BUCKETS; bucket++) {
			context.strokeStyle = BUCKET_COLOURS[bucket]!;
			context.beginPath();
			for (let i = 1; i < n; i++) {
				if (gainBucket(gain[i]!) !== bucket) continue;
				context.moveTo(projection.x[i - 1]!, projection.y[i - 1]!);
				context.lineTo(projection.x[i]!, projection.y[i]!);
			}
			context.stroke();
		}
		context.font = "600 11px system-ui, sans-serif";
		context.textAlign = "center";
		context.textBaseline = "middle";
		for (const corner of projection.corners) {
			context.fillStyle = "rgba(255,255,255,0.9)";
			context.beginPath();
			context.arc(corner.x, corner.y, 8, 0, 2 * Math.PI);
			context.fill();
			context.fillStyle = "#263238";
			context.fillText(String(corner.number), corner.x, corner.y + 0.5);
		}
		this.renders++;
		this.base.dataset.renders = String(this.renders);
	}

	/** Puts each lap's marker at grid step `index` (null hides them). */
	setCursor(index: number | null): void {
		const context = this.markerContext;
		const p = this.projection;
		if (!context || !p) return;
		context.clearRect(0, 0, this.width, this.height);
		if (index === null || index < 0 || index >= this.grid.length) return;
		const dot = (x: number, y: number, colour: string) => {
			context.fillStyle = colour;
			context.strokeStyle = "#fff";
			context.lineWidth = 2;
			context.beginPath();
			context.arc(x, y, 6, 0, 2 * Math.PI);
			context.fill();
			context.stroke();
		};
		dot(p.rx[index]!, p.ry[index]!, REFERENCE_COLOUR);
		dot(p.x[index]!, p.y[index]!, LAP_COLOUR);
		this.markers.dataset.cursor = String(index);
	}
}
