/**
 * The canvas engine: the scene, the view, and the cached bitmap that drag frames turn instead
 * of redrawing every point.
 */
import { type View, viewMatrix } from "./geometry";
import { drawStartFinish, renderScene } from "./render";
import type { Scene } from "./scene";

/** Spec: the canvas is 800 x 600 (CSS pixels; scaled down to fit narrow screens). */
export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 600;
/**
 * The cached bitmap is a square as wide as the canvas diagonal, centred on the canvas centre:
 * whatever the rotation, every pixel that can turn into view is in it.
 */
const BITMAP_SIZE = Math.ceil(Math.hypot(CANVAS_WIDTH, CANVAS_HEIGHT));
export const PADDING = 24;

export interface CanvasEngine {
	scene: Scene;
	view: View;
	/** View the bitmap was rendered with. */
	bitmapView: View;
	bitmap: HTMLCanvasElement;
	canvas: HTMLCanvasElement;
	dpr: number;
	fit: number;
}

/** Renders the scene sharply into the bitmap at the current view. */
export function renderBitmap(engine: CanvasEngine) {
	const { bitmap, dpr, scene } = engine;
	const size = Math.round(BITMAP_SIZE * dpr);
	if (bitmap.width !== size) {
		bitmap.width = size;
		bitmap.height = size;
	}
	const ctx = bitmap.getContext("2d");
	if (!ctx) return;
	ctx.setTransform(1, 0, 0, 1, 0, 0);
	ctx.clearRect(0, 0, size, size);
	const m = viewMatrix(
		engine.view,
		engine.fit * dpr,
		size / 2 + (engine.view.panX ?? 0) * dpr,
		size / 2 + (engine.view.panY ?? 0) * dpr,
	);
	const laps = scene.lapStarts.length - 1;
	renderScene(ctx, scene, m, { lineWidth: (laps > 1 ? 1.6 : 3) * dpr, minPixels: dpr });
	drawStartFinish(ctx, scene, m, 6 * dpr);
	engine.bitmapView = engine.view;
}

/** Shows the bitmap on the canvas, turned and scaled by how far the view moved since. */
export function blitBitmap(engine: CanvasEngine) {
	const { canvas, bitmap } = engine;
	const ctx = canvas.getContext("2d");
	if (!ctx) return;
	ctx.setTransform(1, 0, 0, 1, 0, 0);
	ctx.clearRect(0, 0, canvas.width, canvas.height);
	const { view, bitmapView, dpr } = engine;
	const turn = ((view.rotationDeg - bitmapView.rotationDeg) * Math.PI) / 180;
	const ratio = view.zoom / bitmapView.zoom;
	// The drawing's centre moves from where the bitmap has it to where the view wants it.
	ctx.translate(
		canvas.width / 2 + (view.panX ?? 0) * dpr,
		canvas.height / 2 + (view.panY ?? 0) * dpr,
	);
	if (turn !== 0) ctx.rotate(turn);
	if (ratio !== 1) ctx.scale(ratio, ratio);
	ctx.translate(-(bitmapView.panX ?? 0) * dpr, -(bitmapView.panY ?? 0) * dpr);
	ctx.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
	ctx.setTransform(1, 0, 0, 1, 0, 0);
}
