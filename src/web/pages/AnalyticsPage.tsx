import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useCurrentUser, useLapPath, useSession } from "../api/hooks";
import type { ColourBy } from "../canvas/scene";
import { Page } from "../components/layout/Page";
import { PathViewer } from "../components/session/PathViewer";
import { SessionPicker } from "../components/session/SessionPicker";
import { EmptyState, ErrorState, LoadingState, SkeletonLines } from "../components/ui/States";
import { formatLapTime, loggerLabel } from "../lib/format";
import { SessionFigures } from "./analytics/SessionFigures";
import "./analytics.css";

const LapCharts = lazy(() => import("./analytics/LapCharts"));

function LapDetail({
	sessionId,
	lap,
	colourBy,
}: {
	sessionId: string;
	lap: number;
	colourBy: ColourBy;
}) {
	const path = useLapPath(sessionId, lap);
	return (
		<>
			<section className="card" aria-label="Gráficos da volta">
				<h2>Volta {lap}: velocidade e inclinação</h2>
				{path.isPending ? <LoadingState text="Carregando os dados da volta…" /> : null}
				{path.isError ? (
					<ErrorState
						what="Não foi possível carregar os dados da volta."
						error={path.error}
						onRetry={() => void path.refetch()}
					/>
				) : null}
				{path.data ? (
					path.data.path.lat.length === 0 ? (
						<EmptyState text="Esta volta não tem pontos de GPS." />
					) : (
						<Suspense fallback={<LoadingState text="Carregando os gráficos…" />}>
							<LapCharts path={path.data.path} />
						</Suspense>
					)
				) : null}
			</section>
			<section className="card" aria-label="Mapa da volta">
				<h2>Mapa da volta {lap}</h2>
				<PathViewer
					selection={{ kind: "lap", sessionId, lap }}
					colourBy={colourBy}
					title={`Mapa da volta ${lap} colorido por ${colourBy === "speed" ? "velocidade" : "inclinação"}`}
				/>
			</section>
		</>
	);
}

/** GPS analytics of one session: figures, the chosen lap's charts and its map. */
export default function AnalyticsPage() {
	const user = useCurrentUser();
	const id = useId();
	const [sessionId, setSessionId] = useState<string | null>(null);
	const [lap, setLap] = useState<number | null>(null);
	const [colourBy, setColourBy] = useState<ColourBy>("speed");
	const session = useSession(sessionId);
	const data = session.data;

	// A newly loaded session opens on its best lap.
	useEffect(() => {
		if (data) setLap(data.summary?.bestLap?.number ?? data.laps[0]?.number ?? null);
	}, [data]);

	const hasRows = data !== undefined && data.laps.length > 0 && data.summary !== null;
	return (
		<Page title="Seleção de Laps" subtitle={<>Analytics · {loggerLabel(user?.hardwareId)}</>} wide>
			<SessionPicker
				onLoad={(next) => {
					setSessionId(next);
					if (next !== sessionId) setLap(null);
				}}
			/>
			{sessionId !== null && session.isPending ? (
				<SkeletonLines lines={6} label="Carregando a análise…" />
			) : null}
			{session.isError ? (
				<ErrorState
					what="Não foi possível carregar a análise."
					error={session.error}
					onRetry={() => void session.refetch()}
				/>
			) : null}
			{sessionId === null || (data !== undefined && !hasRows) ? (
				<EmptyState text="Selecione pista e data." />
			) : null}
			{hasRows && data.summary ? (
				<>
					<section className="card" aria-labelledby={`${id}-figures`}>
						<h2 id={`${id}-figures`}>Resumo da sessão</h2>
						<SessionFigures summary={data.summary} />
					</section>
					<div className="analytics-controls">
						<div className="picker__field">
							<label htmlFor={`${id}-lap`}>Volta:</label>
							<select
								id={`${id}-lap`}
								className="select"
								value={lap ?? ""}
								onChange={(event) => setLap(Number(event.target.value))}
							>
								{data.laps.map((l) => (
									<option key={l.number} value={l.number}>
										Volta {l.number} — {formatLapTime(l.timeMs)}
									</option>
								))}
							</select>
						</div>
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
								Inclinação
							</label>
						</fieldset>
					</div>
					{lap !== null && sessionId !== null ? (
						<LapDetail sessionId={sessionId} lap={lap} colourBy={colourBy} />
					) : null}
				</>
			) : null}
		</Page>
	);
}
