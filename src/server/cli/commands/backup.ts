import { resolve } from "node:path";
import { BackupError } from "../../backup/archive";
import { writeBackup } from "../../backup/backup";
import { checkArchive, restoreBackup } from "../../backup/restore";
import type { Config } from "../../config";
import { readMigrations } from "../../db/migrate";
import { listAppliedMigrations } from "../../repositories/backup-repository";
import type { Runtime } from "../../runtime";
import type { CliIo } from "../io";

function formatBytes(bytes: number): string {
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(".", ",")} KB`;
	return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
}

/** The archive path of `backup FILE` / `restore FILE`, checked before anything is opened. */
export function archiveArgument(command: string, args: string[], io: CliIo): string | null {
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
export async function runBackupCommand(file: string, runtime: Runtime, io: CliIo): Promise<number> {
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

/**
 * `lapsix restore FILE`: loads an archive into an empty database and storage. The archive's
 * header is checked before anything is opened; the database is opened unmigrated (the restore
 * migrates it to the archive's version first).
 */
export async function runRestoreCommand(
	file: string,
	config: Config,
	open: () => Promise<Runtime>,
	io: CliIo,
): Promise<number> {
	try {
		const migrations = readMigrations();
		await checkArchive(file, { migrations, secretKey: config.secretKey });
		const runtime = await open();
		try {
			const summary = await restoreBackup(
				{
					db: runtime.database.db,
					storage: runtime.storage,
					migrations,
					secretKey: config.secretKey,
				},
				file,
			);
			io.stdout.write(
				`Backup restaurado (${runtime.database.engine}, ${runtime.storage.kind}): ${summary.tables} tabelas, ${summary.rows} linhas, ${summary.objects} objetos (${formatBytes(summary.objectBytes)}).\n`,
			);
			if (summary.migrationsApplied.length > 0)
				io.stdout.write(`Migrações aplicadas depois: ${summary.migrationsApplied.join(", ")}\n`);
			return 0;
		} finally {
			await runtime.close();
		}
	} catch (error) {
		return reportFailure("restore", error, io);
	}
}
