import { type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import { CANVAS_HEIGHT, CANVAS_WIDTH } from "./engine";
import { centreOfLatLon } from "./geometry";
import {
	type EditorView,
	fitView,
	fromScreen,
	type LatLon,
	type Line,
	type Metres,
	panView,
	projection,
	toScreen,
	zoomViewAt,
} from "./line-geometry";
import { renderScene } from "./render";
import { buildScene, type PathInput } from "./scene";
import "./track-canvas.css";

const SCREEN = { width: CANVAS_WIDTH, height: CANVAS_HEIGHT };
const PADDING = 28;
/** A press that moves less than this (screen pixels) is a tap, not a drag. */
const TAP_SLOP = 6;
const ZOOM_STEP = 1.5;
const HANDLE_PX = 11;
const ARROW_M = 12;

export interface EditableLine {
	id: string;
	/** "Largada/chegada", "Setor 1"… */
	label: string;
	line: Line | null;
	colour: string;
}

type Drag =
	| { kind: "end"; lineId: string; end: "a" | "b"; pointerId: number }
	| { kind: "pan"; pointerId: number; start: Metres; last: Metres; moved: boolean };

/**
 * The recorded path, north up, with timing lines on it: tap or click two points to place the
 * line being placed (`placing`), drag either end of a line to move it, drag elsewhere to move
 * the map, and zoom with the buttons or Ctrl + wheel. The start/finish line shows an arrow in
 * the direction of travel (`directionDeg`).
 */
export function LineEditor({
	paths,
	lines,
	placing,
	directionDeg,
	onChange,
	label,
	focusOn,
}: {
	paths: readonly PathInput[];
	lines: readonly EditableLine[];
	/** The line that the next two taps place; null: taps place nothing. */
	placing: string | null;
	/** Bearing of travel across the first line, or null when not known. */
	directionDeg: number | null;
	onChange: (lineId: string, line: Line) => void;
	label: string;
	/** A line to show close up at first (else the whole path). */
	focusOn?: Line | null;
}) {
	const canvasRef = useRef<HTMLCanvasElement>(null);
	const svgRef = useRef<SVGSVGElement>(null);
	const [pixelsPerUnit, setPixelsPerUnit] = useState(1);
	const [pending, setPending] = useState<Metres | null>(null);
	const drag = useRef<Drag | null>(null);

	const origin = useMemo<LatLon | null>(() => {
		const centre = centreOfLatLon(paths);
		if (centre) return centre;
		const first = lines.find((l) => l.line)?.line;
		return first ? first.a : null;
	}, [paths, lines]);
	const project = useMemo(() => (origin ? projection(origin) : null), [origin]);
	const scene = useMemo(() => buildScene(paths, "speed"), [paths]);

	const initialView = (): EditorView => {
		const points: Metres[] = [];
		if (project && focusOn) {
			const a = project.toMetres(focusOn.a);
			const b = project.toMetres(focusOn.b);
			const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
			const reach = 60;
			points.push({ x: mid.x - reach, y: mid.y - reach }, { x: mid.x + reach, y: mid.y + reach });
		} else {
			const step = Math.max(1, Math.floor(scene.pointCount / 2000));
			for (let i = 0; i < scene.pointCount; i += step) {
				points.push({ x: scene.x[i]!, y: scene.y[i]! });
			}
			if (project) {
				for (const l of lines) {
					if (l.line) points.push(project.toMetres(l.line.a), project.toMetres(l.line.b));
				}
			}
		}
		return fitView(points, SCREEN, PADDING) ?? { scale: 1, centre: { x: 0, y: 0 } };
	};
	// The first view only: later changes of the lines must not move the map under the finger.
	const [view, setView] = useState<EditorView>(initialView);

	// The drawing: the path coloured by speed, redrawn for each view.
	useEffect(() => {
		const canvas = canvasRef.current;
		if (!canvas) return;
		const dpr = Math.min(window.devicePixelRatio || 1, 2);
		const width = Math.round(CANVAS_WIDTH * dpr);
		const height = Math.round(CANVAS_HEIGHT * dpr);
		if (canvas.width !== width) canvas.width = width;
		if (canvas.height !== height) canvas.height = height;
		const ctx = canvas.getContext("2d");
		if (!ctx) return;
		ctx.setTransform(1, 0, 0, 1, 0, 0);
		ctx.clearRect(0, 0, width, height);
		const s = view.scale * dpr;
		renderScene(
			ctx,
			scene,
			[
				s,
				0,
				0,
				-s,
				(CANVAS_WIDTH / 2 - view.centre.x * view.scale) * dpr,
				(CANVAS_HEIGHT / 2 + view.centre.y * view.scale) * dpr,
			],
			{ lineWidth: 2.5 * dpr, minPixels: dpr },
		);
		canvas.dataset.renders = String(Number(canvas.dataset.renders ?? 0) + 1);
	}, [scene, view]);

	// Handles keep a finger's size whatever the canvas is scaled to.
	useEffect(() => {
		const svg = svgRef.current;
		if (!svg) return;
		const measure = () => {
			const width = svg.getBoundingClientRect().width;
			if (width > 0) setPixelsPerUnit(width / CANVAS_WIDTH);
		};
		measure();
		const observer = new ResizeObserver(measure);
		observer.observe(svg);
		return () => observer.disconnect();
	}, []);

	// A new line to place starts afresh.
	const [pendingFor, setPendingFor] = useState(placing);
	if (pendingFor !== placing) {
		setPendingFor(placing);
		setPending(null);
	}

	const local = (clientX: number, clientY: number): Metres => {
		const rect = svgRef.current!.getBoundingClientRect();
		const k = CANVAS_WIDTH / (rect.width || CANVAS_WIDTH);
		return { x: (clientX - rect.left) * k, y: (clientY - rect.top) * k };
	};
	const metresAt = (clientX: number, clientY: number) =>
		fromScreen(view, SCREEN, local(clientX, clientY));

	const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
		const target = event.target as Element;
		const handle = target.closest<SVGElement>("[data-end]");
		try {
			svgRef.current?.setPointerCapture(event.pointerId);
		} catch {
			// An untracked pointer cannot be captured; the gesture still works within the map.
		}
		// While a line is being placed, a tap on another line's end places a point there too.
		if (
			!placing &&
			handle?.dataset.line &&
			(handle.dataset.end === "a" || handle.dataset.end === "b")
		) {
			drag.current = {
				kind: "end",
				lineId: handle.dataset.line,
				end: handle.dataset.end,
				pointerId: event.pointerId,
			};
			return;
		}
		const at = local(event.clientX, event.clientY);
		drag.current = { kind: "pan", pointerId: event.pointerId, start: at, last: at, moved: false };
	};

	const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
		const current = drag.current;
		if (!current || current.pointerId !== event.pointerId || !project) return;
		if (current.kind === "end") {
			const line = lines.find((l) => l.id === current.lineId)?.line;
			if (!line) return;
			const moved = project.toLatLon(metresAt(event.clientX, event.clientY));
			onChange(current.lineId, { ...line, [current.end]: moved });
			return;
		}
		const at = local(event.clientX, event.clientY);
		if (
			!current.moved &&
			Math.hypot(at.x - current.start.x, at.y - current.start.y) < TAP_SLOP / pixelsPerUnit
		) {
			return;
		}
		current.moved = true;
		setView((v) => panView(v, at.x - current.last.x, at.y - current.last.y));
		current.last = at;
	};

	const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
		const current = drag.current;
		if (!current || current.pointerId !== event.pointerId) return;
		drag.current = null;
		if (current.kind !== "pan" || current.moved || !placing || !project) return;
		const point = metresAt(event.clientX, event.clientY);
		if (!pending) {
			setPending(point);
			return;
		}
		setPending(null);
		if (Math.hypot(point.x - pending.x, point.y - pending.y) < 1) return;
		onChange(placing, { a: project.toLatLon(pending), b: project.toLatLon(point) });
	};

	const zoomBy = (factor: number) =>
		setView((v) => zoomViewAt(v, SCREEN, factor, { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 }));

	useEffect(() => {
		const svg = svgRef.current;
		if (!svg) return;
		const onWheel = (event: WheelEvent) => {
			if (!event.ctrlKey) return;
			event.preventDefault();
			const rect = svg.getBoundingClientRect();
			const k = CANVAS_WIDTH / (rect.width || CANVAS_WIDTH);
			const at = { x: (event.clientX - rect.left) * k, y: (event.clientY - rect.top) * k };
			setView((v) => zoomViewAt(v, SCREEN, event.deltaY < 0 ? 1.25 : 0.8, at));
		};
		svg.addEventListener("wheel", onWheel, { passive: false });
		return () => svg.removeEventListener("wheel", onWheel);
	}, []);

	const screenOf = (p: LatLon) =>
		project ? toScreen(view, SCREEN, project.toMetres(p)) : { x: 0, y: 0 };
	const handle = HANDLE_PX / pixelsPerUnit;
	const stroke = 3 / pixelsPerUnit;
	const first = lines[0];

	let arrow: { x1: number; y1: number; x2: number; y2: number } | null = null;
	if (first?.line && directionDeg !== null && project) {
		const a = project.toMetres(first.line.a);
		const b = project.toMetres(first.line.b);
		const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
		const rad = (directionDeg * Math.PI) / 180;
		const reach = Math.max(ARROW_M, 40 / view.scale / pixelsPerUnit);
		const tip = { x: mid.x + Math.sin(rad) * reach, y: mid.y + Math.cos(rad) * reach };
		const from = toScreen(view, SCREEN, mid);
		const to = toScreen(view, SCREEN, tip);
		arrow = { x1: from.x, y1: from.y, x2: to.x, y2: to.y };
	}

	return (
		<figure className="track-canvas line-editor" data-testid="line-editor">
			<div className="track-canvas__frame line-editor__frame">
				<canvas ref={canvasRef} className="track-canvas__canvas" data-testid="line-editor-canvas" />
				<svg
					ref={svgRef}
					className="line-editor__overlay"
					viewBox={`0 0 ${CANVAS_WIDTH} ${CANVAS_HEIGHT}`}
					role="img"
					aria-label={label}
					data-testid="line-editor-overlay"
					data-placing={placing ?? ""}
					onPointerDown={onPointerDown}
					onPointerMove={onPointerMove}
					onPointerUp={onPointerUp}
					onPointerCancel={() => {
						drag.current = null;
					}}
				>
					<defs>
						<marker
							id="line-editor-arrow"
							viewBox="0 0 10 10"
							refX="5"
							refY="5"
							markerWidth="4"
							markerHeight="4"
							orient="auto-start-reverse"
						>
							<path d="M0,0 L10,5 L0,10 z" fill="#ffffff" />
						</marker>
					</defs>
					{lines.map((l) => {
						if (!l.line) return null;
						const a = screenOf(l.line.a);
						const b = screenOf(l.line.b);
						return (
							<g
								key={l.id}
								data-testid={`line-${l.id}`}
								data-a={`${a.x.toFixed(1)},${a.y.toFixed(1)}`}
								data-b={`${b.x.toFixed(1)},${b.y.toFixed(1)}`}
							>
								<line
									x1={a.x}
									y1={a.y}
									x2={b.x}
									y2={b.y}
									stroke="#000000"
									strokeWidth={stroke * 2.2}
									strokeLinecap="round"
								/>
								<line
									x1={a.x}
									y1={a.y}
									x2={b.x}
									y2={b.y}
									stroke={l.colour}
									strokeWidth={stroke}
									strokeLinecap="round"
								/>
								{(["a", "b"] as const).map((end) => {
									const p = end === "a" ? a : b;
									return (
										<g key={end} data-line={l.id} data-end={end} className="line-editor__handle">
											<circle cx={p.x} cy={p.y} r={handle * 2.2} fill="transparent" />
											<circle
												cx={p.x}
												cy={p.y}
												r={handle}
												fill={l.colour}
												stroke="#000000"
												strokeWidth={stroke / 1.5}
											/>
										</g>
									);
								})}
								<text
									x={b.x + handle * 1.4}
									y={b.y}
									fill="#ffffff"
									fontSize={13 / pixelsPerUnit}
									className="line-editor__label"
								>
									{l.label}
								</text>
							</g>
						);
					})}
					{arrow ? (
						<line
							{...arrow}
							stroke="#ffffff"
							strokeWidth={stroke}
							markerEnd="url(#line-editor-arrow)"
							data-testid="line-editor-direction"
						/>
					) : null}
					{pending
						? (() => {
								const p = toScreen(view, SCREEN, pending);
								return (
									<circle
										cx={p.x}
										cy={p.y}
										r={handle}
										fill="#ffffff"
										stroke="#000000"
										strokeWidth={stroke / 1.5}
										data-testid="line-editor-pending"
									/>
								);
							})()
						: null}
				</svg>
			</div>
			<div className="track-canvas__tools">
				<span className="track-canvas__hint" role="status">
					{placing
						? pending
							? "Agora toque no outro lado da pista."
							: "Toque (ou clique) em um lado da pista e depois no outro para traçar a linha."
						: "Arraste as pontas de uma linha para movê-la · arraste o mapa para deslocar."}
				</span>
				<span className="track-canvas__buttons">
					<button
						type="button"
						className="btn btn--small"
						onClick={() => zoomBy(1 / ZOOM_STEP)}
						aria-label="Diminuir zoom"
					>
						−
					</button>
					<button
						type="button"
						className="btn btn--small"
						onClick={() => zoomBy(ZOOM_STEP)}
						aria-label="Aumentar zoom"
					>
						+
					</button>
					<button type="button" className="btn btn--small" onClick={() => setView(initialView())}>
						Restaurar vista
					</button>
				</span>
			</div>
		</figure>
	);
}
