import { readFile } from "node:fs/promises";
import { formatEntry, formatLapTime } from "../../../domain/format/time";
import { analyzeSixFiles, type SessionAnalysisWithPaths } from "../../../domain/six/analyze";

/** Where the command writes and reads: the process's streams, or test doubles. */
export interface AnalyzeCommandIo {
	stdout: { write(s: string): unknown };
	stderr: { write(s: string): unknown };
	stdin: NodeJS.ReadableStream;
}

const USAGE =
	"uso: lapsix analyze <lap.six> <gps.six> [--json]   (use - para ler um deles da entrada padrão)";

const ERROR_TEXT: Record<string, string> = {
	ENOENT: "arquivo não encontrado",
	EACCES: "permissão negada",
	EISDIR: "é um diretório",
	ENOTDIR: "caminho inválido",
};

async function readStdin(stdin: NodeJS.ReadableStream): Promise<Uint8Array> {
	const chunks: Buffer[] = [];
	for await (const chunk of stdin)
		chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
	return Buffer.concat(chunks);
}

async function readInput(path: string, stdin: NodeJS.ReadableStream): Promise<Uint8Array> {
	return path === "-" ? readStdin(stdin) : readFile(path);
}

function describeReadError(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	return (code && ERROR_TEXT[code]) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * `lapsix analyze <lap.six> <gps.six> [--json]`: parses a session and prints its figures (pt-BR
 * text, or JSON). Exit code 0 when both files were read (rejected lines go to the report),
 * 1 when a file cannot be read, 2 for wrong arguments.
 */
export async function runAnalyzeCommand(args: string[], io: AnalyzeCommandIo): Promise<number> {
	const json = args.includes("--json");
	const unknown = args.filter((a) => a.startsWith("--") && a !== "--json");
	const files = args.filter((a) => !a.startsWith("--"));
	if (unknown.length > 0) {
		io.stderr.write(`erro: opção desconhecida ${unknown[0]}\n${USAGE}\n`);
		return 2;
	}
	if (files.length !== 2) {
		io.stderr.write(`erro: informe os dois arquivos da sessão\n${USAGE}\n`);
		return 2;
	}
	const [lapPath, gpsPath] = files as [string, string];
	if (lapPath === "-" && gpsPath === "-") {
		io.stderr.write("erro: só um dos arquivos pode vir da entrada padrão (-)\n");
		return 2;
	}
	const inputs: Uint8Array[] = [];
	for (const [name, path] of [
		["lap.six", lapPath],
		["gps.six", gpsPath],
	] as const) {
		try {
			inputs.push(await readInput(path, io.stdin));
		} catch (error) {
			const shown = path === "-" ? "entrada padrão" : `"${path}"`;
			io.stderr.write(`erro: não foi possível ler ${name} ${shown}: ${describeReadError(error)}\n`);
			return 1;
		}
	}
	const analysis = analyzeSixFiles(inputs[0]!, inputs[1]!);
	io.stdout.write(
		json ? `${JSON.stringify(toJson(analysis), null, 2)}\n` : formatSummary(analysis),
	);
	return 0;
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

const decimal = (digits: number) =>
	new Intl.NumberFormat("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const oneDecimal = decimal(1);
const threeDecimals = decimal(3);
const orDash = (v: number | null, format: (v: number) => string) => (v === null ? "—" : format(v));

function table(rows: string[][]): string {
	const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
	return rows
		.map((r) =>
			r
				.map((cell, c) => cell.padEnd(widths[c]!))
				.join("  ")
				.trimEnd(),
		)
		.join("\n");
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
	if (report.length === 0) {
		out.push("Relatório: nenhuma linha rejeitada.");
	} else {
		out.push(`Relatório (${report.length}):`);
		for (const issue of report) out.push(`  ${issue.file}, linha ${issue.line}: ${issue.reason}`);
	}
	return `${out.join("\n")}\n`;
}
