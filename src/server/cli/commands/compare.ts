/**
 * `lapsix compare --ref FILE[#LAP] --lap FILE[#LAP] [--track FILE | --start-line "…"] [--json]`:
 * the delta of a lap against a reference lap by position, their sectors and corners side by
 * side. A `.six` pair is written `lap.six+gps.six`; without `#LAP`, the session's best lap.
 */
import type { TimedLap } from "../../../domain/channels/types";
import { compareLaps, type LapComparison } from "../../../domain/compare/compare-laps";
import { formatLapTime } from "../../../domain/format/time";
import { fastestLap } from "../../../domain/six/best";
import { CliInputError, parseOptions, stringOption } from "../options";
import {
	INPUT_OPTION_KINDS,
	INPUT_OPTIONS_HELP,
	type InputOptions,
	type InputSource,
	inputOptionsOf,
	type LoadedSession,
	loadSession,
} from "../recording-input";
import { oneDecimal, orDash, signedSeconds, table, threeDecimals } from "../text";

export interface CompareCommandIo extends InputSource {
	stdout: { write(s: string): unknown };
	stderr: { write(s: string): unknown };
}

export const COMPARE_USAGE = `uso: lapsix compare --ref ARQUIVO[#VOLTA] --lap ARQUIVO[#VOLTA] [opções]
  o par do logger se escreve lap.six+gps.six; sem #VOLTA, a melhor volta da sessão
${INPUT_OPTIONS_HELP}
  --json                          imprime o resultado em JSON`;

export interface LapSpec {
	files: string[];
	/** The lap asked for, or null for the session's best. */
	lap: number | null;
}

/**
 * `FILE[#LAP]`, the pair as `lap.six+gps.six`. `#` followed by digits at the end is the lap;
 * `+` splits the pair unless the whole text names an existing file.
 */
export function parseLapSpec(
	text: string,
	option: string,
	exists: (path: string) => boolean,
): LapSpec {
	let path = text;
	let lap: number | null = null;
	const hash = /#(\d+)$/.exec(text);
	if (hash) {
		path = text.slice(0, hash.index);
		lap = Number(hash[1]);
		if (!(lap >= 1 && lap <= 1_000_000)) {
			throw new CliInputError(`${option} ${text}: número de volta inválido`, 2);
		}
	}
	if (path === "") throw new CliInputError(`${option}: informe o arquivo da sessão`, 2);
	const plus = path.indexOf("+");
	if (plus > 0 && plus < path.length - 1 && !exists(path)) {
		return { files: [path.slice(0, plus), path.slice(plus + 1)], lap };
	}
	return { files: [path], lap };
}

function pickLap(session: LoadedSession, spec: LapSpec, option: string): TimedLap {
	if (session.laps.length === 0) {
		throw new CliInputError(
			`${option} ${session.shownName}: nenhuma volta cronometrada (informe --track ou --start-line)`,
			1,
		);
	}
	if (spec.lap === null) return fastestLap(session.laps)!;
	const lap = session.laps.find((l) => l.number === spec.lap);
	if (!lap) {
		throw new CliInputError(
			`${option} ${session.shownName}: a sessão não tem a volta ${spec.lap} (voltas 1 a ${session.laps.length})`,
			1,
		);
	}
	return lap;
}

export function comparisonJson(lap: TimedLap, reference: TimedLap, comparison: LapComparison) {
	const { delta } = comparison;
	const samples =
		delta.status === "ok"
			? Array.from({ length: delta.grid.length }, (_, i) => ({
					distanceM: Math.round(delta.grid.distanceM[i]! * 100) / 100,
					deltaMs: Math.round(delta.grid.deltaMs[i]!),
				}))
			: [];
	return {
		ref: { lap: reference.number, timeMs: reference.timeMs },
		lap: { lap: lap.number, timeMs: lap.timeMs },
		status: delta.status,
		...(delta.status === "ok" ? {} : { reason: delta.reason }),
		finishDeltaMs: delta.finishDeltaMs,
		samples,
		sectors: comparison.sectors,
		corners: (comparison.cornerDifferences ?? []).map((d) => ({
			number: d.corner.number,
			direction: d.corner.direction,
			apexM: d.corner.apexM,
			lap: d.lap,
			ref: d.reference,
			diff: d.diff,
		})),
	};
}

const SIDE = { left: "esq.", right: "dir." } as const;

export function formatComparison(
	lapSession: LoadedSession,
	lap: TimedLap,
	refSession: LoadedSession,
	reference: TimedLap,
	comparison: LapComparison,
): string {
	const { delta } = comparison;
	const out = [
		`Referência: volta ${reference.number} de ${refSession.shownName} — ${formatLapTime(reference.timeMs)}`,
		`Volta:      volta ${lap.number} de ${lapSession.shownName} — ${formatLapTime(lap.timeMs)}`,
		`Diferença na chegada: ${signedSeconds(delta.finishDeltaMs)}`,
	];
	if (delta.status !== "ok") {
		out.push(`Comparação por posição impossível: ${delta.reason}`);
		return `${out.join("\n")}\n`;
	}
	const seconds = (ms: number) => threeDecimals.format(ms / 1000);
	const signed = (v: number | null) => orDash(v, signedSeconds);
	if (comparison.sectors.length > 0) {
		out.push("", "Setores:");
		out.push(
			table([
				["Setor", "Volta", "Referência", "Dif.", "Acumulada"],
				...comparison.sectors.map((s) => [
					String(s.number),
					orDash(s.lapMs, seconds),
					orDash(s.referenceMs, seconds),
					signed(s.diffMs),
					signed(s.cumulativeDiffMs),
				]),
			]),
		);
	}
	const corners = comparison.cornerDifferences ?? [];
	out.push(
		"",
		corners.length > 0
			? "Curvas (onde mais se perdeu tempo primeiro):"
			: "Curvas: nenhuma encontrada.",
	);
	if (corners.length > 0) {
		const kmh = (v: number) => oneDecimal.format(v);
		const pair = (a: number, b: number) => `${kmh(a)} / ${kmh(b)}`;
		const lean = (v: number | null) => orDash(v, (x) => `${oneDecimal.format(x)}°`);
		const metres = (v: number | null) => orDash(v, (x) => `${Math.round(x)} m`);
		out.push(
			table([
				[
					"Curva",
					"Lado",
					"Dif.",
					"Entrada (km/h)",
					"Mínima (km/h)",
					"Saída (km/h)",
					"Incl. máx.",
					"Frenagem antes do ápice",
				],
				...corners.map((d) => [
					String(d.corner.number),
					SIDE[d.corner.direction],
					signedSeconds(d.diff.timeMs),
					pair(d.lap.entrySpeedKmh, d.reference.entrySpeedKmh),
					pair(d.lap.minSpeedKmh, d.reference.minSpeedKmh),
					pair(d.lap.exitSpeedKmh, d.reference.exitSpeedKmh),
					`${lean(d.lap.maxLeanDeg)} / ${lean(d.reference.maxLeanDeg)}`,
					`${metres(d.lap.brakingBeforeApexM)} / ${metres(d.reference.brakingBeforeApexM)}`,
				]),
			]),
			"(volta / referência)",
		);
	}
	return `${out.join("\n")}\n`;
}

export async function runCompareCommand(
	args: string[],
	io: CompareCommandIo,
	exists: (path: string) => boolean,
): Promise<number> {
	try {
		const parsed = parseOptions(args, {
			...INPUT_OPTION_KINDS,
			ref: "string",
			lap: "string",
			json: "boolean",
		});
		if (parsed.positionals.length > 0) {
			throw new CliInputError(`argumento inesperado: ${parsed.positionals[0]}`, 2);
		}
		const refText = stringOption(parsed, "ref");
		const lapText = stringOption(parsed, "lap");
		if (refText === undefined || lapText === undefined) {
			throw new CliInputError("informe --ref e --lap", 2);
		}
		const refSpec = parseLapSpec(refText, "--ref", exists);
		const lapSpec = parseLapSpec(lapText, "--lap", exists);
		const options: InputOptions = await inputOptionsOf(parsed, io);
		const refSession = await loadSession(refSpec.files, options, io);
		const sameFiles = refSpec.files.join("\n") === lapSpec.files.join("\n");
		const lapSession = sameFiles ? refSession : await loadSession(lapSpec.files, options, io);
		const reference = pickLap(refSession, refSpec, "--ref");
		const lap = pickLap(lapSession, lapSpec, "--lap");
		const comparison = compareLaps(lap, reference);
		if (parsed.values.json === true) {
			io.stdout.write(`${JSON.stringify(comparisonJson(lap, reference, comparison), null, 2)}\n`);
		} else {
			io.stdout.write(formatComparison(lapSession, lap, refSession, reference, comparison));
		}
		if (comparison.delta.status !== "ok") {
			io.stderr.write(`erro: ${comparison.delta.reason}\n`);
			return 1;
		}
		return 0;
	} catch (error) {
		if (!(error instanceof CliInputError)) throw error;
		io.stderr.write(`erro: ${error.message}\n${error.exitCode === 2 ? `${COMPARE_USAGE}\n` : ""}`);
		return error.exitCode;
	}
}
