import type { FastifyInstance } from "fastify";
import { seedDemoData } from "./demo/seed-demo";
import { createIngestService } from "./ingest/ingest-service";
import { createReprocessService } from "./reprocess/reprocess-service";
import type { Runtime } from "./runtime";
import { startProgress } from "./start-progress";

/**
 * Work done once before the server accepts requests: the ingest of files received before a
 * crash, the sessions an upgrade left in older forms derived again, then the demo data on an
 * empty database (outside production, unless SEED_DEMO=0).
 */
export async function startupTasks(app: FastifyInstance, runtime: Runtime): Promise<void> {
	const { config } = runtime;
	if (runtime.migrationsApplied.length > 0) {
		app.log.info({ migrations: runtime.migrationsApplied }, "database migrated");
	}
	const recovered = await app.ingest.recoverPending();
	if (recovered > 0)
		app.log.info({ sessions: recovered }, "ingested sessions received before a restart");
	await upgradeStoredSessions(app, runtime);
	if (config.seedDemo) await seedDemo(app, runtime);
	startProgress("pronto.");
}

/**
 * Sessions stored before the current forms (lap blobs without time, logger sessions without
 * a track) are derived again from their kept files, once, before requests are served.
 */
async function upgradeStoredSessions(app: FastifyInstance, runtime: Runtime): Promise<void> {
	const service = createReprocessService({ db: runtime.database.db, storage: runtime.storage });
	let announced = false;
	const summary = await service.reprocessUpgrade((p) => {
		if (!announced) {
			app.log.info({ sessions: p.total }, "deriving stored sessions again (upgrade)");
			announced = true;
		}
		startProgress(`atualizando sessões gravadas: ${p.index}/${p.total}…`);
		if (typeof p.result === "object") {
			app.log.warn({ session: p.sessionId, error: p.result.failed }, "upgrade of a session failed");
		}
	});
	if (summary.total > 0) app.log.info(summary, "stored sessions upgraded");
}

async function seedDemo(app: FastifyInstance, runtime: Runtime): Promise<void> {
	const { config } = runtime;
	const started = Date.now();
	startProgress("preparando os dados de demonstração…");
	const result = await seedDemoData({
		db: runtime.database.db,
		// A batch in this process: each session is ingested in place, not queued and waited for.
		ingest: createIngestService({
			db: runtime.database.db,
			storage: runtime.storage,
			log: app.log,
			locks: runtime.database.sessionLocks,
			memoryBudgetBytes: config.ingestMemoryBytes,
		}),
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
