import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { prefetchComparison } from "../api/compare-hooks";
import { useCurrentUser, useSession } from "../api/hooks";
import type { ColourBy } from "../canvas/scene";
import { Page } from "../components/layout/Page";
import { ExportMenu } from "../components/session/ExportMenu";
import { SessionHealthNotice } from "../components/session/SessionHealthNotice";
import { SessionPicker } from "../components/session/SessionPicker";
import { SessionSelectionStates } from "../components/session/SessionSelectionStates";
import {
	selectionOf,
	type TreeDate,
	useSessionSelection,
} from "../components/session/use-session-selection";
import { SessionTimingPanel } from "../components/timing/SessionTimingPanel";
import { EmptyState, ErrorState, LoadingState, SkeletonLines } from "../components/ui/States";
import { chunk, useChunk } from "../lib/chunk";
import { type RefChoice, readCompare, withCompare } from "../lib/compare-url";
import { formatDateLabel, formatLapTime, loggerLabel } from "../lib/format";
import { SCREEN_NAMES } from "../lib/menu";
import { selectionHref } from "../lib/selection-url";
import type { SessionEntry } from "../lib/session-choice";
import { leanLabel } from "../lib/source-labels";
import { LapAnalysis } from "./analytics/LapAnalysis";
import { SessionFigures } from "./analytics/SessionFigures";
import { likelyReference } from "./compare/reference-choice";
import "./analytics.css";

const comparisonChunk = chunk(() => import("./compare/LapComparison"));

interface CompareState {
	on: boolean;
	ref: RefChoice;
}

function SessionAnalytics({
	entry,
	lap,
	onLap,
	compare,
	onCompare,
}: {
	entry: SessionEntry<TreeDate>;
	lap: number | null;
	onLap: (lap: number) => void;
	compare: CompareState;
	onCompare: (next: CompareState) => void;
}) {
	const id = useId();
	const session = useSession(entry.date.sessionId);
	// The comparison's code is fetched while the lap is on screen, so "Comparar" waits for data only.
	const comparison = useChunk(comparisonChunk);
	const client = useQueryClient();
	const [colourBy, setColourBy] = useState<ColourBy>("speed");
	if (session.isPending) return <SkeletonLines lines={6} label="Carregando a análise…" />;
	if (session.isError) {
		return (
			<ErrorState
				what="Não foi possível carregar a análise."
				error={session.error}
				onRetry={() => void session.refetch()}
			/>
		);
	}
	const { session: info, laps, summary } = session.data;
	const where = `${info.track}, ${formatDateLabel(info.folder)}`;
	const bestNumber = summary?.bestLap?.number ?? null;
	const chosen = laps.find((l) => l.number === lap) ?? null;
	const LapComparison = comparison.kind === "ready" ? comparison.module.default : null;
	// A pointer over "Comparar" (or the keyboard on it, or the click) starts the comparison's
	// downloads.
	const prefetchCompare = () => {
		if (!chosen || compare.on) return;
		const guess = likelyReference(compare.ref, info.id, chosen.number, bestNumber);
		prefetchComparison(client, info.id, chosen.number, guess);
	};
	return (
		<section aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`} className="session-title" data-testid="session-title">
				{info.track} · {formatDateLabel(info.folder)}
				<span className="session-title__meta">
					{laps.length === 1 ? "1 volta" : `${laps.length} voltas`}
				</span>
			</h2>
			<SessionHealthNotice date={entry.date} />
			<SessionTimingPanel detail={session.data} />
			{laps.length === 0 || !summary ? (
				<EmptyState
					text={
						entry.date.status === "failed"
							? "Não há voltas para analisar nesta sessão."
							: "Esta sessão ainda não tem voltas para analisar."
					}
				/>
			) : (
				<>
					<section className="card" aria-labelledby={`${id}-figures`}>
						<h3 id={`${id}-figures`}>Resumo da sessão</h3>
						<SessionFigures summary={summary} leanEstimated={info.leanEstimated} />
					</section>
					<div className="analytics-controls">
						<div className="picker__field">
							<label htmlFor={`${id}-lap`}>Volta:</label>
							<select
								id={`${id}-lap`}
								className="select"
								value={chosen?.number ?? ""}
								onChange={(event) => onLap(Number(event.target.value))}
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
							<legend>Mostrar</legend>
							<label className={compare.on ? "toggle__option" : "toggle__option is-on"}>
								<input
									type="radio"
									name={`${id}-view`}
									checked={!compare.on}
									onChange={() => onCompare({ ...compare, on: false })}
								/>
								Volta
							</label>
							<label
								className={compare.on ? "toggle__option is-on" : "toggle__option"}
								onPointerEnter={prefetchCompare}
							>
								<input
									type="radio"
									name={`${id}-view`}
									checked={compare.on}
									onFocus={prefetchCompare}
									onChange={() => {
										// The downloads start now, not once the comparison has rendered.
										prefetchCompare();
										onCompare({ ...compare, on: true });
									}}
									data-testid="compare-toggle"
								/>
								Comparar
							</label>
						</fieldset>
						{compare.on ? null : (
							<fieldset className="toggle">
								<legend>Colorir o mapa por</legend>
								<label className={colourBy === "speed" ? "toggle__option is-on" : "toggle__option"}>
									<input
										type="radio"
										name={`${id}-colour`}
										checked={colourBy === "speed"}
										onChange={() => setColourBy("speed")}
									/>
									Velocidade
								</label>
								<label className={colourBy === "lean" ? "toggle__option is-on" : "toggle__option"}>
									<input
										type="radio"
										name={`${id}-colour`}
										checked={colourBy === "lean"}
										onChange={() => setColourBy("lean")}
									/>
									{leanLabel(info.leanEstimated)}
								</label>
							</fieldset>
						)}
						<ExportMenu
							key={chosen?.number ?? "session"}
							target={{ sessionId: info.id }}
							lap={chosen?.number ?? null}
						/>
					</div>
					{chosen && compare.on ? (
						LapComparison ? (
							<LapComparison
								key={chosen.number}
								sessionId={info.id}
								lap={chosen.number}
								choice={compare.ref}
								onChoose={(ref) => onCompare({ on: true, ref })}
							/>
						) : comparison.kind === "error" ? (
							<ErrorState
								what="Não foi possível carregar a comparação."
								error={comparison.error}
								onRetry={comparison.retry}
							/>
						) : (
							<LoadingState text="Carregando a comparação…" />
						)
					) : chosen ? (
						<LapAnalysis
							key={chosen.number}
							sessionId={info.id}
							lap={chosen}
							where={where}
							best={chosen.number === bestNumber}
							colourBy={colourBy}
							leanEstimated={info.leanEstimated}
						/>
					) : lap !== null ? (
						<div className="state state--error" role="alert">
							<span className="state__text">
								<strong>A volta {lap} não existe nesta sessão.</strong>
							</span>
							{bestNumber !== null ? (
								<Link
									className="btn btn--small"
									to={selectionHref("/analytics", selectionOf(entry.track, entry.date, bestNumber))}
								>
									Ver a melhor volta
								</Link>
							) : null}
						</div>
					) : null}
				</>
			)}
		</section>
	);
}

/** GPS analytics of the session in the address: figures, the lap's charts and its map. */
export default function AnalyticsPage() {
	const user = useCurrentUser();
	const { tree, url, resolved, select } = useSessionSelection((r, u) => {
		if (r.kind !== "session") return null;
		const lap = u.lap ?? r.entry.date.bestLap?.number ?? null;
		return !r.chosen || lap !== u.lap ? selectionOf(r.entry.track, r.entry.date, lap) : null;
	});
	const entry = resolved?.kind === "session" ? resolved.entry : null;
	const session = useSession(entry?.date.sessionId ?? null);
	const [params, setParams] = useSearchParams();
	const compare = readCompare(params);
	// Rendered in the click's own task: as a transition (the router's default) the old view stays
	// up, re-rendering as the comparison's downloads report, and the new one renders in slices.
	const onCompare = (next: CompareState) =>
		setParams((current) => withCompare(current, next), { flushSync: true });

	return (
		<Page
			title="Seleção de Laps"
			subtitle={<>Análise · {loggerLabel(user?.hardwareId)}</>}
			documentTitle={SCREEN_NAMES.analytics}
			wide
		>
			{tree.data && tree.data.tracks.length > 0 ? (
				<SessionPicker
					tracks={tree.data.tracks}
					track={entry?.track ?? url.track}
					date={entry?.date.date ?? url.date}
					onChoose={(track, date) => select({ track, date, lap: null })}
					onReload={() => {
						void tree.refetch();
						if (entry) void session.refetch();
					}}
					reloading={tree.isFetching || session.isFetching}
				/>
			) : null}
			<SessionSelectionStates
				tree={tree}
				resolved={resolved}
				path="/analytics"
				noSessionsText="Selecione pista e data. Ainda não há sessões gravadas: quando o logger enviar uma, a análise aparece aqui."
			>
				{(found) => (
					<SessionAnalytics
						key={found.date.sessionId}
						entry={found}
						lap={url.lap}
						onLap={(lap) => select(selectionOf(found.track, found.date, lap))}
						compare={compare}
						onCompare={onCompare}
					/>
				)}
			</SessionSelectionStates>
		</Page>
	);
}
