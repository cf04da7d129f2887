/**
 * A lap in one sentence: what the track canvas says to screen readers in place of the drawing
 * ("Volta 7 em Interlagos, 15/03/2025: 01:42.345, 4310 m, máxima de 231,4 km/h…").
 */
import { formatLapTime, formatLean, formatMetres, formatSpeed } from "./format";

export interface LapFacts {
	number: number;
	timeMs: number;
	distanceM: number;
	maxSpeedKmh: number | null;
	maxRollDeg: number | null;
	minRollDeg: number | null;
}

export function lapSummaryText(
	lap: LapFacts,
	where: string,
	best: boolean,
	leanEstimated = false,
): string {
	const parts = [
		`${formatLapTime(lap.timeMs)}${best ? " (a melhor da sessão)" : ""}`,
		formatMetres(lap.distanceM),
	];
	if (lap.maxSpeedKmh !== null) parts.push(`velocidade máxima de ${formatSpeed(lap.maxSpeedKmh)}`);
	if (lap.maxRollDeg !== null && lap.minRollDeg !== null) {
		parts.push(
			`inclinação${leanEstimated ? " (estimada)" : ""} até ${formatLean(lap.maxRollDeg)} à direita e ${formatLean(lap.minRollDeg)} à esquerda`,
		);
	}
	return `Traçado da volta ${lap.number} em ${where}: ${parts.join(", ")}.`;
}
