/**
 * `lapsix export --to gpx|kml|csv|vbo [--lap N] [--out PATH]` followed by files as `lapsix
 * analyze` takes them. The session to export comes from a loader chosen by the arguments:
 * the files one is always there; a stored-session loader can be given by the caller, and
 * then its option is accepted (see `ExportLoaders`).
 *
 * The file is written to a temporary name beside `--out` and renamed when complete, so a
 * failure never leaves half a file under the name asked for. `--out -` writes to standard
 * output; without `--out`, the file goes to the current folder under a name that says what
 * is inside (`lapsix_<pista>_<data>[_volta-N].<ext>`).
 */

import { EventEmitter, once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { exportSession } from "../../../domain/export/export-session";
import {
	EXPORT_FORMAT_NAMES,
	type ExportFormat,
	type ExportSession,
} from "../../../domain/export/types";
import {
	CliInputError,
	type OptionKinds,
	type ParsedOptions,
	parseOptions,
	stringOption,
} from "../options";
import {
	INPUT_OPTION_KINDS,
	INPUT_OPTIONS_HELP,
	type InputSource,
	inputOptionsOf,
	type LoadedSession,
	loadSession,
} from "../recording-input";

export interface ExportCommandIo extends InputSource {
	stdout: { write(s: string): unknown };
	stderr: { write(s: string): unknown };
	/** Folder a file without `--out` is written to. */
	cwd: string;
}

/**
 * Where a session to export can come from besides files. A loader declares the option that
 * selects it (e.g. `session` for `--session ID`) and turns its value into a session; the
 * command accepts the option only when the loader is given.
 */
export interface ExportSessionLoader {
	option: string;
	/** One usage line for the help. */
	usage: string;
	load(value: string): Promise<ExportSession>;
}

export interface ExportLoaders {
	stored?: ExportSessionLoader;
}

export function exportUsage(loaders: ExportLoaders = {}): string {
	const stored = loaders.stored ? `\n       ${loaders.stored.usage}` : "";
	return `uso: lapsix export --to gpx|kml|csv|vbo [--lap N] [--out CAMINHO] [opções] ARQUIVO…${stored}
  ARQUIVO…: como em lapsix analyze (uma gravação, ou o par lap.six gps.six)
  --out CAMINHO                   arquivo a gravar (- = saída padrão; padrão: nome pelo conteúdo)
${INPUT_OPTIONS_HELP}`;
}

/** A session read from files, as the exporters take it. */
export function exportSessionOf(session: LoadedSession): ExportSession {
	return {
		trackName: session.trackName,
		date: session.date,
		dateKnown: session.dateKnown,
		source: session.source,
		laps: session.laps,
		lines: session.timing.kind === "lines" ? session.timing.lines : null,
	};
}

async function chosenSession(
	parsed: ParsedOptions,
	io: ExportCommandIo,
	loaders: ExportLoaders,
): Promise<ExportSession> {
	const stored = loaders.stored;
	const storedValue = stored ? stringOption(parsed, stored.option) : undefined;
	if (stored && storedValue !== undefined) {
		if (parsed.positionals.length > 0) {
			throw new CliInputError(`use --${stored.option} ou arquivos, não os dois`, 2);
		}
		return stored.load(storedValue);
	}
	const options = await inputOptionsOf(parsed, io);
	const session = await loadSession(parsed.positionals, options, io);
	if (session.laps.length === 0) {
		throw new CliInputError(
			`${session.shownName}: nenhuma volta cronometrada para exportar (informe --track ou --start-line)`,
			1,
		);
	}
	return exportSessionOf(session);
}

async function writeChunks(path: string, chunks: Iterable<string>): Promise<void> {
	const partial = `${path}.parcial-${process.pid}`;
	const stream = createWriteStream(partial, { flags: "wx" });
	try {
		for (const chunk of chunks) {
			if (!stream.write(chunk)) await once(stream, "drain");
		}
		stream.end();
		await once(stream, "finish");
		await rename(partial, path);
	} catch (error) {
		stream.destroy();
		await rm(partial, { force: true });
		throw new CliInputError(`não foi possível gravar "${path}": ${(error as Error).message}`, 1);
	}
}

export async function runExportCommand(
	args: string[],
	io: ExportCommandIo,
	loaders: ExportLoaders = {},
): Promise<number> {
	try {
		const kinds: OptionKinds = {
			...INPUT_OPTION_KINDS,
			to: "string",
			lap: "string",
			out: "string",
		};
		if (loaders.stored) kinds[loaders.stored.option] = "string";
		const parsed = parseOptions(args, kinds);
		const to = stringOption(parsed, "to");
		if (to === undefined) throw new CliInputError("informe o formato com --to", 2);
		if (!(EXPORT_FORMAT_NAMES as readonly string[]).includes(to)) {
			throw new CliInputError(`--to ${to}: formato desconhecido (use gpx, kml, csv ou vbo)`, 2);
		}
		const lapText = stringOption(parsed, "lap");
		if (lapText !== undefined && !/^\d{1,7}$/.test(lapText)) {
			throw new CliInputError(`--lap ${lapText}: esperado o número da volta`, 2);
		}
		const session = await chosenSession(parsed, io, loaders);
		const result = exportSession(session, to as ExportFormat, {
			lap: lapText === undefined ? undefined : Number(lapText),
		});
		if (!result.ok) throw new CliInputError(result.reason, 1);
		const out = stringOption(parsed, "out");
		if (out === "-") {
			for (const chunk of result.file.chunks) {
				// A pipe that is full says so: wait for it rather than hold the file in memory.
				if (io.stdout.write(chunk) === false && io.stdout instanceof EventEmitter) {
					await once(io.stdout, "drain");
				}
			}
			return 0;
		}
		const path = out ?? join(io.cwd, result.file.fileName);
		await writeChunks(path, result.file.chunks);
		const laps = session.laps.length;
		io.stderr.write(
			`Exportado: ${path} (${lapText === undefined ? `${laps} volta(s)` : `volta ${lapText}`})\n`,
		);
		return 0;
	} catch (error) {
		if (!(error instanceof CliInputError)) throw error;
		io.stderr.write(
			`erro: ${error.message}\n${error.exitCode === 2 ? `${exportUsage(loaders)}\n` : ""}`,
		);
		return error.exitCode;
	}
}
