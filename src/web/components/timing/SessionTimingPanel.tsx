import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type SessionDetail, useCurrentUser, useSessionPaths } from "../../api/hooks";
import { type RetimeBody, useRetimeSession } from "../../api/timing-hooks";
import { LineEditor } from "../../canvas/LineEditor";
import type { Line } from "../../canvas/line-geometry";
import { crossingCount, directionAcross, proposeLine } from "../../canvas/line-proposal";
import { timingName } from "../../lib/source-labels";
import { EmptyState, ErrorState, LoadingState } from "../ui/States";
import "./timing.css";

type Choice = "track" | "line" | "logger";

const START_FINISH = "start-finish";

/** Where an admin edits the session's track (its lines on this session's map). */
export function trackEditorHref(detail: SessionDetail): string {
	const { session } = detail;
	const search = new URLSearchParams({ sessao: session.id });
	if (session.trackId) return `/adm/pistas/${session.trackId}?${search}`;
	search.set("nome", session.track);
	return `/adm/pistas/nova?${search}`;
}

function choiceText(choice: Choice, track: string): string {
	if (choice === "track") return `as linhas da pista ${track}`;
	if (choice === "logger") return "as voltas do logger";
	return "a linha posicionada no mapa";
}

/** The line placed on the map, with its direction of travel; starts where the laps start now. */
function PlacedLine({
	sessionId,
	initial,
	onLine,
}: {
	sessionId: string;
	initial: Line | null;
	onLine: (line: Line | null, directionDeg: number | null, crossings: number) => void;
}) {
	const paths = useSessionPaths(sessionId);
	const [line, setLine] = useState<Line | null>(null);
	const [direction, setDirection] = useState<number | null>(null);
	const [placing, setPlacing] = useState(false);
	const seeded = useRef(false);
	const data = paths.data?.paths ?? null;

	// Once the path is there: the line the laps start at now, to be nudged into place.
	useEffect(() => {
		if (!data || seeded.current) return;
		seeded.current = true;
		const first = initial ?? proposeLine(data);
		const bearing = first ? directionAcross(data, first) : null;
		setLine(first);
		setDirection(bearing);
		onLine(first, bearing, first ? crossingCount(data, first) : 0);
	}, [data, initial, onLine]);
	if (paths.isPending) return <LoadingState text="Carregando o traçado da sessão…" />;
	if (paths.isError) {
		return (
			<ErrorState
				what="Não foi possível carregar o traçado da sessão."
				error={paths.error}
				onRetry={() => void paths.refetch()}
			/>
		);
	}
	if (!data || data.every((p) => p.lat.length < 2)) {
		return <EmptyState text="Esta sessão não tem pontos de GPS para posicionar uma linha." />;
	}
	const change = (next: Line) => {
		setLine(next);
		setPlacing(false);
		const bearing = directionAcross(data, next);
		setDirection(bearing);
		onLine(next, bearing, crossingCount(data, next));
	};
	const crossings = line ? crossingCount(data, line) : 0;
	return (
		<div className="placed-line">
			<LineEditor
				paths={data}
				lines={[{ id: START_FINISH, label: "Chegada", line, colour: "#ffd600" }]}
				placing={placing ? START_FINISH : null}
				directionDeg={direction}
				onChange={(_, next) => change(next)}
				label="Traçado da sessão com a linha de chegada a posicionar."
			/>
			<div className="placed-line__tools">
				<button
					type="button"
					className={placing ? "btn btn--small btn--primary" : "btn btn--small"}
					aria-pressed={placing}
					onClick={() => setPlacing((p) => !p)}
				>
					{placing ? "Tocando os dois pontos…" : "Traçar de novo (dois toques)"}
				</button>
				<span className="placed-line__facts" data-testid="placed-line-crossings">
					{crossings === 0
						? "O traçado não cruza esta linha."
						: `O traçado cruza esta linha ${crossings} ${crossings === 1 ? "vez" : "vezes"}: ${Math.max(0, crossings - 1)} ${crossings - 1 === 1 ? "volta" : "voltas"}.`}
				</span>
			</div>
		</div>
	);
}

/**
 * Which laps the session shows ("Voltas do logger", "Cronometradas pela linha de chegada"…) and,
 * for whoever may change it (the rider, their seller, admins), "Recronometrar": with the track's
 * lines, with a line placed on the map, or back to the logger's laps; confirmed before it runs.
 */
export function SessionTimingPanel({ detail }: { detail: SessionDetail }) {
	const id = useId();
	const user = useCurrentUser();
	const { session: info, timing } = detail;
	const [open, setOpen] = useState(false);
	const [choice, setChoice] = useState<Choice | null>(null);
	const [placed, setPlaced] = useState<{
		line: Line | null;
		directionDeg: number | null;
		crossings: number;
	}>({ line: null, directionDeg: null, crossings: 0 });
	const [confirming, setConfirming] = useState(false);
	const [done, setDone] = useState<string | null>(null);
	const retime = useRetimeSession(info.id);
	const onLine = useCallback(
		(line: Line | null, directionDeg: number | null, crossings: number) =>
			setPlaced({ line, directionDeg, crossings }),
		[],
	);

	const canRetime = user !== null && (user.id === info.riderId || user.isAdmin || user.isSeller);
	const options: { value: Choice; text: string; disabled: boolean; hint?: string }[] = [
		{
			value: "track",
			text: `Com as linhas da pista ${info.track}`,
			disabled: !timing.trackHasLine,
			hint: timing.trackHasLine ? undefined : "A pista ainda não tem linha de chegada.",
		},
		{ value: "line", text: "Com uma linha posicionada no mapa", disabled: false },
	];
	if (timing.loggerAvailable) {
		options.push({
			value: "logger",
			text: "Voltar às voltas do logger",
			disabled: timing.shown === "logger",
			hint: timing.shown === "logger" ? "Já são as voltas mostradas." : undefined,
		});
	}
	const ready =
		choice !== null &&
		!options.find((o) => o.value === choice)?.disabled &&
		(choice !== "line" || placed.line !== null);

	const body = (): RetimeBody | null => {
		if (choice === "track") return { timing: "track" };
		if (choice === "logger") return { timing: "logger" };
		if (choice === "line" && placed.line) {
			return {
				timing: "line",
				startFinish: placed.line,
				directionDeg: placed.directionDeg,
				sectors: [],
			};
		}
		return null;
	};
	const run = () => {
		const request = body();
		if (!request) return;
		retime.mutate(request, {
			onSuccess: (result) => {
				setConfirming(false);
				setOpen(false);
				setChoice(null);
				const n = result.laps.length;
				setDone(
					`Sessão recronometrada (${timingName(result.timing.shown)}): ${n === 1 ? "1 volta" : `${n} voltas`}.`,
				);
			},
		});
	};

	return (
		<div className="timing" data-testid="session-timing">
			<div className="timing__bar">
				<p className="timing__shown">
					Cronometragem: <strong data-testid="timing-shown">{timingName(timing.shown)}</strong>
				</p>
				{canRetime && !open ? (
					<button
						type="button"
						className="btn btn--small"
						onClick={() => {
							setOpen(true);
							setDone(null);
							retime.reset();
						}}
					>
						Recronometrar
					</button>
				) : null}
				{user?.isAdmin ? (
					<Link className="btn btn--small btn--ghost" to={trackEditorHref(detail)}>
						Editar pista
					</Link>
				) : null}
			</div>
			{done ? (
				<p className="notice notice--info timing__done" role="status" data-testid="retime-done">
					{done}
				</p>
			) : null}
			{open ? (
				<section className="card timing__panel" aria-labelledby={`${id}-title`}>
					<h3 id={`${id}-title`}>Recronometrar as voltas</h3>
					<fieldset className="timing__choices" disabled={retime.isPending || confirming}>
						<legend className="visually-hidden">Cronometrar com</legend>
						{options.map((option) => (
							<label
								key={option.value}
								className={option.disabled ? "timing__choice is-disabled" : "timing__choice"}
							>
								<input
									type="radio"
									name={`${id}-choice`}
									value={option.value}
									checked={choice === option.value}
									disabled={option.disabled}
									onChange={() => setChoice(option.value)}
								/>
								<span>
									{option.text}
									{option.hint ? <span className="field__hint"> — {option.hint}</span> : null}
								</span>
							</label>
						))}
					</fieldset>
					{choice === "line" ? (
						<PlacedLine
							sessionId={info.id}
							initial={timing.lines?.startFinish ?? null}
							onLine={onLine}
						/>
					) : null}
					{retime.isError ? (
						<ErrorState what="Não foi possível recronometrar." error={retime.error} />
					) : null}
					{confirming && choice ? (
						<div
							className="notice timing__confirm"
							role="alertdialog"
							aria-labelledby={`${id}-confirm`}
						>
							<p id={`${id}-confirm`} className="notice__text">
								As voltas desta sessão serão calculadas de novo com {choiceText(choice, info.track)}
								. Tabelas, gráficos e mapas passam a mostrar as novas voltas.
								{timing.loggerAvailable && choice !== "logger"
									? " As voltas do logger continuam guardadas e podem voltar a qualquer momento."
									: ""}
							</p>
							<div className="timing__actions">
								<button
									type="button"
									className="btn btn--primary"
									onClick={run}
									disabled={retime.isPending}
								>
									{retime.isPending ? "Recronometrando…" : "Confirmar"}
								</button>
								<button
									type="button"
									className="btn"
									onClick={() => setConfirming(false)}
									disabled={retime.isPending}
								>
									Voltar
								</button>
							</div>
						</div>
					) : (
						<div className="timing__actions">
							<button
								type="button"
								className="btn btn--primary"
								disabled={!ready}
								onClick={() => setConfirming(true)}
							>
								Recronometrar
							</button>
							<button
								type="button"
								className="btn"
								onClick={() => {
									setOpen(false);
									setChoice(null);
								}}
							>
								Cancelar
							</button>
						</div>
					)}
				</section>
			) : null}
		</div>
	);
}
