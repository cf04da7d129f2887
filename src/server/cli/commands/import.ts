import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import type { SixFileName } from "../../../domain/six/types";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import type { IngestService } from "../../ingest/ingest-service";
import { sha256Hex } from "../../ingest/session-files";
import { parseSessionKey, type SessionFileKey } from "../../ingest/session-key";
import { hardwareExists } from "../../repositories/session-ingest-repository";
import { countSessionContents } from "../../repositories/session-repository";
import type { ObjectStorage } from "../../storage/object-storage";
import type { CliIo } from "../io";
import { IMPORT_FILES_USAGE, runImportFilesCommand } from "./import-files";

const USAGE =
	"uso: lapsix import --hardware <id> --track <pista> --date <ddmmyyyy> <lap.six> [<gps.six>]\n" +
	IMPORT_FILES_USAGE;

const OPTIONS = {
	hardware: { type: "string" },
	track: { type: "string" },
	date: { type: "string" },
} as const;

const STATUS_WORDS = {
	received: "recebida",
	processed: "processada",
	failed: "com falha",
} as const;

interface ImportArgs {
	hardwareId: string;
	track: string;
	date: string;
	files: { name: SixFileName; path: string }[];
}

/** Which file is which: by name when it says (`.../gps.six`), else lap.six first, gps.six second. */
function assignFiles(paths: string[]): ImportArgs["files"] | string {
	if (paths.length < 1 || paths.length > 2) return "informe lap.six e gps.six (ou só um deles).";
	const files = paths.map((path, i) => {
		const name = basename(path).toLowerCase();
		const kind: SixFileName = name.endsWith("gps.six")
			? "gps.six"
			: name.endsWith("lap.six")
				? "lap.six"
				: i === 0
					? "lap.six"
					: "gps.six";
		return { name: kind, path };
	});
	if (files.length === 2 && files[0]!.name === files[1]!.name)
		return `dois arquivos ${files[0]!.name}: informe um lap.six e um gps.six.`;
	return files;
}

function parseImportArgs(args: string[]): ImportArgs | string {
	let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
	try {
		parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
	} catch (error) {
		return `argumento inválido: ${(error as Error).message}`;
	}
	const { hardware, track, date } = parsed.values;
	if (!hardware || track === undefined || !date) return "informe --hardware, --track e --date.";
	const files = assignFiles(parsed.positionals);
	if (typeof files === "string") return files;
	return { hardwareId: hardware, track, date, files };
}

/**
 * `lapsix import`: a session from files on disk, through the same steps as an upload (storage,
 * record, ingest). Exit 0 imported (even when a file could not be read: the report says why),
 * 1 the logger does not exist or a file cannot be opened, 2 bad arguments.
 */
export async function runImportCommand(
	args: string[],
	deps: { ingest: IngestService; db: Kysely<Database>; storage?: ObjectStorage },
	io: Pick<CliIo, "stdout" | "stderr">,
): Promise<number> {
	// Recordings of other devices belong to a rider, not to a logger's folder.
	if (deps.storage && args.some((a) => a === "--rider" || a.startsWith("--rider="))) {
		return runImportFilesCommand(args, { db: deps.db, storage: deps.storage }, io);
	}
	const parsed = parseImportArgs(args);
	if (typeof parsed === "string") {
		io.stderr.write(`lapsix import: ${parsed}\n${USAGE}`);
		return 2;
	}
	const keys: SessionFileKey[] = [];
	for (const file of parsed.files) {
		const { hardwareId, track, date } = parsed;
		const checked = parseSessionKey({ hardwareId, track, date, file: file.name });
		if (!checked.ok) {
			io.stderr.write(`lapsix import: ${checked.reason}\n`);
			return 2;
		}
		keys.push(checked.key);
	}
	if (!(await hardwareExists(deps.db, parsed.hardwareId))) {
		io.stderr.write(
			`lapsix import: logger "${parsed.hardwareId}" não cadastrado. Registre-o antes com: lapsix hardware add ${parsed.hardwareId}\n`,
		);
		return 1;
	}
	const contents: { key: SessionFileKey; bytes: Uint8Array }[] = [];
	for (const [index, file] of parsed.files.entries()) {
		try {
			contents.push({ key: keys[index]!, bytes: await readFile(file.path) });
		} catch (error) {
			io.stderr.write(
				`lapsix import: não foi possível ler ${file.path}: ${(error as Error).message}\n`,
			);
			return 1;
		}
	}
	try {
		let last: Awaited<ReturnType<IngestService["acceptFile"]>> | null = null;
		for (const { key, bytes } of contents) {
			const name = key.file;
			last = await deps.ingest.acceptFile({
				key,
				bytes,
				sha256: sha256Hex(bytes),
			});
			io.stdout.write(
				`${name}: ${last.file.size} bytes${last.file.changed ? "" : " (sem alteração)"}\n`,
			);
		}
		const session = last!.session;
		const counts = await countSessionContents(deps.db, session.id);
		io.stdout.write(
			`Sessão ${session.id}: ${STATUS_WORDS[session.status]}, versão ${session.version}, ` +
				`${counts?.laps ?? 0} voltas (${counts?.lapsWithPath ?? 0} com trajeto), ` +
				`${counts?.reportLines ?? 0} linhas no relatório.\n`,
		);
		if (counts?.error) io.stdout.write(`Atenção: ${counts.error}\n`);
		return 0;
	} catch (error) {
		if (error instanceof AppError) {
			io.stderr.write(`lapsix import: ${error.message}\n`);
			return 1;
		}
		throw error;
	}
}
