import { resolve } from "node:path";
import { BackupError } from "../../backup/archive";
import { writeBackup } from "../../backup/backup";
import { restoreBackup } from "../../backup/restore";
import { readMigrations } from "../../db/migrate";
import { listAppliedMigrations } from "../../repositories/backup-repository";
import type { Runtime } from "../../runtime";
import type { CliIo } from "../io";

function formatBytes(bytes: number): string {
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(".", ",")} KB`;
	return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
}

function fileArgument(command: string, args: string[], io: CliIo): string | null {
	if (args.length !== 1 || args[0]?.startsWith("-")) {
		io.stderr.write(`uso: lapsix ${command} ARQUIVO\n`);
		return null;
	}
	return resolve(args[0] as string);
}

function reportFailure(command: string, error: unknown, io: CliIo): number {
	if (!(error instanceof BackupError)) throw error;
	io.stderr.write(`lapsix ${command}: ${error.message}\n`);
	return 1;
}

/** `lapsix backup FILE`: the database and every stored object, in one archive. */
export async function runBackupCommand(
	args: string[],
	runtime: Runtime,
	io: CliIo,
): Promise<number> {
	const file = fileArgument("backup", args, io);
	if (!file) return 2;
	try {
		const summary = await writeBackup(
			{
				db: runtime.database.db,
				storage: runtime.storage,
				migrations: await listAppliedMigrations(runtime.database.db),
				secretKey: runtime.config.secretKey,
				source: { database: runtime.database.engine, storage: runtime.storage.kind },
			},
			file,
		);
		io.stdout.write(
			`Backup gravado em ${file}: ${summary.tables} tabelas, ${summary.rows} linhas, ${summary.objects} objetos (${formatBytes(summary.objectBytes)}).\n`,
		);
		return 0;
	} catch (error) {
		return reportFailure("backup", error, io);
	}
}

/** `lapsix restore FILE`: loads an archive into an empty database and storage. */
export async function runRestoreCommand(
	args: string[],
	runtime: Runtime,
	io: CliIo,
): Promise<number> {
	const file = fileArgument("restore", args, io);
	if (!file) return 2;
	try {
		const summary = await restoreBackup(
			{
				db: runtime.database.db,
				storage: runtime.storage,
				migrations: readMigrations(),
				secretKey: runtime.config.secretKey,
			},
			file,
		);
		io.stdout.write(
			`Backup restaurado (${runtime.database.engine}, ${runtime.storage.kind}): ${summary.tables} tabelas, ${summary.rows} linhas, ${summary.objects} objetos (${formatBytes(summary.objectBytes)}).\n`,
		);
		if (summary.migrationsApplied.length > 0)
			io.stdout.write(`Migrações aplicadas depois: ${summary.migrationsApplied.join(", ")}\n`);
		return 0;
	} catch (error) {
		return reportFailure("restore", error, io);
	}
}
