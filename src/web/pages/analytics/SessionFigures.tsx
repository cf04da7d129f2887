import type { ReactNode } from "react";
import type { SessionSummaryView } from "../../../shared/api/sessions";
import {
	formatDurationSeconds,
	formatLean,
	formatOptionalLapTime,
	formatSpeed,
} from "../../lib/format";

function withLap(value: string, lap: number): ReactNode {
	return (
		<>
			{value} <span className="figures__lap">(volta {lap})</span>
		</>
	);
}

/** The session's figures: as the server computed them (the same as `lapsix analyze`). */
export function SessionFigures({
	summary,
	leanEstimated = false,
}: {
	summary: SessionSummaryView;
	leanEstimated?: boolean;
}) {
	const figures: { key: string; label: string; value: ReactNode }[] = [
		{
			key: "max-speed",
			label: "Velocidade máxima",
			value: summary.maxSpeed
				? withLap(formatSpeed(summary.maxSpeed.kmh), summary.maxSpeed.lap)
				: "—",
		},
		{
			key: "max-roll",
			label: `Inclinação máxima à direita${leanEstimated ? " (estimada)" : ""}`,
			value: summary.maxRoll ? withLap(formatLean(summary.maxRoll.deg), summary.maxRoll.lap) : "—",
		},
		{
			key: "min-roll",
			label: `Inclinação máxima à esquerda${leanEstimated ? " (estimada)" : ""}`,
			value: summary.minRoll ? withLap(formatLean(summary.minRoll.deg), summary.minRoll.lap) : "—",
		},
		{
			key: "best-lap",
			label: "Melhor volta",
			value: summary.bestLap
				? withLap(formatOptionalLapTime(summary.bestLap.timeMs), summary.bestLap.number)
				: "—",
		},
		{
			key: "theoretical-best",
			label: "Melhor volta teórica",
			value: formatOptionalLapTime(summary.theoreticalBestMs),
		},
		{ key: "mean", label: "Média", value: formatOptionalLapTime(summary.meanLapMs) },
		{ key: "std-dev", label: "Desvio padrão", value: formatDurationSeconds(summary.stdDevLapMs) },
	];
	return (
		<dl className="figures">
			{figures.map((figure) => (
				<div key={figure.key} className="figures__item">
					<dt>{figure.label}</dt>
					<dd className="num" data-testid={`figure-${figure.key}`}>
						{figure.value}
					</dd>
				</div>
			))}
		</dl>
	);
}
