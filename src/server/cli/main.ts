import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "../config";
import { DataDirBusyError } from "../data-dir-lock";
import { createIngestService } from "../ingest/ingest-service";
import { openRuntime, type Runtime } from "../runtime";
import { runAnalyzeCommand } from "./commands/analyze";
import { archiveArgument, runBackupCommand, runRestoreCommand } from "./commands/backup";
import { runCompareCommand } from "./commands/compare";
import { runDemoSeedCommand } from "./commands/demo-seed";
import { runExportCommand } from "./commands/export";
import { storedSessionLoader, wantsStoredSession } from "./commands/export-stored";
import { runHardwareAddCommand } from "./commands/hardware-add";
import { runImportCommand } from "./commands/import";
import { runReprocessCommand } from "./commands/reprocess";
import { runUserAddCommand } from "./commands/user-add";
import { runWorkerCommand } from "./commands/worker";
import type { CliIo } from "./io";

const USAGE = `uso: lapsix <comando>

Comandos:
  migrate                                   aplica as migrações do banco
  user add <email> [--admin] [--seller]     cria um usuário (ou ajusta os papéis)
  hardware add <id> [--name NOME]           registra um logger e mostra a chave uma vez
  import --hardware <id> --track <pista> --date <ddmmyyyy> <lap.six> <gps.six>
                                            importa uma sessão pelos mesmos passos do upload
  import --rider <email> <arquivo>...       importa gravações de outros aparelhos (RaceChrono,
                                            VBO, NMEA, GPX, TrackAddict...) para o piloto
  analyze [opções] ARQUIVO… [--json]       analisa uma gravação (ou o par lap.six gps.six)
                                            sem gravar nada ("-" = stdin)
  compare --ref ARQ[#VOLTA] --lap ARQ[#VOLTA] [--json]
                                            compara duas voltas: delta, setores e curvas
  export --to gpx|kml|csv|vbo [--lap N] [--out CAMINHO] ARQUIVO…
                                            exporta uma sessão lida de arquivos
  export --to gpx|kml|csv|vbo [--lap N] [--out CAMINHO] --session ID
                                            exporta uma sessão gravada no banco
    opções de leitura (analyze, compare, export):
      --format auto|six|racechrono|vbo|nmea|gpx|trackaddict
      --track ARQUIVO (pista lapsix em JSON) ou --start-line "lat,lon lat,lon"
  reprocess [--restart]                     refaz todas as sessões a partir dos arquivos originais
  demo seed                                 grava as contas e sessões de demonstração
  backup ARQUIVO                            grava o banco e todos os objetos num arquivo
  restore ARQUIVO                           carrega um backup num banco e armazenamento vazios
  worker                                    processa os envios (fila de jobs no PostgreSQL), sem HTTP
`;

async function withRuntime(run: (runtime: Runtime) => Promise<number>): Promise<number> {
	const config = loadConfig();
	const runtime = await openRuntime(config, "cli");
	try {
		return await run(runtime);
	} finally {
		await runtime.close();
	}
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
	const [command, sub, ...rest] = argv;
	try {
		switch (command) {
			case "migrate":
				return await withRuntime(async (runtime) => {
					const applied = runtime.migrationsApplied;
					io.stdout.write(
						applied.length === 0
							? "Banco já está atualizado.\n"
							: `Migrações aplicadas: ${applied.join(", ")}\n`,
					);
					return 0;
				});
			case "user":
				if (sub !== "add") break;
				return await withRuntime((runtime) =>
					runUserAddCommand(rest, { db: runtime.database.db }, io),
				);
			case "hardware":
				if (sub !== "add") break;
				return await withRuntime((runtime) =>
					runHardwareAddCommand(rest, { db: runtime.database.db }, io),
				);
			case "import":
				return await withRuntime((runtime) =>
					runImportCommand(
						[sub, ...rest].filter((a): a is string => a !== undefined),
						{
							db: runtime.database.db,
							storage: runtime.storage,
							ingest: createIngestService({ db: runtime.database.db, storage: runtime.storage }),
						},
						io,
					),
				);
			case "reprocess":
				return await withRuntime((runtime) =>
					runReprocessCommand(
						[sub, ...rest].filter((a): a is string => a !== undefined),
						{ db: runtime.database.db, storage: runtime.storage },
						io,
					),
				);
			case "analyze":
				return await runAnalyzeCommand(
					[sub, ...rest].filter((a): a is string => a !== undefined),
					io,
				);
			case "compare":
				return await runCompareCommand(
					[sub, ...rest].filter((a): a is string => a !== undefined),
					io,
					existsSync,
				);
			case "export": {
				const args = [sub, ...rest].filter((a): a is string => a !== undefined);
				const exportIo = { ...io, cwd: process.cwd() };
				// Files need no database; a stored session opens it like the other commands.
				if (!wantsStoredSession(args)) return await runExportCommand(args, exportIo);
				return await withRuntime((runtime) =>
					runExportCommand(args, exportIo, { stored: storedSessionLoader(runtime.database.db) }),
				);
			}
			case "demo":
				if (sub !== "seed") break;
				return await withRuntime((runtime) => runDemoSeedCommand(rest, runtime, io));
			case "backup":
			case "restore": {
				const file = archiveArgument(
					command,
					[sub, ...rest].filter((a): a is string => a !== undefined),
					io,
				);
				if (!file) return 2;
				if (command === "backup")
					return await withRuntime((runtime) => runBackupCommand(file, runtime, io));
				const config = loadConfig();
				return await runRestoreCommand(
					file,
					config,
					() => openRuntime(config, "cli", { migrate: false }),
					io,
				);
			}
			case "worker": {
				const config = loadConfig();
				return await runWorkerCommand(config, () => openRuntime(config, "cli"), io);
			}
			case undefined:
			case "help":
			case "--help":
			case "-h":
				io.stdout.write(USAGE);
				return command === undefined ? 2 : 0;
		}
		io.stderr.write(`lapsix: comando desconhecido: ${argv.join(" ")}\n\n${USAGE}`);
		return 2;
	} catch (error) {
		if (error instanceof ConfigError) {
			io.stderr.write(`lapsix: configuração inválida: ${error.message}\n`);
			return 1;
		}
		if (error instanceof DataDirBusyError) {
			io.stderr.write(`lapsix: ${error.message}\n`);
			return 1;
		}
		io.stderr.write(`lapsix: ${(error as Error).message ?? String(error)}\n`);
		return 1;
	}
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	runCli(process.argv.slice(2), {
		stdout: process.stdout,
		stderr: process.stderr,
		stdin: process.stdin,
	}).then((code) => {
		process.exitCode = code;
	});
}
