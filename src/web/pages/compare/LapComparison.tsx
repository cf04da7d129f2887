import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { prefetchComparison, useLapReferences } from "../../api/compare-hooks";
import { useSession } from "../../api/hooks";
import { EmptyState, ErrorState, LoadingState } from "../../components/ui/States";
import type { RefChoice } from "../../lib/compare-url";
import { formatLapTime } from "../../lib/format";
import CompareCharts from "./CompareCharts";
import { CornerCompareTable, SectorCompareTable } from "./CompareTables";
import { deltaText } from "./compare-series";
import { ReferencePicker } from "./ReferencePicker";
import { likelyReference, type ResolvedReference, resolveReference } from "./reference-choice";
import { useComparison } from "./use-comparison";
import "./compare.css";

function ComparisonBody({
	sessionId,
	lap,
	reference,
	cornersOn,
}: {
	sessionId: string;
	lap: number;
	reference: ResolvedReference;
	cornersOn: { sessionId: string; lap: number } | null;
}) {
	const state = useComparison(
		{ sessionId, lap },
		{ sessionId: reference.sessionId, lap: reference.lap },
		cornersOn,
	);
	if (state.kind === "loading") return <LoadingState text="Comparando as voltas…" />;
	if (state.kind === "error") {
		return (
			<ErrorState
				what="Não foi possível carregar as voltas."
				error={state.error}
				onRetry={state.retry}
			/>
		);
	}
	if (state.kind === "no-path") {
		return (
			<EmptyState
				text={
					state.which === "lap"
						? "Esta volta não tem pontos de GPS para comparar."
						: "A volta de referência não tem pontos de GPS."
				}
			/>
		);
	}
	const { comparison } = state;
	const { delta } = comparison;
	const finish = state.lapTimeMs - state.referenceTimeMs;
	const lapLabel = `Volta ${lap}`;
	const referenceLabel = `Ref.: ${reference.sessionId === sessionId ? `volta ${reference.lap}` : reference.label.split(" — ")[0]}`;
	return (
		<>
			<p className="compare-summary" data-testid="compare-summary">
				<strong>{lapLabel}</strong> {formatLapTime(state.lapTimeMs)} contra{" "}
				<strong>{reference.label}</strong>:{" "}
				<span
					className={finish > 0 ? "compare-diff--lost" : finish < 0 ? "compare-diff--gained" : ""}
					data-testid="compare-finish-delta"
				>
					{deltaText(finish)}
				</span>
			</p>
			{delta.status !== "ok" ? (
				<div className="state state--error" role="alert" data-testid="compare-refused">
					<span className="state__text">
						<strong>Não dá para comparar estas voltas ponto a ponto.</strong> {delta.reason}
					</span>
				</div>
			) : (
				<section className="card" aria-labelledby="compare-charts-title">
					<h3 id="compare-charts-title">Velocidade, inclinação e delta</h3>
					<CompareCharts
						trace={delta}
						corners={comparison.corners}
						lapLabel={lapLabel}
						referenceLabel={referenceLabel}
					/>
				</section>
			)}
			<div className="compare-tables">
				<section className="card" aria-labelledby="compare-sectors-title">
					<h3 id="compare-sectors-title">Setores</h3>
					<SectorCompareTable sectors={comparison.sectors} />
				</section>
				<section className="card" aria-labelledby="compare-corners-title">
					<h3 id="compare-corners-title">Curvas (onde mais se perde primeiro)</h3>
					{comparison.cornerDifferences ? (
						<CornerCompareTable
							corners={comparison.cornerDifferences}
							leanEstimated={
								delta.status === "ok" && (delta.leanEstimated.lap || delta.leanEstimated.reference)
							}
						/>
					) : (
						<p className="compare-empty">Sem curvas: as voltas não puderam ser comparadas.</p>
					)}
				</section>
			</div>
		</>
	);
}

/**
 * A lap against a reference: which references exist comes from the server; the comparison
 * itself runs here, on both laps' channels.
 */
export default function LapComparison({
	sessionId,
	lap,
	choice,
	onChoose,
}: {
	sessionId: string;
	lap: number;
	choice: RefChoice;
	onChoose: (choice: RefChoice) => void;
}) {
	const client = useQueryClient();
	const sessionBestLap = useSession(sessionId).data?.summary?.bestLap?.number ?? null;
	const guess = likelyReference(choice, sessionId, lap, sessionBestLap);
	const guessSession = guess?.sessionId ?? null;
	const guessLap = guess?.lap ?? null;
	// Both laps' channels load alongside the references, not after them.
	useEffect(() => {
		const likely =
			guessSession !== null && guessLap !== null
				? { sessionId: guessSession, lap: guessLap }
				: null;
		prefetchComparison(client, sessionId, lap, likely);
	}, [client, sessionId, lap, guessSession, guessLap]);
	const references = useLapReferences(sessionId, lap);
	if (references.isPending) return <LoadingState text="Carregando as voltas de referência…" />;
	if (references.isError) {
		return (
			<ErrorState
				what="Não foi possível carregar as voltas de referência."
				error={references.error}
				onRetry={() => void references.refetch()}
			/>
		);
	}
	const refs = references.data;
	const outcome = resolveReference(refs, choice);
	const cornersFrom = refs.personalBest ?? refs.sessionBest;
	// The track's corners are found on one lap (the personal best) so that every comparison
	// numbers them alike; when that lap is the reference itself, compareLaps finds them there and
	// no second lap is needed.
	const cornersOn = (reference: ResolvedReference) =>
		cornersFrom &&
		!(cornersFrom.sessionId === reference.sessionId && cornersFrom.number === reference.lap)
			? { sessionId: cornersFrom.sessionId, lap: cornersFrom.number }
			: null;
	return (
		<div className="compare" data-testid="lap-comparison">
			<div className="analytics-controls">
				<ReferencePicker references={refs} choice={choice} onChoose={onChoose} />
			</div>
			{outcome.kind === "missing" ? (
				<EmptyState text={outcome.message} />
			) : (
				<ComparisonBody
					key={`${outcome.reference.sessionId}.${outcome.reference.lap}`}
					sessionId={sessionId}
					lap={lap}
					reference={outcome.reference}
					cornersOn={cornersOn(outcome.reference)}
				/>
			)}
		</div>
	);
}
