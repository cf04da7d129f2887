/**
 * What `lapsix analyze` prints for laps timed from lines or lap marks (any recording, or a
 * `.six` pair re-timed from a line): per-lap and session figures, JSON or pt-BR text.
 */
import { formatLapTime } from "../../domain/format/time";
import { timedSessionFigures } from "../../domain/timing/figures";
import type { LoadedSession } from "./recording-input";
import { formatReport, oneDecimal, orDash, table, threeDecimals } from "./text";

export function timedSessionJson(session: LoadedSession) {
	const figures = timedSessionFigures(session.laps, session.fixCount);
	return {
		source: session.source,
		track: session.trackName,
		date: session.date,
		timing: { kind: session.timing.kind },
		laps: figures.laps,
		summary: figures.summary,
		leanEstimated: figures.leanEstimated,
		report: session.report,
	};
}

const TIMING_TEXT: Record<LoadedSession["timing"]["kind"], string> = {
	logger: "voltas do logger",
	lines: "voltas cronometradas pela linha de largada/chegada",
	markers: "voltas pelas marcas do próprio arquivo",
	none: "nenhuma volta cronometrada",
};

export function formatTimedSummary(session: LoadedSession): string {
	const { laps, summary, leanEstimated } = timedSessionFigures(session.laps, session.fixCount);
	const speed = (v: number) => `${oneDecimal.format(v)} km/h`;
	const lean = (v: number) => `${oneDecimal.format(v)}°`;
	const device = session.source.device ? ` (${session.source.device})` : "";
	const out: string[] = [
		`Arquivo: ${session.shownName} — formato ${session.source.format}${device}`,
		`Pista: ${session.trackName ?? "—"}   Data: ${session.date ?? "desconhecida"}`,
		`Sessão: ${laps.length} volta(s), ${session.fixCount} ponto(s) de GPS aceitos; ${TIMING_TEXT[session.timing.kind]}`,
		"",
	];
	if (laps.length > 0) {
		const header = [
			"#",
			"Tempo",
			"Setores",
			"Distância",
			"Pontos",
			"Vel. máx.",
			"Incl. dir.",
			"Incl. esq.",
		];
		const rows = laps.map((l) => [
			String(l.number),
			formatLapTime(l.timeMs),
			l.sectorsMs.map((s) => orDash(s, (v) => threeDecimals.format(v / 1000))).join(" / ") || "—",
			orDash(l.distanceM, (d) => `${Math.round(d)} m`),
			String(l.points),
			orDash(l.maxSpeedKmh, speed),
			orDash(l.maxLeanDeg, lean),
			orDash(l.minLeanDeg, lean),
		]);
		out.push(table([header, ...rows]), "");
	}
	const estimated = leanEstimated ? " (estimada pelo trajeto)" : "";
	const withLap = <T>(v: T | null, text: (v: T) => string) => (v === null ? "—" : text(v));
	out.push(
		`Melhor volta: ${withLap(summary.bestLap, (b) => `${formatLapTime(b.timeMs)} (volta ${b.number})`)}`,
		`Volta teórica: ${withLap(summary.theoreticalBestMs, formatLapTime)}`,
		`Velocidade máxima: ${withLap(summary.maxSpeed, (m) => `${speed(m.kmh)} (volta ${m.lap})`)}`,
		`Inclinação máxima à direita${estimated}: ${withLap(summary.maxRoll, (m) => `${lean(m.deg)} (volta ${m.lap})`)}`,
		`Inclinação máxima à esquerda${estimated}: ${withLap(summary.minRoll, (m) => `${lean(m.deg)} (volta ${m.lap})`)}`,
		`Tempo médio: ${withLap(summary.meanLapMs, formatLapTime)} (desvio padrão: ${withLap(summary.stdDevLapMs, (s) => `${threeDecimals.format(s / 1000)} s`)})`,
		"",
		...formatReport(session.report),
	);
	return `${out.join("\n")}\n`;
}
