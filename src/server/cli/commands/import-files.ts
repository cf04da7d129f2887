import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { MAX_IMPORT_BYTES } from "../../../domain/import";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { createImportService } from "../../imports/import-service";
import { findUserIdByEmail } from "../../repositories/import-repository";
import { CLI_ACTOR } from "../../services/audit-service";
import type { ObjectStorage } from "../../storage/object-storage";
import type { CliIo } from "../io";

export const IMPORT_FILES_USAGE = "uso: lapsix import --rider <email> <arquivo>...\n";

const TIMING_WORDS = {
	logger: "voltas do logger",
	line: "voltas pela linha da pista",
	markers: "voltas pelas marcas do arquivo",
	none: "sem voltas cronometradas",
} as const;

/**
 * `lapsix import --rider EMAIL FILE…`: recordings of other devices or apps (RaceChrono, VBO,
 * NMEA, GPX, TrackAddict, RaceCapture, AiM) stored as the rider's sessions, as the web import
 * stores them. Exit 0 when every file was imported (or had been), 1 when a file could not be
 * read or imported or the rider does not exist, 2 bad arguments.
 */
export async function runImportFilesCommand(
	args: string[],
	deps: { db: Kysely<Database>; storage: ObjectStorage },
	io: Pick<CliIo, "stdout" | "stderr">,
): Promise<number> {
	let parsed: { values: { rider?: string }; positionals: string[] };
	try {
		parsed = parseArgs({
			args,
			options: { rider: { type: "string" } },
			allowPositionals: true,
			strict: true,
		});
	} catch (error) {
		io.stderr.write(
			`lapsix import: argumento inválido: ${(error as Error).message}\n${IMPORT_FILES_USAGE}`,
		);
		return 2;
	}
	const email = parsed.values.rider;
	if (!email || parsed.positionals.length === 0) {
		io.stderr.write(`lapsix import: informe --rider e ao menos um arquivo.\n${IMPORT_FILES_USAGE}`);
		return 2;
	}
	const riderId = await findUserIdByEmail(deps.db, email);
	if (!riderId) {
		io.stderr.write(`lapsix import: piloto ${email} não cadastrado (lapsix user add ${email}).\n`);
		return 1;
	}
	const imports = createImportService(deps);
	let failed = 0;
	for (const path of parsed.positionals) {
		const name = basename(path);
		try {
			const size = (await stat(path)).size;
			if (size > MAX_IMPORT_BYTES) {
				io.stderr.write(
					`${name}: arquivo grande demais (${size} bytes; limite ${MAX_IMPORT_BYTES}).\n`,
				);
				failed++;
				continue;
			}
			const bytes = new Uint8Array(await readFile(path));
			const done = await imports.importFile({ riderId, fileName: name, bytes, actor: CLI_ACTOR });
			if (!done.created) {
				io.stdout.write(
					`${name}: já importado (sessão ${done.sessionId}, ${done.track}, ${done.date}).\n`,
				);
				continue;
			}
			const rejected = done.report.filter((e) => e.kind === "rejected").length;
			io.stdout.write(
				`${name}: sessão ${done.sessionId} — ${done.track}, ${done.date}, ${done.format}` +
					`${done.device ? ` (${done.device})` : ""}, ${done.laps.length} voltas ` +
					`(${TIMING_WORDS[done.timing ?? "none"]}), ${rejected} linhas não usadas, ` +
					`${done.report.length - rejected} avisos.\n`,
			);
		} catch (error) {
			failed++;
			if (error instanceof AppError) {
				const first = (error.details as { report?: { line: number; reason: string }[] } | undefined)
					?.report?.[0];
				io.stderr.write(
					`${name}: ${error.message}${first && first.reason !== error.message ? ` (linha ${first.line}: ${first.reason})` : ""}\n`,
				);
			} else if ((error as NodeJS.ErrnoException).code) {
				io.stderr.write(`${name}: não foi possível ler o arquivo: ${(error as Error).message}\n`);
			} else {
				throw error;
			}
		}
	}
	return failed > 0 ? 1 : 0;
}
