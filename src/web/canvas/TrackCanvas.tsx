import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { legendEntries } from "./bands";
import {
	blitBitmap,
	CANVAS_HEIGHT,
	CANVAS_WIDTH,
	type CanvasEngine,
	PADDING,
	renderBitmap,
} from "./engine";
import {
	DEFAULT_ZOOM_LIMITS,
	fitScaleAnyRotation,
	INITIAL_VIEW,
	type PinchStart,
	type Point,
	pinchView,
	rotateByDrag,
	type View,
	type ZoomLimits,
	zoomAt,
	zoomByWheel,
	zoomByWheelAt,
} from "./geometry";
import { buildScene, type ColourBy, type PathInput } from "./scene";
import "./track-canvas.css";

const SHARP_AFTER_WHEEL_MS = 160;
/** Arrow keys turn as much as a 50-pixel drag (5 degrees). */
const KEY_TURN_PIXELS = 50;

const COARSE_POINTER = "(pointer: coarse)";

/** True on touch screens, where the hints speak of fingers rather than of a mouse. */
function useCoarsePointer(): boolean {
	const [coarse, setCoarse] = useState(
		() => typeof window !== "undefined" && window.matchMedia(COARSE_POINTER).matches,
	);
	useEffect(() => {
		const query = window.matchMedia(COARSE_POINTER);
		const onChange = () => setCoarse(query.matches);
		query.addEventListener("change", onChange);
		return () => query.removeEventListener("change", onChange);
	}, []);
	return coarse;
}

export interface TrackCanvasProps {
	paths: readonly PathInput[];
	colourBy?: ColourBy;
	/** Largest zoom (the test canvas stops at 5). */
	maxZoom?: number;
	/** What the canvas shows, for screen readers. */
	label: string;
	/** The lean was estimated from the path, not measured: the legend says so. */
	leanEstimated?: boolean;
}

function unitOf(colourBy: ColourBy, leanEstimated: boolean): { title: string; unit: string } {
	if (colourBy === "speed") return { title: "Velocidade", unit: "km/h" };
	return {
		title: `Inclinação${leanEstimated ? " estimada" : ""} (direita +, esquerda −)`,
		unit: "°",
	};
}

/**
 * A lap path (or a whole session) coloured by speed or lean. Drag turns it (0.1° per pixel);
 * Ctrl + wheel zooms about the mouse, a pinch about the fingers. At 1x the whole path stays in
 * the frame at any angle. While a gesture lasts the cached bitmap is only turned, scaled and
 * moved; the path is drawn again sharply when the gesture ends.
 */
export function TrackCanvas({
	paths,
	colourBy = "speed",
	maxZoom,
	label,
	leanEstimated = false,
}: TrackCanvasProps) {
	const canvasRef = useRef<HTMLCanvasElement>(null);
	const engineRef = useRef<CanvasEngine | null>(null);
	const frameRef = useRef(0);
	const sharpRef = useRef(true);
	const [zoom, setZoom] = useState(INITIAL_VIEW.zoom);
	const [benchPaths, setBenchPaths] = useState<readonly PathInput[] | null>(null);
	const limits: ZoomLimits = useMemo(
		() => ({ min: DEFAULT_ZOOM_LIMITS.min, max: maxZoom ?? DEFAULT_ZOOM_LIMITS.max }),
		[maxZoom],
	);
	const shown = benchPaths ?? paths;
	const scene = useMemo(() => buildScene(shown, colourBy), [shown, colourBy]);

	const requestFrame = useCallback((sharp: boolean) => {
		if (sharp) sharpRef.current = true;
		if (frameRef.current) return;
		frameRef.current = requestAnimationFrame(() => {
			frameRef.current = 0;
			const engine = engineRef.current;
			if (!engine) return;
			if (sharpRef.current) {
				sharpRef.current = false;
				renderBitmap(engine);
				engine.canvas.dataset.renders = String(Number(engine.canvas.dataset.renders ?? 0) + 1);
			}
			blitBitmap(engine);
		});
	}, []);

	const setView = useCallback(
		(next: View, sharp: boolean) => {
			const engine = engineRef.current;
			if (!engine) return;
			engine.view = next;
			// The view in numbers, for tests and tools that cannot read pixels.
			engine.canvas.dataset.rotationDeg = String(Math.round(next.rotationDeg * 1000) / 1000);
			setZoom(next.zoom);
			requestFrame(sharp);
		},
		[requestFrame],
	);

	// New data: size the canvas for this screen and draw.
	useEffect(() => {
		const canvas = canvasRef.current;
		if (!canvas) return;
		// Capped at 2: a phone at 3x would need a 3000 x 3000 bitmap for little visible gain.
		const dpr = Math.min(window.devicePixelRatio || 1, 2);
		canvas.width = Math.round(CANVAS_WIDTH * dpr);
		canvas.height = Math.round(CANVAS_HEIGHT * dpr);
		const previous = engineRef.current;
		const view = previous?.view ?? INITIAL_VIEW;
		engineRef.current = {
			scene,
			view,
			bitmapView: view,
			bitmap: previous?.bitmap ?? document.createElement("canvas"),
			canvas,
			dpr,
			fit: fitScaleAnyRotation(scene.radius, CANVAS_WIDTH, CANVAS_HEIGHT, PADDING),
		};
		canvas.dataset.points = String(scene.pointCount);
		requestFrame(true);
	}, [scene, requestFrame]);

	useEffect(() => () => cancelAnimationFrame(frameRef.current), []);

	// Pointer gestures: one pointer turns, two pointers pinch about the point between them.
	useEffect(() => {
		const canvas = canvasRef.current;
		if (!canvas) return;
		const pointers = new Map<number, Point>();
		let pinch: PinchStart | null = null;
		let wheelTimer = 0;
		/** A pointer in canvas pixels from the canvas centre (the canvas is scaled to fit). */
		const local = (clientX: number, clientY: number): Point => {
			const rect = canvas.getBoundingClientRect();
			const scale = CANVAS_WIDTH / (rect.width || CANVAS_WIDTH);
			return {
				x: (clientX - rect.left) * scale - CANVAS_WIDTH / 2,
				y: (clientY - rect.top) * scale - CANVAS_HEIGHT / 2,
			};
		};
		const fingers = () => {
			const [p, q] = [...pointers.values()];
			if (!p || !q) return null;
			return {
				mid: { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 },
				distance: Math.hypot(p.x - q.x, p.y - q.y),
			};
		};
		const onDown = (event: PointerEvent) => {
			try {
				canvas.setPointerCapture(event.pointerId);
			} catch {
				// A pointer the browser no longer tracks cannot be captured; the gesture still works.
			}
			pointers.set(event.pointerId, local(event.clientX, event.clientY));
			const two = fingers();
			if (pointers.size === 2 && two && engineRef.current) {
				pinch = { view: engineRef.current.view, ...two };
			}
		};
		const onMove = (event: PointerEvent) => {
			const last = pointers.get(event.pointerId);
			const engine = engineRef.current;
			if (!last || !engine) return;
			const now = local(event.clientX, event.clientY);
			pointers.set(event.pointerId, now);
			const two = fingers();
			if (pointers.size === 1) {
				const rect = canvas.getBoundingClientRect();
				// The spec's 0.1° per pixel counts screen pixels, whatever the canvas's scale.
				const dx = (now.x - last.x) * ((rect.width || CANVAS_WIDTH) / CANVAS_WIDTH);
				if (dx !== 0) setView(rotateByDrag(engine.view, dx), false);
			} else if (pointers.size === 2 && pinch && two) {
				setView(pinchView(pinch, two.mid, two.distance, limits), false);
			}
		};
		const onUp = (event: PointerEvent) => {
			if (!pointers.delete(event.pointerId)) return;
			if (pointers.size < 2) pinch = null;
			if (pointers.size === 0) requestFrame(true);
		};
		const onWheel = (event: WheelEvent) => {
			const engine = engineRef.current;
			if (!event.ctrlKey || !engine) return;
			event.preventDefault();
			setView(
				zoomByWheelAt(engine.view, event.deltaY, local(event.clientX, event.clientY), limits),
				false,
			);
			window.clearTimeout(wheelTimer);
			wheelTimer = window.setTimeout(() => requestFrame(true), SHARP_AFTER_WHEEL_MS);
		};
		canvas.addEventListener("pointerdown", onDown);
		canvas.addEventListener("pointermove", onMove);
		canvas.addEventListener("pointerup", onUp);
		canvas.addEventListener("pointercancel", onUp);
		canvas.addEventListener("wheel", onWheel, { passive: false });
		return () => {
			window.clearTimeout(wheelTimer);
			canvas.removeEventListener("pointerdown", onDown);
			canvas.removeEventListener("pointermove", onMove);
			canvas.removeEventListener("pointerup", onUp);
			canvas.removeEventListener("pointercancel", onUp);
			canvas.removeEventListener("wheel", onWheel);
		};
	}, [limits, requestFrame, setView]);

	// Only in the benchmark build (`vite build --mode bench`): the production build folds this
	// test to `return` and drops the hook's module.
	useEffect(() => {
		if (import.meta.env.MODE !== "bench") return;
		let uninstall: (() => void) | undefined;
		let active = true;
		void import("./bench-hook").then(({ installBenchHook }) => {
			if (active) uninstall = installBenchHook(engineRef, setBenchPaths);
		});
		return () => {
			active = false;
			uninstall?.();
		};
	}, []);

	// The buttons and keys zoom about the canvas centre.
	const step = (deltaY: number) => {
		const engine = engineRef.current;
		if (engine)
			setView(
				zoomAt(engine.view, zoomByWheel(engine.view, deltaY, limits).zoom, { x: 0, y: 0 }),
				true,
			);
	};
	const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
		const engine = engineRef.current;
		if (!engine) return;
		const turns: Record<string, number> = {
			ArrowLeft: -KEY_TURN_PIXELS,
			ArrowRight: KEY_TURN_PIXELS,
		};
		if (event.key in turns) {
			event.preventDefault();
			setView(rotateByDrag(engine.view, turns[event.key]!), true);
		} else if (event.key === "+" || event.key === "=") {
			event.preventDefault();
			step(-1);
		} else if (event.key === "-") {
			event.preventDefault();
			step(1);
		}
	};
	const touch = useCoarsePointer();
	const { title, unit } = unitOf(colourBy, leanEstimated);
	const legend = scene.range ? legendEntries(scene.range) : null;

	return (
		<figure className="track-canvas">
			<div className="track-canvas__frame">
				<canvas
					ref={canvasRef}
					className="track-canvas__canvas"
					role="img"
					aria-label={`${label}. Setas giram, + e − mudam o zoom.`}
					tabIndex={0}
					onKeyDown={onKeyDown}
					data-testid="track-canvas"
				/>
			</div>
			<div className="track-canvas__tools">
				<span className="track-canvas__hint">
					{touch
						? "Arraste com um dedo para girar · afaste ou junte dois dedos para o zoom"
						: "Arraste para girar · Ctrl + roda do mouse para o zoom"}
				</span>
				<span className="track-canvas__buttons">
					<button
						type="button"
						className="btn btn--small"
						onClick={() => step(1)}
						aria-label="Diminuir zoom"
					>
						−
					</button>
					<output className="track-canvas__zoom" aria-label="Zoom">
						{zoom.toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}×
					</output>
					<button
						type="button"
						className="btn btn--small"
						onClick={() => step(-1)}
						aria-label="Aumentar zoom"
					>
						+
					</button>
					<button
						type="button"
						className="btn btn--small"
						onClick={() => setView(INITIAL_VIEW, true)}
					>
						Restaurar vista
					</button>
				</span>
			</div>
			<figcaption className="track-legend">
				<span className="track-legend__title" data-testid="track-legend-title">
					{title} ({unit})
				</span>
				{legend ? (
					<span className="track-legend__scale">
						<span className="track-legend__value">{legend[0]!.from.toFixed(0)}</span>
						<span className="track-legend__bands">
							{legend.map((entry) => (
								<span
									key={entry.colour}
									className="track-legend__band"
									style={{ backgroundColor: entry.colour }}
									title={`${entry.from.toFixed(0)}–${entry.to.toFixed(0)} ${unit}`}
								/>
							))}
						</span>
						<span className="track-legend__value">{legend[legend.length - 1]!.to.toFixed(0)}</span>
					</span>
				) : (
					<span className="track-legend__none">sem dados</span>
				)}
				<span className="track-legend__start">
					<span className="track-legend__dot" aria-hidden="true" /> Largada/chegada
				</span>
			</figcaption>
		</figure>
	);
}
