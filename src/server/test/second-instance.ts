import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { type DatabaseHandle, openPostgres } from "../db/database";
import type { TestContext } from "./harness";

/**
 * Another app instance beside a test context's: same database and storage, its own process
 * state (locks, caches, counters in memory) and its own DATA_DIR (another machine's disk). On
 * PostgreSQL it has its own connection pool, as another instance would; the embedded database
 * has one process, so the handle is shared.
 */
export async function startSecondInstance(
	ctx: TestContext,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
	const own: DatabaseHandle | null =
		ctx.database.engine === "postgres" && ctx.database.connectionString
			? await openPostgres(ctx.database.connectionString)
			: null;
	const dataDir = await mkdtemp(join(tmpdir(), "lapsix-second-"));
	const app = await buildApp(
		{ config: { ...ctx.config, dataDir }, database: own ?? ctx.database, storage: ctx.storage },
		{ webRoot: join(ctx.dataDir, "web") },
	);
	await app.ready();
	return {
		app,
		async close() {
			await app.close();
			await own?.close();
			await rm(dataDir, { recursive: true, force: true });
		},
	};
}
