import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useCurrentUser, useSession } from "../../api/hooks";
import { ImportPanel } from "../../components/import/ImportPanel";
import { PathViewer } from "../../components/session/PathViewer";
import { SessionHealthNotice } from "../../components/session/SessionHealthNotice";
import { SessionSelectionStates } from "../../components/session/SessionSelectionStates";
import { SessionTreeView } from "../../components/session/SessionTree";
import {
	selectionOf,
	type TreeDate,
	useSessionSelection,
} from "../../components/session/use-session-selection";
import { formatDateLabel, formatLapTime } from "../../lib/format";
import { lapSummaryText } from "../../lib/lap-summary";
import { selectionHref } from "../../lib/selection-url";
import { type SessionEntry, sessionsNewestFirst } from "../../lib/session-choice";
import { sessionHealth } from "../../lib/session-health";
import "../user.css";

/** How many sessions the list shows before "Mostrar todas". */
const LIST_LIMIT = 6;

function lapCountText(count: number): string {
	return count === 1 ? "1 volta" : `${count} voltas`;
}

function HealthBadge({ date }: { date: TreeDate }) {
	const health = sessionHealth(date);
	if (health.level === "ok") return null;
	const text =
		health.level === "broken"
			? "não pôde ser lida"
			: health.level === "pending"
				? "sendo lida"
				: date.error
					? "último envio com erro"
					: `${date.ignoredLines.gpsSix + date.ignoredLines.lapSix} linhas ignoradas`;
	return <span className={`badge badge--${health.level}`}>{text}</span>;
}

/** The rider's sessions, newest first, each one tap away from its laps, analysis and map. */
function SessionList({
	entries,
	current,
	onMap,
}: {
	entries: SessionEntry<TreeDate>[];
	current: string | null;
	onMap: (entry: SessionEntry<TreeDate>) => void;
}) {
	const [all, setAll] = useState(false);
	const shown = all ? entries : entries.slice(0, LIST_LIMIT);
	return (
		<>
			<ul className="session-list" data-testid="session-list">
				{shown.map((entry) => {
					const { track, date } = entry;
					const where = `${track}, ${formatDateLabel(date.folder)}`;
					const best = date.bestLap;
					return (
						<li
							key={date.sessionId}
							className="session-row"
							aria-current={date.sessionId === current ? "true" : undefined}
						>
							<div className="session-row__what">
								<span className="session-row__track">{track}</span>
								<span className="session-row__date num">{formatDateLabel(date.folder)}</span>
								<HealthBadge date={date} />
							</div>
							<div className="session-row__facts num">
								<span>
									Melhor volta <strong>{best ? formatLapTime(best.timeMs) : "—"}</strong>
								</span>
								<span>{lapCountText(date.laps.length)}</span>
							</div>
							<div className="session-row__actions">
								<Link
									className="btn btn--small"
									to={selectionHref("/laps", selectionOf(track, date, null))}
									aria-label={`Voltas de ${where}`}
								>
									Voltas
								</Link>
								<Link
									className="btn btn--small"
									to={selectionHref("/analytics", selectionOf(track, date, best?.number ?? null))}
									aria-label={`Análise de ${where}`}
								>
									Análise
								</Link>
								<Link
									className="btn btn--small"
									to={selectionHref("/user", selectionOf(track, date, best?.number ?? null))}
									aria-label={`Mapa de ${where}`}
									onClick={() => onMap(entry)}
								>
									Mapa
								</Link>
							</div>
						</li>
					);
				})}
			</ul>
			{entries.length > LIST_LIMIT ? (
				<button type="button" className="btn btn--small" onClick={() => setAll((a) => !a)}>
					{all ? "Mostrar menos" : `Mostrar todas (${entries.length})`}
				</button>
			) : null}
		</>
	);
}

/** The drawing of the selection, with what it shows in words for screen readers. */
function Viewer({ entry, lap }: { entry: SessionEntry<TreeDate>; lap: number | null }) {
	const detail = useSession(entry.date.sessionId);
	const where = `${entry.track}, ${formatDateLabel(entry.date.folder)}`;
	const lapView = lap === null ? null : detail.data?.laps.find((l) => l.number === lap);
	const best = detail.data?.summary?.bestLap?.number ?? entry.date.bestLap?.number ?? null;
	const label =
		lap === null
			? `Traçado de todas as voltas de ${where}.`
			: lapView
				? lapSummaryText(lapView, where, lap === best, detail.data?.session.leanEstimated)
				: `Traçado da volta ${lap} em ${where}.`;
	if (entry.date.laps.length === 0) {
		return <p className="state">Esta sessão não tem voltas completas para desenhar.</p>;
	}
	return (
		<PathViewer
			sessionId={entry.date.sessionId}
			lap={lap}
			label={label}
			leanEstimated={detail.data?.session.leanEstimated}
		/>
	);
}

function viewerTitle(entry: SessionEntry<TreeDate>, lap: number | null): string {
	const where = `${entry.track}, ${formatDateLabel(entry.date.folder)}`;
	if (lap === null) return `Sessão inteira — ${where}`;
	const found = entry.date.laps.find((l) => l.number === lap);
	return `Volta ${lap}${found ? ` (${formatLapTime(found.timeMs)})` : ""} — ${where}`;
}

/** On a phone the map is below the list and the tree: bring it up after a choice. */
function bringIntoView(element: HTMLElement | null) {
	if (!element) return;
	requestAnimationFrame(() => {
		const rect = element.getBoundingClientRect();
		if (rect.top >= 0 && rect.top < window.innerHeight * 0.5) return;
		const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
		element.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
	});
}

/**
 * A rider's home: their sessions newest first (track, date, best lap, lap count, links to laps,
 * analysis and map), then the spec's tree and the chosen lap's map, all on one page. The choice
 * lives in the address; with none, the most recent session and its best lap are shown.
 */
export function RiderSessions() {
	const user = useCurrentUser();
	const { tree, url, resolved, select } = useSessionSelection((r) =>
		r.kind === "session" && !r.chosen
			? selectionOf(r.entry.track, r.entry.date, r.entry.date.bestLap?.number ?? null)
			: null,
	);
	const entry = resolved?.kind === "session" ? resolved.entry : null;
	const [openTrack, setOpenTrack] = useState<string | null>(null);
	const [openSession, setOpenSession] = useState<string | null>(null);
	const viewer = useRef<HTMLElement>(null);

	// The tree opens where the address points (also after Back and Forward).
	const selectedId = entry?.date.sessionId ?? null;
	const selectedTrack = entry?.track ?? null;
	useEffect(() => {
		if (selectedId === null) return;
		setOpenTrack(selectedTrack);
		setOpenSession(selectedId);
	}, [selectedId, selectedTrack]);

	const tracks = tree.data?.tracks ?? [];
	const lap = entry && url.lap !== null ? url.lap : null;
	const showLap = (found: SessionEntry<TreeDate>, lapNumber: number | null) => {
		select(selectionOf(found.track, found.date, lapNumber));
		bringIntoView(viewer.current);
	};

	const showImported = (track: string, date: string) => {
		const found = tracks.find((t) => t.track === track)?.dates.find((d) => d.date === date);
		if (found) {
			setOpenTrack(track);
			setOpenSession(found.sessionId);
			select(selectionOf(track, found, found.bestLap?.number ?? null));
		} else {
			select({ track, date, lap: null });
		}
		bringIntoView(viewer.current);
	};

	return (
		<>
			<ImportPanel onShow={showImported} />
			<SessionSelectionStates
				tree={tree}
				resolved={resolved}
				path="/user"
				noSessionsText={
					user?.hardwareId
						? "Nenhuma sessão gravada ainda. Quando o logger enviar uma sessão, ela aparece aqui."
						: "Nenhuma sessão ainda. Importe uma gravação de outro aparelho ou aplicativo acima, ou fale com seu revendedor sobre um logger."
				}
			>
				{(current) => (
					<>
						<section className="card" aria-labelledby="user-sessions-title">
							<h2 id="user-sessions-title">Sessões, da mais recente</h2>
							<SessionList
								entries={sessionsNewestFirst(tracks)}
								current={current.date.sessionId}
								onMap={() => bringIntoView(viewer.current)}
							/>
						</section>
						<div className="user-grid">
							<section className="card user-tree" aria-labelledby="user-tree-title">
								<h2 id="user-tree-title">Pistas</h2>
								<SessionTreeView
									tracks={tracks}
									trackHref={(track) => `/track?${new URLSearchParams({ track })}`}
									compareHref={(track, date) =>
										date.bestLap
											? `${selectionHref("/analytics", { track, date: date.date, lap: date.bestLap.number })}&cmp=1`
											: null
									}
									openTrack={openTrack}
									openSession={openSession}
									selection={{ sessionId: current.date.sessionId, lap }}
									onToggleTrack={(track) => {
										setOpenTrack((open) => (open === track ? null : track));
										setOpenSession(null);
									}}
									onToggleSession={(sessionId) => {
										if (openSession === sessionId) {
											setOpenSession(null);
											return;
										}
										setOpenSession(sessionId);
										const found = tracks
											.flatMap((t) => t.dates.map((date) => ({ track: t.track, date })))
											.find((e) => e.date.sessionId === sessionId);
										// Opening a date shows it: its best lap, or that it has none.
										if (found) showLap(found, found.date.bestLap?.number ?? null);
									}}
									onSelect={(selection) => {
										const found = tracks
											.flatMap((t) => t.dates.map((date) => ({ track: t.track, date })))
											.find((e) => e.date.sessionId === selection.sessionId);
										if (found) showLap(found, selection.lap);
									}}
								/>
							</section>
							<section
								ref={viewer}
								className="card user-viewer"
								aria-labelledby="user-viewer-title"
								data-testid="user-viewer"
							>
								<h2 id="user-viewer-title">{viewerTitle(current, lap)}</h2>
								<SessionHealthNotice date={current.date} />
								<Viewer key={`${current.date.sessionId}:${lap}`} entry={current} lap={lap} />
							</section>
						</div>
					</>
				)}
			</SessionSelectionStates>
		</>
	);
}
