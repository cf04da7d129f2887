import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { DataDirBusyError } from "./data-dir-lock";
import type { IngestLog } from "./ingest/ingest-service";
import { startIngestWorkers } from "./jobs/ingest-workers";
import { openIngestQueue, workersInProcess } from "./jobs/open-ingest-queue";
import { openRuntime } from "./runtime";
import { startProgress } from "./start-progress";
import { startupTasks } from "./startup";

/** Ends the start with one clear line and a non-zero exit code. */
function fail(message: string): never {
	process.stderr.write(`lapsix: ${message}\n`);
	process.exit(1);
}

function describeStartError(error: unknown): string {
	if (error instanceof ConfigError) return `configuração inválida: ${error.message}`;
	if (error instanceof DataDirBusyError) return error.message;
	const err = error as NodeJS.ErrnoException & { address?: string; port?: number };
	if (err.code === "EADDRINUSE")
		return `a porta ${err.port} já está em uso (defina PORT para outra porta)`;
	if (
		err.code === "ECONNREFUSED" ||
		err.code === "ENOTFOUND" ||
		err.code === "ETIMEDOUT" ||
		/timeout/i.test(err.message ?? "")
	) {
		return `não foi possível conectar ao banco de dados (DATABASE_URL): ${err.message}`;
	}
	return `falha ao iniciar: ${err.message ?? String(error)}`;
}

/** DEMO_ALLOW_REMOTE=1: said loudly, on the terminal and in the log, at every start. */
function warnDemoExposed(app: { log: { warn(obj: object, msg: string): void } }, host: string) {
	const line = "!".repeat(78);
	process.stderr.write(
		`${line}\nlapsix: ATENÇÃO: MODO DEMONSTRAÇÃO ABERTO À REDE (HOST=${host}, DEMO_ALLOW_REMOTE=1).\n` +
			"lapsix: qualquer pessoa que alcance este endereço entra sem senha, inclusive como\n" +
			"lapsix: administrador. Não use com dados reais; configure OIDC_CLIENT_ID para produção.\n" +
			`${line}\n`,
	);
	app.log.warn(
		{ event: "demo_exposed", host },
		"demo sign-in (no password, admin included) is reachable from the network",
	);
}

async function main() {
	let config: ReturnType<typeof loadConfig>;
	try {
		config = loadConfig();
	} catch (error) {
		fail(describeStartError(error));
	}
	startProgress(
		config.databaseUrl
			? "conectando ao PostgreSQL e aplicando migrações…"
			: `abrindo o banco de dados em ${config.dataDir} e aplicando migrações…`,
	);
	const runtime = await openRuntime(config, "server").catch((error: unknown) =>
		fail(describeStartError(error)),
	);
	// The queue is opened before the app (the app needs it); its lines go to the app's logger.
	let log: IngestLog | undefined;
	const jobs = await openIngestQueue(config, runtime.database, {
		info: (...args: unknown[]) => log?.info(...args),
		warn: (...args: unknown[]) => log?.warn(...args),
		error: (...args: unknown[]) => log?.error(...args),
	}).catch((error: unknown) => fail(describeStartError(error)));
	const app = await buildApp({
		config,
		database: runtime.database,
		storage: runtime.storage,
		jobs,
	});
	log = app.log;
	const workerCount = workersInProcess(config, jobs);
	const workers =
		workerCount > 0
			? await startIngestWorkers({
					ingest: app.ingest,
					queue: jobs,
					concurrency: workerCount,
					log: app.log,
				})
			: { stop: () => jobs.stop() };

	let closing = false;
	const shutdown = async (signal: string) => {
		if (closing) return;
		closing = true;
		app.log.info({ signal }, "shutting down: finishing in-flight requests");
		const force = setTimeout(() => {
			app.log.error("shutdown took too long; exiting");
			process.exit(1);
		}, 15_000);
		force.unref();
		try {
			await app.close();
			await workers.stop();
			await runtime.close();
			process.exit(0);
		} catch (error) {
			app.log.error({ err: error }, "shutdown failed");
			process.exit(1);
		}
	};
	process.on("SIGTERM", () => void shutdown("SIGTERM"));
	process.on("SIGINT", () => void shutdown("SIGINT"));

	try {
		await app.ready();
		// Serve at once (the sign-in page needs no data); /readyz says "pending" until the
		// start-up tasks are done.
		app.startup.done = false;
		await app.listen({ port: config.port, host: config.host });
		startProgress(`ouvindo em ${config.publicUrl}`);
		if (config.demoExposed) warnDemoExposed(app, config.host);
	} catch (error) {
		await runtime.close().catch(() => {});
		fail(describeStartError(error));
	}
	startupTasks(app, runtime)
		.catch((error: unknown) => app.log.error({ err: error }, "start-up tasks failed"))
		.finally(() => {
			app.startup.done = true;
		});
	app.log.info(
		{
			url: config.publicUrl,
			database: runtime.database.engine,
			storage: runtime.storage.kind,
			signIn: config.oidc.mode,
			jobs: jobs.kind,
			ingestWorkers: workerCount,
		},
		`lapsix pronto em ${config.publicUrl}`,
	);
}

void main();
