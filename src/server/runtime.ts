import type { Config } from "./config";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import { type DatabaseHandle, openDatabase } from "./db/database";
import { migrate } from "./db/migrate";
import type { ObjectStorage } from "./storage/object-storage";
import { createStorageFromUrl } from "./storage/storage-from-url";

export interface Runtime {
	config: Config;
	database: DatabaseHandle;
	storage: ObjectStorage;
	migrationsApplied: string[];
	close(): Promise<void>;
}

/**
 * Opens what the server and the CLI share: the data-dir lock (embedded database only), the
 * database with its migrations applied, and the object storage.
 */
export async function openRuntime(
	config: Config,
	role: "server" | "cli",
	options: { migrate?: boolean } = {},
): Promise<Runtime> {
	const lock: DataDirLock | null = config.databaseUrl
		? null
		: acquireDataDirLock(config.dataDir, {
				role,
				url: role === "server" ? config.publicUrl : undefined,
			});
	let database: DatabaseHandle | undefined;
	try {
		database = await openDatabase(config);
		// A restore migrates by itself: first to the archive's version, the rest after the load.
		const migrationsApplied = options.migrate === false ? [] : await migrate(database.db);
		const storage = createStorageFromUrl(config.storageUrl, config.dataDir);
		const opened = database;
		return {
			config,
			database: opened,
			storage,
			migrationsApplied,
			async close() {
				await opened.close();
				// An S3 client keeps sockets open; a CLI command would wait on them to exit.
				(storage as { destroy?: () => void }).destroy?.();
				lock?.release();
			},
		};
	} catch (error) {
		await database?.close().catch(() => {});
		lock?.release();
		throw error;
	}
}
