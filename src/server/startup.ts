import type { FastifyInstance } from "fastify";
import { seedDemoData } from "./demo/seed-demo";
import type { Runtime } from "./runtime";
import { startProgress } from "./start-progress";

/**
 * Work done once before the server accepts requests: the ingest of files received before a
 * crash, then the demo data on an empty database (outside production, unless SEED_DEMO=0).
 */
export async function startupTasks(app: FastifyInstance, runtime: Runtime): Promise<void> {
	const { config } = runtime;
	if (runtime.migrationsApplied.length > 0) {
		app.log.info({ migrations: runtime.migrationsApplied }, "database migrated");
	}
	const recovered = await app.ingest.recoverPending();
	if (recovered > 0)
		app.log.info({ sessions: recovered }, "ingested sessions received before a restart");
	if (config.seedDemo) await seedDemo(app, runtime);
	startProgress("pronto.");
}

async function seedDemo(app: FastifyInstance, runtime: Runtime): Promise<void> {
	const { config } = runtime;
	const started = Date.now();
	startProgress("preparando os dados de demonstração…");
	const result = await seedDemoData({
		db: runtime.database.db,
		ingest: app.ingest,
		secretKey: config.secretKey,
		dataDir: config.dataDir,
	});
	if (result.seeded) {
		app.log.info(
			{
				users: result.users,
				loggers: result.loggers,
				sessions: result.sessions,
				ms: Date.now() - started,
			},
			`demo data seeded; sign in as admin@lapsix.example, vendedor@lapsix.example or piloto1@lapsix.example (device keys in ${result.deviceKeysFile})`,
		);
	}
}
