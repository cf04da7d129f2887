import { useState } from "react";
import { Link } from "react-router";
import type { OverviewSession } from "../../../shared/api/overview";
import { EmptyState, ErrorState, SkeletonLines } from "../../components/ui/States";
import { formatIsoDate } from "../../lib/format";
import { readableFailure } from "../../lib/session-health";
import { LastSeen } from "../../management/LastSeen";
import { cellText, UNNAMED } from "../../management/labels";
import { useAdminOverview } from "../../management/queries";
import { formatAbsoluteTime } from "../../management/relative-time";
import { useNow } from "../../management/use-now";
import "./home.css";

/** How many loggers the overview lists; the rest are on /hardware. */
const LOGGERS_SHOWN = 8;

function startOfToday(): string {
	const now = new Date();
	return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

function SessionLine({ session, failed }: { session: OverviewSession; failed: boolean }) {
	return (
		<li className="home-row">
			<div className="home-row__main">
				<strong>{session.track}</strong> <span className="num">{formatIsoDate(session.date)}</span>
				<span className="home-row__sub">
					{session.hardwareId ? `Logger ${session.hardwareId}` : "Importada"} ·{" "}
					{session.riderEmail ?? "sem piloto"}
				</span>
			</div>
			<div className="home-row__side">
				{failed && session.error ? (
					<span className="home-row__problem">{readableFailure(session.error)}</span>
				) : (
					<span className="num">
						{session.lapCount === 1 ? "1 volta" : `${session.lapCount} voltas`}
						{session.ignoredLines > 0 ? (
							<span className="badge">
								{session.ignoredLines === 1
									? "1 linha ignorada"
									: `${session.ignoredLines} linhas ignoradas`}
							</span>
						) : null}
					</span>
				)}
				<time className="home-row__sub num" dateTime={session.updatedAt}>
					{formatAbsoluteTime(session.updatedAt)}
				</time>
			</div>
		</li>
	);
}

/** An admin's home: counts, what could not be read, what arrived today, loggers by last contact. */
export function AdminHome() {
	const [since] = useState(startOfToday);
	const overview = useAdminOverview(since);
	const now = useNow();
	if (overview.isPending) return <SkeletonLines lines={8} label="Carregando a visão geral…" />;
	if (overview.isError) {
		return (
			<ErrorState
				what="Não foi possível carregar a visão geral."
				error={overview.error}
				onRetry={() => void overview.refetch()}
			/>
		);
	}
	const { counts, loggers, sessionsToday, failedIngests } = overview.data;
	return (
		<div className="home" data-testid="admin-home">
			<dl className="home-counts">
				<div>
					<dt>Loggers</dt>
					<dd className="num">{counts.loggers}</dd>
				</div>
				<div>
					<dt>Pilotos</dt>
					<dd className="num">{counts.riders}</dd>
				</div>
				<div>
					<dt>Sessões gravadas</dt>
					<dd className="num">{counts.sessions}</dd>
				</div>
			</dl>
			<div className="home-grid">
				<section className="card" aria-labelledby="home-failed-title">
					<h2 id="home-failed-title">Falhas de leitura</h2>
					{failedIngests.length === 0 ? (
						<EmptyState text="Nenhuma sessão com falha de leitura." />
					) : (
						<ul className="home-list" data-testid="failed-ingests">
							{failedIngests.map((s) => (
								<SessionLine key={s.id} session={s} failed />
							))}
						</ul>
					)}
				</section>
				<section className="card" aria-labelledby="home-today-title">
					<h2 id="home-today-title">Sessões recebidas hoje</h2>
					{sessionsToday.length === 0 ? (
						<EmptyState text="Nenhuma sessão recebida hoje." />
					) : (
						<ul className="home-list" data-testid="sessions-today">
							{sessionsToday.map((s) => (
								<SessionLine key={s.id} session={s} failed={false} />
							))}
						</ul>
					)}
				</section>
			</div>
			<section className="card" aria-labelledby="home-loggers-title">
				<h2 id="home-loggers-title">Loggers, pelo último contato</h2>
				{loggers.length === 0 ? (
					<EmptyState text="Nenhum logger cadastrado." />
				) : (
					<ul className="home-list" data-testid="loggers-last-seen">
						{loggers.slice(0, LOGGERS_SHOWN).map((logger) => (
							<li key={logger.id} className="home-row">
								<div className="home-row__main">
									<strong>{logger.id}</strong> {logger.name ? logger.name : UNNAMED}
									<span className="home-row__sub">{logger.ownerEmail ?? "em estoque"}</span>
								</div>
								<div className="home-row__side">
									<LastSeen at={logger.lastSeenAt} now={now} />
									<span className="home-row__sub">versão {cellText(logger.firmwareVersion)}</span>
								</div>
							</li>
						))}
					</ul>
				)}
				<Link to="/hardware" className="btn btn--small">
					Todos os loggers
				</Link>
			</section>
		</div>
	);
}
