import { seedDemoData } from "../../demo/seed-demo";
import { createIngestService } from "../../ingest/ingest-service";
import type { Runtime } from "../../runtime";
import type { CliIo } from "../io";

/** `lapsix demo seed`: the demo accounts, loggers and sessions, into an empty database only. */
export async function runDemoSeedCommand(
	args: string[],
	runtime: Runtime,
	io: CliIo,
): Promise<number> {
	if (args.length > 0) {
		io.stderr.write(`lapsix demo seed: argumento inesperado: ${args.join(" ")}\n`);
		return 2;
	}
	const { db } = runtime.database;
	const result = await seedDemoData({
		db,
		ingest: createIngestService({ db, storage: runtime.storage }),
		secretKey: runtime.config.secretKey,
		dataDir: runtime.config.dataDir,
	});
	if (!result.seeded) {
		io.stdout.write("O banco já tem usuários: os dados de demonstração não foram gravados.\n");
		return 0;
	}
	io.stdout.write(
		`Dados de demonstração gravados: ${result.users} usuários, ${result.loggers} loggers, ${result.sessions} sessões.\n` +
			`Chaves dos loggers: ${result.deviceKeysFile}\n`,
	);
	return 0;
}
