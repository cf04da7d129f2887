import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { MAX_SECTOR_LINES, type TrackView } from "../../../shared/api/tracks";
import { errorMessage } from "../../api/client";
import { useSession, useSessionPaths } from "../../api/hooks";
import { useAdminTracks, useSaveTrack } from "../../api/timing-hooks";
import { type EditableLine, LineEditor } from "../../canvas/LineEditor";
import { type Line, reversedBearing } from "../../canvas/line-geometry";
import { crossingCount, directionAcross, proposeLine } from "../../canvas/line-proposal";
import { Page } from "../../components/layout/Page";
import { EmptyState, ErrorState, LoadingState } from "../../components/ui/States";
import { formatIsoDate } from "../../lib/format";
import { useAdminOverview } from "../queries";
import "./tracks.css";

const START_FINISH = "start-finish";
const SECTOR_COLOURS = ["#4fc3f7", "#ba68c8", "#ff8a65"];
/** Far enough back to list every recent session of the overview (newest 50). */
const ALL_SINCE = "2000-01-01T00:00:00.000Z";

interface Draft {
	name: string;
	startFinish: Line | null;
	directionDeg: number | null;
	sectors: Line[];
}

function draftOf(track: TrackView | null, name: string): Draft {
	return track
		? {
				name: track.name,
				startFinish: track.startFinish,
				directionDeg: track.directionDeg,
				sectors: track.sectors,
			}
		: { name, startFinish: null, directionDeg: null, sectors: [] };
}

/** Sessions at this track an admin can open the map of (the overview's recent ones). */
function SessionChoice({ trackName }: { trackName: string }) {
	const overview = useAdminOverview(ALL_SINCE);
	const [params, setParams] = useSearchParams();
	if (overview.isPending) return <LoadingState text="Procurando sessões nesta pista…" />;
	if (overview.isError) {
		return (
			<ErrorState
				what="Não foi possível listar as sessões."
				error={overview.error}
				onRetry={() => void overview.refetch()}
			/>
		);
	}
	const sessions = overview.data.sessionsToday.filter(
		(s) => s.track === trackName && s.lapCount > 0,
	);
	if (sessions.length === 0) {
		return (
			<EmptyState text="Nenhuma sessão recente nesta pista para servir de mapa. Abra o mapa de uma sessão gravada aqui e use “Editar pista”." />
		);
	}
	return (
		<>
			<p>Escolha a sessão cujo traçado serve de mapa:</p>
			<ul className="track-editor__sessions">
				{sessions.map((s) => (
					<li key={s.id}>
						<button
							type="button"
							className="btn btn--small"
							onClick={() => {
								const next = new URLSearchParams(params);
								next.set("sessao", s.id);
								setParams(next);
							}}
						>
							{formatIsoDate(s.date)} · {s.riderEmail ?? `logger ${s.hardwareId ?? "—"}`} ·{" "}
							{s.lapCount} voltas
						</button>
					</li>
				))}
			</ul>
		</>
	);
}

function LinesOnMap({
	sessionId,
	draft,
	setDraft,
}: {
	sessionId: string;
	draft: Draft;
	setDraft: (change: (d: Draft) => Draft) => void;
}) {
	const paths = useSessionPaths(sessionId);
	const session = useSession(sessionId);
	const [placing, setPlacing] = useState<string | null>(null);
	const data = paths.data?.paths ?? null;
	const seeded = useRef(false);

	// A track with no line yet gets one proposed where this session's laps start.
	useEffect(() => {
		if (!data || seeded.current) return;
		seeded.current = true;
		setDraft((d) => {
			if (d.startFinish) return d;
			const line = proposeLine(data);
			return line ? { ...d, startFinish: line, directionDeg: directionAcross(data, line) } : d;
		});
	}, [data, setDraft]);

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
		return <EmptyState text="Esta sessão não tem pontos de GPS para servir de mapa." />;
	}
	const lines: EditableLine[] = [
		{ id: START_FINISH, label: "Chegada", line: draft.startFinish, colour: "#ffd600" },
		...draft.sectors.map((line, i) => ({
			id: `sector-${i}`,
			label: `Setor ${i + 1}`,
			line,
			colour: SECTOR_COLOURS[i] ?? "#ffffff",
		})),
	];
	const change = (lineId: string, line: Line) => {
		setPlacing(null);
		setDraft((d) => {
			if (lineId === START_FINISH) {
				// A line placed anew takes the direction the path crosses it in; a nudge keeps the one set.
				const crossed = directionAcross(data, line);
				const keep =
					d.directionDeg !== null &&
					crossed !== null &&
					Math.abs(((crossed - d.directionDeg + 540) % 360) - 180) < 90;
				return { ...d, startFinish: line, directionDeg: keep ? d.directionDeg : crossed };
			}
			const index = Number(lineId.slice("sector-".length));
			return { ...d, sectors: d.sectors.map((s, i) => (i === index ? line : s)) };
		});
	};
	const crossings = draft.startFinish ? crossingCount(data, draft.startFinish) : 0;
	const where = session.data
		? `${session.data.session.track}, ${formatIsoDate(session.data.session.date)}`
		: "a sessão";
	return (
		<div className="track-editor__map">
			<p className="field__hint">Mapa: traçado de {where}.</p>
			<LineEditor
				paths={data}
				lines={lines}
				placing={placing}
				directionDeg={draft.directionDeg}
				onChange={change}
				label={`Traçado de ${where} com as linhas da pista.`}
			/>
			<div className="track-editor__row">
				<button
					type="button"
					className={placing === START_FINISH ? "btn btn--small btn--primary" : "btn btn--small"}
					aria-pressed={placing === START_FINISH}
					onClick={() => setPlacing((p) => (p === START_FINISH ? null : START_FINISH))}
				>
					Traçar a chegada (dois toques)
				</button>
				<button
					type="button"
					className="btn btn--small"
					disabled={draft.directionDeg === null}
					onClick={() =>
						setDraft((d) =>
							d.directionDeg === null ? d : { ...d, directionDeg: reversedBearing(d.directionDeg) },
						)
					}
				>
					Inverter sentido
				</button>
				<span className="field__hint" data-testid="track-direction">
					{draft.directionDeg === null
						? "Sentido: decidido pela gravação"
						: `Sentido: ${Math.round(draft.directionDeg)}°`}
					{draft.startFinish
						? ` · o traçado cruza a chegada ${crossings} ${crossings === 1 ? "vez" : "vezes"}`
						: ""}
				</span>
			</div>
			<div className="track-editor__row">
				{draft.sectors.map((_, i) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: a sector is its number; removing one renumbers the rest.
					<span key={i} className="track-editor__row">
						<button
							type="button"
							className={
								placing === `sector-${i}` ? "btn btn--small btn--primary" : "btn btn--small"
							}
							aria-pressed={placing === `sector-${i}`}
							onClick={() => setPlacing((p) => (p === `sector-${i}` ? null : `sector-${i}`))}
						>
							Traçar o setor {i + 1}
						</button>
						<button
							type="button"
							className="btn btn--small btn--ghost"
							onClick={() => {
								setPlacing(null);
								setDraft((d) => ({ ...d, sectors: d.sectors.filter((__, k) => k !== i) }));
							}}
						>
							Remover setor {i + 1}
						</button>
					</span>
				))}
				<button
					type="button"
					className="btn btn--small"
					disabled={draft.sectors.length >= MAX_SECTOR_LINES || !draft.startFinish}
					onClick={() =>
						setDraft((d) => {
							const fraction = (d.sectors.length + 1) / (MAX_SECTOR_LINES + 1);
							const line = proposeLine(data, fraction);
							return line ? { ...d, sectors: [...d.sectors, line] } : d;
						})
					}
				>
					Adicionar setor
				</button>
			</div>
		</div>
	);
}

/**
 * An admin's track editor: the track's name, its start/finish line with the direction of travel
 * and up to three sector lines, placed and dragged on the map of a session recorded there.
 * `/adm/pistas/:trackId?sessao=ID`, or `/adm/pistas/nova?sessao=ID&nome=NAME` for a new track.
 */
export default function TrackEditorScreen() {
	const id = useId();
	const navigate = useNavigate();
	const { trackId = "" } = useParams();
	const [params] = useSearchParams();
	const isNew = trackId === "nova";
	const sessionId = params.get("sessao");
	const tracks = useAdminTracks();
	const save = useSaveTrack();
	const track = isNew ? null : (tracks.data?.tracks.find((t) => t.id === trackId) ?? null);
	const [draft, setDraft] = useState<Draft | null>(null);
	const [saved, setSaved] = useState(false);

	if (draft === null && (isNew || track)) setDraft(draftOf(track, params.get("nome") ?? ""));

	const title = isNew ? "Nova pista" : track ? `Pista ${track.name}` : "Pista";
	let body: ReactNode;
	if (!isNew && tracks.isPending) body = <LoadingState text="Carregando a pista…" />;
	else if (!isNew && tracks.isError) {
		body = (
			<ErrorState
				what="Não foi possível carregar a pista."
				error={tracks.error}
				onRetry={() => void tracks.refetch()}
			/>
		);
	} else if (!isNew && !track) {
		body = <ErrorState what="Pista não encontrada." />;
	} else if (draft) {
		const onSave = () => {
			setSaved(false);
			save.mutate(
				{
					trackId: isNew ? null : trackId,
					body: {
						name: draft.name,
						startFinish: draft.startFinish,
						directionDeg: draft.directionDeg,
						sectors: draft.startFinish ? draft.sectors : [],
					},
				},
				{
					onSuccess: (result) => {
						setSaved(true);
						if (isNew) {
							navigate(`/adm/pistas/${result.track.id}?${params}`, { replace: true });
						}
					},
				},
			);
		};
		body = (
			<div className="track-editor__form">
				<div className="field">
					<label className="field__label" htmlFor={`${id}-name`}>
						Nome da pista
					</label>
					<input
						id={`${id}-name`}
						className="field__input"
						value={draft.name}
						maxLength={64}
						onChange={(event) => {
							const name = event.target.value;
							setDraft((d) => (d ? { ...d, name } : d));
						}}
					/>
				</div>
				{sessionId ? (
					<LinesOnMap
						key={sessionId}
						sessionId={sessionId}
						draft={draft}
						setDraft={(change) => setDraft((d) => (d ? change(d) : d))}
					/>
				) : (
					<SessionChoice trackName={draft.name} />
				)}
				{save.isError ? (
					<div className="state state--error" role="alert">
						<span className="state__text">
							<strong>Não foi possível salvar.</strong> {errorMessage(save.error)}
						</span>
					</div>
				) : null}
				{saved ? (
					<p className="notice notice--info" role="status" data-testid="track-saved">
						Pista salva. Sessões importadas aqui usam estas linhas; as já gravadas podem ser
						recronometradas com elas.
					</p>
				) : null}
				<div className="track-editor__row">
					<button
						type="button"
						className="btn btn--primary"
						onClick={onSave}
						disabled={save.isPending || draft.name.trim() === ""}
					>
						{save.isPending ? "Salvando…" : "Salvar pista"}
					</button>
					<Link className="btn" to="/adm">
						Voltar às pistas
					</Link>
				</div>
			</div>
		);
	}
	return (
		<Page title={title} subtitle="Linhas de chegada e de setor" wide>
			<section className="card">{body}</section>
		</Page>
	);
}
