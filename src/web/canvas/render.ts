/** Drawing a scene on a 2D context: decimated and batched by colour, or naively (the baseline). */
import { BAND_COUNT, bandColours, runsByBand } from "./bands";
import { decimateToScreen, type Matrix } from "./geometry";
import type { Scene } from "./scene";

const COLOURS = bandColours(BAND_COUNT);

export interface RenderOptions {
	lineWidth: number;
	/** Points closer than this (in the matrix's pixels) to the previous drawn point are skipped. */
	minPixels: number;
}

function prepareStroke(ctx: CanvasRenderingContext2D, lineWidth: number) {
	ctx.lineWidth = lineWidth;
	ctx.lineJoin = "round";
	ctx.lineCap = "round";
}

/** One stroke per colour band; each lap decimated to screen resolution first. */
export function renderScene(
	ctx: CanvasRenderingContext2D,
	scene: Scene,
	m: Matrix,
	options: RenderOptions,
) {
	prepareStroke(ctx, options.lineWidth);
	const [a, b, c, d, e, f] = m;
	const { x, y } = scene;
	const perLap = [];
	for (let lap = 0; lap + 1 < scene.lapStarts.length; lap++) {
		const kept = decimateToScreen(
			x,
			y,
			m,
			options.minPixels,
			scene.lapStarts[lap],
			scene.lapStarts[lap + 1],
		);
		if (kept.length > 1) perLap.push({ kept, runs: runsByBand(kept, scene.bands) });
	}
	for (let band = 0; band < BAND_COUNT; band++) {
		ctx.beginPath();
		let any = false;
		for (const { kept, runs } of perLap) {
			const bandRuns = runs[band]!;
			for (let r = 0; r < bandRuns.length; r += 2) {
				const startK = bandRuns[r]!;
				const endK = bandRuns[r + 1]!;
				let i = kept[startK]!;
				ctx.moveTo(a * x[i]! + c * y[i]! + e, b * x[i]! + d * y[i]! + f);
				for (let k = startK + 1; k <= endK; k++) {
					i = kept[k]!;
					ctx.lineTo(a * x[i]! + c * y[i]! + e, b * x[i]! + d * y[i]! + f);
				}
				any = true;
			}
		}
		if (any) {
			ctx.strokeStyle = COLOURS[band]!;
			ctx.stroke();
		}
	}
}

/** Every point, every frame, one stroke per band: what a plain redraw costs. */
export function renderSceneNaive(
	ctx: CanvasRenderingContext2D,
	scene: Scene,
	m: Matrix,
	lineWidth: number,
) {
	prepareStroke(ctx, lineWidth);
	const [a, b, c, d, e, f] = m;
	const { x, y, bands } = scene;
	for (let band = 0; band < BAND_COUNT; band++) {
		ctx.beginPath();
		for (let lap = 0; lap + 1 < scene.lapStarts.length; lap++) {
			const end = scene.lapStarts[lap + 1]!;
			for (let i = scene.lapStarts[lap]!; i + 1 < end; i++) {
				if (bands[i] !== band) continue;
				ctx.moveTo(a * x[i]! + c * y[i]! + e, b * x[i]! + d * y[i]! + f);
				ctx.lineTo(a * x[i + 1]! + c * y[i + 1]! + e, b * x[i + 1]! + d * y[i + 1]! + f);
			}
		}
		ctx.strokeStyle = COLOURS[band]!;
		ctx.stroke();
	}
}

/** The start/finish line: where the first lap begins (a chequered-flag style white dot). */
export function drawStartFinish(
	ctx: CanvasRenderingContext2D,
	scene: Scene,
	m: Matrix,
	radius: number,
) {
	if (scene.pointCount === 0) return;
	const [a, b, c, d, e, f] = m;
	const sx = a * scene.x[0]! + c * scene.y[0]! + e;
	const sy = b * scene.x[0]! + d * scene.y[0]! + f;
	ctx.beginPath();
	ctx.arc(sx, sy, radius, 0, Math.PI * 2);
	ctx.fillStyle = "#ffffff";
	ctx.fill();
	ctx.lineWidth = Math.max(1, radius / 3);
	ctx.strokeStyle = "#111111";
	ctx.stroke();
	ctx.beginPath();
	ctx.arc(sx, sy, radius / 2.5, 0, Math.PI * 2);
	ctx.fillStyle = "#111111";
	ctx.fill();
}
