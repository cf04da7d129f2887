import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { type TrackHistory, useTrackHistory } from "../api/compare-hooks";
import { useCurrentUser } from "../api/hooks";
import { Page } from "../components/layout/Page";
import { EmptyState, ErrorState, LoadingState, SkeletonLines } from "../components/ui/States";
import { withCompare } from "../lib/compare-url";
import {
	formatDateLabel,
	formatIsoDate,
	formatLapTime,
	formatOptionalLapTime,
	formatSectorTime,
} from "../lib/format";
import { selectionHref } from "../lib/selection-url";
import "./track/track.css";

const TrackProgressChart = lazy(() => import("./track/TrackProgressChart"));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The comparison of a session's best lap against the rider's personal best at the track; the
 * personal best itself against the default reference (the session's next fastest lap).
 */
function compareWithPbHref(
	track: string,
	session: { sessionId: string; date: string; bestLap: { number: number } | null },
	personalBest: { sessionId: string; number: number } | null,
): string | null {
	const lap = session.bestLap?.number;
	if (lap === undefined) return null;
	const isPb = personalBest?.sessionId === session.sessionId && personalBest.number === lap;
	const base = new URLSearchParams(
		selectionHref("/analytics", { track, date: session.date, lap }).split("?")[1],
	);
	return `/analytics?${withCompare(base, { on: true, ref: isPb ? { kind: "best" } : { kind: "pb" } })}`;
}

function History({ history, own }: { history: TrackHistory; own: boolean }) {
	const { track, sessions, personalBest, bestSectors, idealLapMs } = history;
	if (sessions.length === 0) {
		return <EmptyState text="Nenhuma sessão nesta pista ainda." />;
	}
	const newest = sessions[0]!;
	const newestHref = compareWithPbHref(track, newest, personalBest);
	return (
		<>
			<div className="track-cards">
				<section className="card" aria-labelledby="track-pb-title" data-testid="track-pb">
					<h2 id="track-pb-title">Recorde pessoal</h2>
					{personalBest ? (
						<>
							<p className="track-big num">{formatLapTime(personalBest.timeMs)}</p>
							<p className="track-muted">
								{formatIsoDate(personalBest.date)}, volta {personalBest.number}
							</p>
							{own && newestHref ? (
								<Link
									className="btn btn--small track-wrap"
									data-testid="compare-with-pb"
									to={newestHref}
								>
									Comparar a última sessão
								</Link>
							) : null}
						</>
					) : (
						<p className="track-muted">Nenhuma volta com GPS nesta pista.</p>
					)}
				</section>
				<section className="card" aria-labelledby="track-ideal-title">
					<h2 id="track-ideal-title">Melhores setores de sempre</h2>
					{bestSectors.length === 0 ? (
						<p className="track-muted">Sem tempos de setor.</p>
					) : (
						<table className="table" data-testid="track-best-sectors">
							<thead>
								<tr>
									<th scope="col">Setor</th>
									<th scope="col" className="table__num">
										Tempo
									</th>
									<th scope="col">Quando</th>
								</tr>
							</thead>
							<tbody>
								{bestSectors.map((s) => (
									<tr key={s.number}>
										<th scope="row">S{s.number}</th>
										<td className="table__num">{formatSectorTime(s.timeMs)}</td>
										<td>
											{formatIsoDate(s.date)}, volta {s.lap}
										</td>
									</tr>
								))}
								<tr className="track-ideal">
									<th scope="row">Volta ideal</th>
									<td className="table__num" data-testid="track-ideal-lap">
										{formatOptionalLapTime(idealLapMs)}
									</td>
									<td className="track-muted">soma dos melhores setores</td>
								</tr>
							</tbody>
						</table>
					)}
				</section>
			</div>
			<section className="card" aria-labelledby="track-chart-title">
				<h2 id="track-chart-title" className="visually-hidden">
					Evolução
				</h2>
				<Suspense fallback={<LoadingState text="Carregando o gráfico…" />}>
					<TrackProgressChart sessions={sessions} />
				</Suspense>
			</section>
			<section className="card" aria-labelledby="track-sessions-title">
				<h2 id="track-sessions-title">Sessões, da mais recente</h2>
				<div className="table-wrap">
					<table className="table" data-testid="track-sessions">
						<thead>
							<tr>
								<th scope="col">Data</th>
								<th scope="col" className="table__num">
									Voltas
								</th>
								<th scope="col" className="table__num">
									Melhor volta
								</th>
								<th scope="col" className="table__num">
									Melhor teórica
								</th>
								<th scope="col" className="table__num">
									Mediana
								</th>
								{own ? <th scope="col">Ver</th> : null}
							</tr>
						</thead>
						<tbody>
							{sessions.map((s) => (
								<tr key={s.sessionId}>
									<th scope="row" className="num">
										{formatDateLabel(s.folder)}
									</th>
									<td className="table__num">{s.lapCount}</td>
									<td className="table__num">
										{s.bestLap
											? `${formatLapTime(s.bestLap.timeMs)} (v. ${s.bestLap.number})`
											: "—"}
									</td>
									<td className="table__num">{formatOptionalLapTime(s.theoreticalBestMs)}</td>
									<td className="table__num">
										{s.medianLapMs === null ? "—" : formatLapTime(Math.round(s.medianLapMs))}
									</td>
									{own ? (
										<td className="track-links">
											<Link to={selectionHref("/laps", { track, date: s.date, lap: null })}>
												Voltas
											</Link>
											{s.bestLap ? (
												<Link to={compareWithPbHref(track, s, personalBest) ?? ""}>Comparar</Link>
											) : null}
										</td>
									) : null}
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</section>
		</>
	);
}

/**
 * A rider's history at one track (`/track?track=…[&riderId=…]`): every session newest first,
 * the personal best, the best sector times ever and the ideal lap, and the best and median lap
 * per session over time. Sellers and admins pass their rider's id.
 */
export default function TrackPage() {
	const user = useCurrentUser();
	const [params] = useSearchParams();
	const track = params.get("track")?.trim() || null;
	const riderParam = params.get("riderId");
	const riderId = riderParam && UUID.test(riderParam) ? riderParam : null;
	const history = useTrackHistory(track, riderId);
	const own = riderId === null || riderId === user?.id;
	return (
		<Page
			title={track ? `Pista: ${track}` : "Pista"}
			subtitle={history.data && !own ? `Piloto: ${history.data.rider.label}` : undefined}
			documentTitle={track ? `Pista ${track}` : "Pista"}
			wide
		>
			{track === null ? (
				<EmptyState text="Escolha uma pista na página inicial." />
			) : history.isPending ? (
				<SkeletonLines lines={8} label="Carregando o histórico da pista…" />
			) : history.isError ? (
				<ErrorState
					what="Não foi possível carregar o histórico da pista."
					error={history.error}
					onRetry={() => void history.refetch()}
				/>
			) : (
				<History history={history.data} own={own} />
			)}
		</Page>
	);
}
