import { formatEntry, formatLapTime } from "../../../domain/format/time";
import type { SessionAnalysisWithPaths } from "../../../domain/six/analyze";
import { CliInputError, parseOptions } from "../options";
import {
	INPUT_OPTION_KINDS,
	INPUT_OPTIONS_HELP,
	inputOptionsOf,
	loadSession,
} from "../recording-input";
import { formatReport, oneDecimal, orDash, table, threeDecimals } from "../text";
import { formatTimedSummary, timedSessionJson } from "../timed-summary";

/** Where the command writes and reads: the process's streams, or test doubles. */
export interface AnalyzeCommandIo {
	stdout: { write(s: string): unknown };
	stderr: { write(s: string): unknown };
	stdin: NodeJS.ReadableStream;
}

export const ANALYZE_USAGE = `uso: lapsix analyze [opções] ARQUIVO           (RaceChrono, VBO, NMEA, GPX, TrackAddict…)
       lapsix analyze [opções] lap.six gps.six   (use - para ler um deles da entrada padrão)
${INPUT_OPTIONS_HELP}
  --json                          imprime o resultado em JSON`;

/**
 * `lapsix analyze`: reads a session and prints its figures (pt-BR text, or JSON). Exit code 0
 * when the files were read (lines not used go to the report), 1 when a file cannot be read or
 * is of no known format, 2 for wrong arguments.
 */
export async function runAnalyzeCommand(args: string[], io: AnalyzeCommandIo): Promise<number> {
	try {
		const parsed = parseOptions(args, { ...INPUT_OPTION_KINDS, json: "boolean" });
		const options = await inputOptionsOf(parsed, io);
		const session = await loadSession(parsed.positionals, options, io);
		const json = parsed.values.json === true;
		if (session.six && session.timing.kind === "logger") {
			const out = { ...toJson(session.six), source: session.source, timing: session.timing };
			io.stdout.write(json ? `${JSON.stringify(out, null, 2)}\n` : formatSummary(session.six));
			return 0;
		}
		io.stdout.write(
			json
				? `${JSON.stringify(timedSessionJson(session), null, 2)}\n`
				: formatTimedSummary(session),
		);
		return 0;
	} catch (error) {
		if (!(error instanceof CliInputError)) throw error;
		io.stderr.write(`erro: ${error.message}\n${error.exitCode === 2 ? `${ANALYZE_USAGE}\n` : ""}`);
		return error.exitCode;
	}
}

/** The JSON output: laps, summary and report as analysed, plus each saved path's lines. */
export function toJson(analysis: SessionAnalysisWithPaths) {
	const { laps, summary, report, paths, points } = analysis;
	return {
		laps,
		summary,
		paths: paths.map((p) => ({
			lap: p.lapNumber,
			points: p.end - p.start,
			firstLine: points.line[p.start],
			lastLine: points.line[p.end - 1],
		})),
		report,
	};
}

/** Readable pt-BR summary: the lap table, the session figures and the parse report. */
export function formatSummary(analysis: SessionAnalysisWithPaths): string {
	const { laps, summary, report } = analysis;
	const speed = (v: number) => `${oneDecimal.format(v)} km/h`;
	const lean = (v: number) => `${oneDecimal.format(v)}°`;
	const out: string[] = [
		`Sessão: ${laps.length} volta(s), ${summary.gpsPointCount} ponto(s) de GPS aceitos`,
		"",
	];
	if (laps.length > 0) {
		const header = [
			"#",
			"Tempo",
			"Bateria",
			"Entrada",
			"Distância",
			"Setores",
			"Pontos",
			"Vel. máx.",
			"Incl. dir.",
			"Incl. esq.",
		];
		const rows = laps.map((l) => [
			String(l.number),
			formatLapTime(l.timeMs),
			l.battery,
			formatEntry(l.entry),
			`${l.distanceM} m`,
			l.sectors.map((s) => s.display).join(" / ") || "—",
			String(l.points),
			orDash(l.maxSpeedKmh, speed),
			orDash(l.maxRollDeg, lean),
			orDash(l.minRollDeg, lean),
		]);
		out.push(table([header, ...rows]), "");
	}
	const withLap = <T>(v: T | null, text: (v: T) => string) => (v === null ? "—" : text(v));
	out.push(
		`Melhor volta: ${withLap(summary.bestLap, (b) => `${formatLapTime(b.timeMs)} (volta ${b.number})`)}`,
		`Volta teórica: ${withLap(summary.theoreticalBestMs, formatLapTime)}`,
		`Velocidade máxima: ${withLap(summary.maxSpeed, (m) => `${speed(m.kmh)} (volta ${m.lap})`)}`,
		`Inclinação máxima à direita: ${withLap(summary.maxRoll, (m) => `${lean(m.deg)} (volta ${m.lap})`)}`,
		`Inclinação máxima à esquerda: ${withLap(summary.minRoll, (m) => `${lean(m.deg)} (volta ${m.lap})`)}`,
		`Tempo médio: ${withLap(summary.meanLapMs, formatLapTime)} (desvio padrão: ${withLap(summary.stdDevLapMs, (s) => `${threeDecimals.format(s / 1000)} s`)})`,
		"",
	);
	out.push(...formatReport(report));
	return `${out.join("\n")}\n`;
}
