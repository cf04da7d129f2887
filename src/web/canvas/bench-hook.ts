/**
 * `window.__lapsixBench`, in the benchmark build only (`vite build --mode bench`): lets
 * `bench/web.bench.ts` load a path of a given size and time single frames. Each timing
 * reads one pixel back so the browser has really drawn the frame.
 */
import type { RefObject } from "react";
import { blitBitmap, CANVAS_HEIGHT, CANVAS_WIDTH, type CanvasEngine, renderBitmap } from "./engine";
import { rotateByDrag, viewMatrix } from "./geometry";
import { renderSceneNaive } from "./render";
import type { PathInput } from "./scene";

export interface LapsixBench {
	/** Replaces what the canvas shows; resolves once it is drawn. */
	setPaths(paths: PathInput[]): Promise<number>;
	pointCount(): number;
	/** A drag frame as the canvas draws it: the cached bitmap, turned. */
	dragFrame(dxPixels: number): number;
	/** The sharp redraw at the end of a drag (decimated, one stroke per colour band). */
	sharpFrame(): number;
	/** The baseline: every point redrawn, per segment, on every frame. */
	naiveFrame(dxPixels: number): number;
}

declare global {
	interface Window {
		__lapsixBench?: LapsixBench;
	}
}

function flush(canvas: HTMLCanvasElement) {
	canvas.getContext("2d")?.getImageData(0, 0, 1, 1);
}

function timed(engine: CanvasEngine, draw: () => void): number {
	const start = performance.now();
	draw();
	flush(engine.canvas);
	return performance.now() - start;
}

export function installBenchHook(
	engineRef: RefObject<CanvasEngine | null>,
	setPaths: (paths: PathInput[]) => void,
): () => void {
	const engine = () => {
		if (!engineRef.current) throw new Error("canvas not ready");
		return engineRef.current;
	};
	window.__lapsixBench = {
		setPaths(paths) {
			setPaths(paths);
			return new Promise((resolve) => {
				const check = () => {
					const current = engineRef.current;
					const count = paths.reduce((sum, p) => sum + p.lat.length, 0);
					if (current && current.scene.pointCount === count && current.canvas.dataset.renders) {
						resolve(count);
					} else {
						requestAnimationFrame(check);
					}
				};
				requestAnimationFrame(check);
			});
		},
		pointCount: () => engine().scene.pointCount,
		dragFrame(dx) {
			const e = engine();
			return timed(e, () => {
				e.view = rotateByDrag(e.view, dx);
				blitBitmap(e);
			});
		},
		sharpFrame() {
			const e = engine();
			return timed(e, () => {
				renderBitmap(e);
				blitBitmap(e);
			});
		},
		naiveFrame(dx) {
			const e = engine();
			return timed(e, () => {
				e.view = rotateByDrag(e.view, dx);
				const ctx = e.canvas.getContext("2d");
				if (!ctx) return;
				ctx.setTransform(1, 0, 0, 1, 0, 0);
				ctx.clearRect(0, 0, e.canvas.width, e.canvas.height);
				const m = viewMatrix(
					e.view,
					e.fit * e.dpr,
					(CANVAS_WIDTH * e.dpr) / 2,
					(CANVAS_HEIGHT * e.dpr) / 2,
				);
				renderSceneNaive(ctx, e.scene, m, 3 * e.dpr);
			});
		},
	};
	return () => {
		delete window.__lapsixBench;
	};
}
