/**
 * What `lapsix analyze`, `compare` and `export` share: the input options (`--format`,
 * `--track`, `--start-line`), reading the files (any supported recording, or the logger's
 * `lap.six` + `gps.six` pair) and timing their laps, into one `LoadedSession`.
 *
 * Laps are timed from, in this order: the lines given on the command line, the file's own
 * lines (VBO `[laptiming]`), the file's own lap marks (RaceChrono `lap_number`, TrackAddict
 * `# Lap`); a `.six` pair keeps the logger's own laps unless lines are given.
 */
import { open } from "node:fs/promises";
import { basename, dirname } from "node:path";
import type { LapTiming, SessionSource, TimedLap } from "../../domain/channels/types";
import type { CalendarDate } from "../../domain/format/storage-names";
import { parseDateFolder } from "../../domain/format/storage-names";
import { importRecording, isRecognised, MAX_IMPORT_BYTES } from "../../domain/import";
import type { ImportIssue, SourceFormat, TrackLines } from "../../domain/recording/types";
import { analyzeSession, type SessionAnalysisWithPaths } from "../../domain/six/analyze";
import { parseGpsFile } from "../../domain/six/parse-gps";
import { parseLapFile } from "../../domain/six/parse-lap";
import { sortByLine, timeLapsFromLines } from "../../domain/timing/lap-lines";
import { timeLapsFromMarks } from "../../domain/timing/lap-marks";
import { timeSixSession } from "../../domain/timing/six-session";
import { CliInputError, type OptionKinds, type ParsedOptions, stringOption } from "./options";
import { MAX_TRACK_FILE_BYTES, parseStartLine, parseTrackFile } from "./track-input";

export const INPUT_FORMATS = [
	"auto",
	"six",
	"racechrono",
	"vbo",
	"nmea",
	"gpx",
	"trackaddict",
	"racecapture",
	"aim",
] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** The options every command that reads recordings takes. */
export const INPUT_OPTION_KINDS: OptionKinds = {
	format: "string",
	track: "string",
	"start-line": "string",
};

export const INPUT_OPTIONS_HELP = `  --format auto|six|racechrono|vbo|nmea|gpx|trackaddict   formato dos arquivos (padrão: auto, pelo conteúdo)
  --track ARQUIVO                 arquivo de pista lapsix (JSON: name, startFinish, sectors)
  --start-line "lat,lon lat,lon"  linha de largada/chegada (graus decimais)`;

export interface InputOptions {
	format: InputFormat;
	/** Lines given on the command line (a track file or a start line), or null. */
	lines: TrackLines | null;
	/** The track file's name, when one was given. */
	trackName: string | null;
}

/** Where the commands read from: the file system, or standard input for `-`. */
export interface InputSource {
	stdin: NodeJS.ReadableStream;
}

export interface LoadedSession {
	/** The files as the user named them, for messages. */
	shownName: string;
	source: SessionSource;
	trackName: string | null;
	/** `yyyy-mm-dd` of the session, when known. */
	date: string | null;
	dateKnown: boolean;
	/** Accepted fixes of the recording. */
	fixCount: number;
	laps: TimedLap[];
	timing: LapTiming;
	report: ImportIssue[];
	/** A `.six` pair's own analysis (its laps as the logger timed them), or null. */
	six: SessionAnalysisWithPaths | null;
}

const READ_ERROR_TEXT: Record<string, string> = {
	ENOENT: "arquivo não encontrado",
	EACCES: "permissão negada",
	EISDIR: "é um diretório",
	ENOTDIR: "caminho inválido",
};

function describeReadError(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	return (
		(code && READ_ERROR_TEXT[code]) ?? (error instanceof Error ? error.message : String(error))
	);
}

const tooLarge = (shown: string, limit: number) =>
	new CliInputError(
		`não foi possível ler ${shown}: arquivo grande demais (limite de ${Math.round(limit / 1024 / 1024)} MiB)`,
		1,
	);

/** A file's bytes (or standard input's for `-`), refused whole beyond `limit`. */
export async function readInputFile(
	path: string,
	input: InputSource,
	limit: number = MAX_IMPORT_BYTES,
): Promise<Uint8Array> {
	const shown = path === "-" ? "a entrada padrão" : `"${path}"`;
	if (path === "-") {
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of input.stdin) {
			const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
			size += bytes.length;
			if (size > limit) throw tooLarge(shown, limit);
			chunks.push(bytes);
		}
		return new Uint8Array(Buffer.concat(chunks));
	}
	try {
		const handle = await open(path, "r");
		try {
			const { size } = await handle.stat();
			if (size > limit) throw tooLarge(shown, limit);
			return new Uint8Array(await handle.readFile());
		} finally {
			await handle.close();
		}
	} catch (error) {
		if (error instanceof CliInputError) throw error;
		throw new CliInputError(`não foi possível ler ${shown}: ${describeReadError(error)}`, 1);
	}
}

/** The input options of a parsed command line, the track file read. */
export async function inputOptionsOf(
	parsed: ParsedOptions,
	input: InputSource,
): Promise<InputOptions> {
	const formatText = stringOption(parsed, "format") ?? "auto";
	if (!(INPUT_FORMATS as readonly string[]).includes(formatText)) {
		throw new CliInputError(
			`--format ${formatText}: formato desconhecido (use ${INPUT_FORMATS.join(", ")})`,
			2,
		);
	}
	const trackPath = stringOption(parsed, "track");
	const startLine = stringOption(parsed, "start-line");
	if (trackPath !== undefined && startLine !== undefined) {
		throw new CliInputError("use --track ou --start-line, não os dois", 2);
	}
	if (trackPath !== undefined) {
		const track = parseTrackFile(
			await readInputFile(trackPath, input, MAX_TRACK_FILE_BYTES),
			`"${trackPath}"`,
		);
		return { format: formatText as InputFormat, lines: track, trackName: track.name };
	}
	if (startLine !== undefined) {
		const startFinish = parseStartLine(startLine);
		return {
			format: formatText as InputFormat,
			lines: { startFinish, sectors: [], directionDeg: null },
			trackName: null,
		};
	}
	return { format: formatText as InputFormat, lines: null, trackName: null };
}

const UNKNOWN_DAY: CalendarDate = { day: 1, month: 1, year: 1970 };

/** `…/<pista>/<ddmmyyyy>/lap.six`: the logger's folders name the track and the local date. */
function sixFolders(lapPath: string): { date: CalendarDate | null; track: string | null } {
	if (lapPath === "-") return { date: null, track: null };
	const dayFolder = dirname(lapPath);
	const date = parseDateFolder(basename(dayFolder));
	if (!date) return { date: null, track: null };
	const track = basename(dirname(dayFolder));
	return { date, track: track && track !== "." && track !== "/" ? track : null };
}

const isoDate = (d: CalendarDate) =>
	`${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

async function loadSixPair(
	lapPath: string,
	gpsPath: string,
	options: InputOptions,
	input: InputSource,
): Promise<LoadedSession> {
	if (lapPath === "-" && gpsPath === "-") {
		throw new CliInputError("só um dos arquivos pode vir da entrada padrão (-)", 2);
	}
	const lapFile = parseLapFile(await readInputFile(lapPath, input));
	const gpsFile = parseGpsFile(await readInputFile(gpsPath, input));
	const six = analyzeSession(lapFile, gpsFile);
	const folders = sixFolders(lapPath);
	const timed = timeSixSession(lapFile, gpsFile, folders.date ?? UNKNOWN_DAY);
	const common = {
		shownName: `${lapPath}+${gpsPath}`,
		source: { format: "six" as const, device: null },
		trackName: options.trackName ?? folders.track,
		date: folders.date ? isoDate(folders.date) : null,
		dateKnown: folders.date !== null,
		fixCount: timed.six.fixes.length,
	};
	if (options.lines) {
		const result = timeLapsFromLines(timed.six.fixes, options.lines, {
			file: "gps.six",
			derived: timed.derived,
		});
		return {
			...common,
			laps: result.laps,
			timing: result.timing,
			report: [...six.report, ...sortByLine([...timed.six.report, ...result.report])],
			six,
		};
	}
	return {
		...common,
		laps: timed.logger.laps,
		timing: timed.logger.timing,
		report: six.report,
		six,
	};
}

async function loadRecording(
	path: string,
	options: InputOptions,
	input: InputSource,
): Promise<LoadedSession> {
	const fileName = path === "-" ? "entrada padrão" : basename(path);
	const format = options.format === "auto" ? "auto" : (options.format as SourceFormat);
	const recording = importRecording(await readInputFile(path, input), fileName, format);
	if (!isRecognised(recording) || recording.source.format === "six") {
		const why = recording.report[0]?.reason ?? "formato não reconhecido";
		throw new CliInputError(`${path === "-" ? "entrada padrão" : `"${path}"`}: ${why}`, 1);
	}
	const { fixes } = recording;
	const lines = options.lines ?? recording.lines;
	const timed = lines
		? timeLapsFromLines(fixes, lines, { file: fileName })
		: recording.lapMarksMs.length > 0
			? timeLapsFromMarks(fixes, recording.lapMarksMs, { file: fileName })
			: {
					laps: [],
					timing: { kind: "none" } as const,
					report: [
						{
							file: fileName,
							line: 0,
							kind: "notice" as const,
							reason:
								"o arquivo não traz linhas nem marcas de volta: informe --track ou --start-line para cronometrar as voltas",
						},
					],
				};
	const first = fixes.length > 0 ? fixes.timeMs[0]! : Number.NaN;
	return {
		shownName: path,
		source: recording.source,
		trackName: options.trackName ?? recording.trackName,
		date:
			recording.dateKnown && Number.isFinite(first)
				? new Date(first).toISOString().slice(0, 10)
				: null,
		dateKnown: recording.dateKnown,
		fixCount: fixes.length,
		laps: timed.laps,
		timing: timed.timing,
		report: [...recording.report, ...timed.report],
		six: null,
	};
}

/**
 * Reads and times one session: one recording, or the `.six` pair (two files, lap.six first,
 * with `--format auto` or `six`).
 */
export async function loadSession(
	files: readonly string[],
	options: InputOptions,
	input: InputSource,
): Promise<LoadedSession> {
	if (files.length === 2 && (options.format === "auto" || options.format === "six")) {
		return loadSixPair(files[0]!, files[1]!, options, input);
	}
	if (files.length !== 1) {
		throw new CliInputError(
			files.length === 0
				? "informe o arquivo da sessão (ou o par lap.six gps.six)"
				: `informe um só arquivo${options.format === "auto" ? " (ou o par lap.six gps.six)" : ""}, não ${files.length}`,
			2,
		);
	}
	if (options.format === "six") {
		throw new CliInputError("--format six: informe o par de arquivos lap.six gps.six", 2);
	}
	return loadRecording(files[0]!, options, input);
}
