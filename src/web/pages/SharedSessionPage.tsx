import { useId, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { ApiError } from "../api/client";
import { type SharedSession, useSharedSession } from "../api/share-hooks";
import { SharedTokenContext } from "../api/shared-token";
import type { ColourBy } from "../canvas/scene";
import { ExportMenu } from "../components/session/ExportMenu";
import { LapTable } from "../components/session/LapTable";
import { EmptyState, ErrorState, SkeletonLines } from "../components/ui/States";
import { formatDateLabel, formatIsoDate, formatLapTime } from "../lib/format";
import { useDocumentTitle } from "../lib/use-document-title";
import { LapAnalysis } from "./analytics/LapAnalysis";
import { SessionFigures } from "./analytics/SessionFigures";
import "../components/layout/layout.css";
import "../components/session/session-picker.css";
import "./analytics.css";
import "./laps.css";
import "./shared.css";

const LAP_PARAM = "volta";

/**
 * What a read-only link opens, without signing in: the session's laps, figures, charts and
 * map, read through the link's own API. No menu, no account, no other session: the frame has
 * the brand and nothing to navigate to.
 */
export default function SharedSessionPage() {
	const { token = "" } = useParams();
	const shared = useSharedSession(token);
	useDocumentTitle(
		shared.data
			? `${shared.data.session.track} · ${formatDateLabel(shared.data.session.folder)}`
			: "Sessão compartilhada",
	);
	return (
		<div className="shared">
			<header className="app-header">
				<span className="app-header__brand shared__brand">
					lap<span className="app-header__brand-accent">six</span>
				</span>
				<span className="shared__badge">Sessão compartilhada · somente leitura</span>
			</header>
			<main className="shared__main" id="conteudo">
				<div className="page page--wide">
					{shared.isPending ? <SkeletonLines lines={8} label="Carregando a sessão…" /> : null}
					{shared.isError ? (
						shared.error instanceof ApiError && shared.error.status === 404 ? (
							<div className="card shared__gone" data-testid="shared-gone">
								<h1>Link indisponível</h1>
								<p>Este link não existe, expirou ou foi revogado por quem o compartilhou.</p>
							</div>
						) : (
							<ErrorState
								what="Não foi possível carregar a sessão."
								error={shared.error}
								onRetry={() => void shared.refetch()}
							/>
						)
					) : null}
					{shared.data ? (
						<SharedTokenContext.Provider value={token}>
							<SharedSessionView token={token} data={shared.data} />
						</SharedTokenContext.Provider>
					) : null}
				</div>
			</main>
		</div>
	);
}

function SharedSessionView({ token, data }: { token: string; data: SharedSession }) {
	const id = useId();
	const [search, setSearch] = useSearchParams();
	const [colourBy, setColourBy] = useState<ColourBy>("speed");
	const { session, laps, summary, share } = data;
	const bestNumber = summary?.bestLap?.number ?? null;
	const asked = Number(search.get(LAP_PARAM));
	const lapNumber =
		Number.isInteger(asked) && asked > 0 ? asked : (share.comparison?.lap ?? bestNumber);
	const chosen = laps.find((l) => l.number === lapNumber) ?? null;
	const where = `${session.track}, ${formatDateLabel(session.folder)}`;
	const lapHref = (n: number) => `/s/${encodeURIComponent(token)}?${LAP_PARAM}=${n}`;
	return (
		<>
			<h1 className="page__title" data-testid="session-title">
				{session.track} · {formatDateLabel(session.folder)}
				<span className="page__subtitle">
					{laps.length === 1 ? "1 volta" : `${laps.length} voltas`}
					{summary?.bestLap ? ` · melhor ${formatLapTime(summary.bestLap.timeMs)}` : ""}
				</span>
			</h1>
			<p className="shared__note">
				Link válido até {formatIsoDate(share.expiresAt)}.
				{share.comparison
					? ` Sugestão de quem compartilhou: a volta ${share.comparison.lap} comparada à volta ${share.comparison.refLap}.`
					: ""}
			</p>
			{laps.length === 0 || !summary ? (
				<EmptyState text="Esta sessão não tem voltas para mostrar." />
			) : (
				<>
					<section className="card" aria-labelledby={`${id}-figures`}>
						<h2 id={`${id}-figures`}>Resumo da sessão</h2>
						<SessionFigures summary={summary} />
					</section>
					<div className="analytics-controls">
						<div className="picker__field">
							<label htmlFor={`${id}-lap`}>Volta:</label>
							<select
								id={`${id}-lap`}
								className="select"
								value={chosen?.number ?? ""}
								onChange={(event) => setSearch({ [LAP_PARAM]: event.target.value })}
							>
								{chosen ? null : <option value="">Selecione a volta</option>}
								{laps.map((l) => (
									<option key={l.number} value={l.number}>
										Volta {l.number} — {formatLapTime(l.timeMs)}
										{l.number === bestNumber ? " (melhor)" : ""}
									</option>
								))}
							</select>
						</div>
						<fieldset className="toggle">
							<legend>Colorir o mapa por</legend>
							{(["speed", "lean"] as const).map((value) => (
								<label
									key={value}
									className={colourBy === value ? "toggle__option is-on" : "toggle__option"}
								>
									<input
										type="radio"
										name={`${id}-colour`}
										checked={colourBy === value}
										onChange={() => setColourBy(value)}
									/>
									{value === "speed" ? "Velocidade" : "Inclinação"}
								</label>
							))}
						</fieldset>
						<ExportMenu
							key={chosen?.number ?? "session"}
							target={{ shareToken: token }}
							lap={chosen?.number ?? null}
						/>
					</div>
					{chosen ? (
						<LapAnalysis
							key={chosen.number}
							sessionId={token}
							lap={chosen}
							where={where}
							best={chosen.number === bestNumber}
							colourBy={colourBy}
						/>
					) : (
						<EmptyState text={`A volta ${lapNumber ?? ""} não existe nesta sessão.`} />
					)}
					<section className="card shared__laps" aria-labelledby={`${id}-laps`}>
						<h2 id={`${id}-laps`}>Voltas</h2>
						<LapTable laps={laps} selectedLap={chosen?.number ?? null} lapHref={lapHref} />
					</section>
				</>
			)}
		</>
	);
}
