/**
 * Load benchmark (PERFORMANCE.md, scale-out): the production topology on this machine (two web
 * instances and one ingest worker, each its own process, on one PostgreSQL database and one
 * shared storage directory), driven over loopback by
 * - 200 loggers, each in a loop: GET config, POST heartbeat, PUT its lap.six again (idempotent:
 *   the same bytes, `changed: false`), then a pause of 5 s (the heartbeat limit is 12 a minute);
 * - 50 signed-in riders, each in a loop: the session list, one session, its lap paths, then 1 s;
 * requests alternate between the two instances, as behind a load balancer.
 * Reported: errors (any non-2xx or failed request; the target is 0), rider reads p50/p99 (the
 * target is p99 < 500 ms on a 2-core machine), and throughput, also as a ratio to a trivial
 * route (/healthz under 64 concurrent clients, measured in the same run).
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a database is created and dropped);
 * without either the benchmark says so and skips. LOAD_BENCH_SECONDS changes the 60 s.
 * Run: `npm run bench -- load`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createAuthSessionService } from "../src/server/auth/auth-sessions";
import { openPostgres } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { contentDigestHeader } from "../src/server/device/content-digest";
import { generateDeviceKey, hashDeviceKey } from "../src/server/device/device-keys";
import { createIngestService } from "../src/server/ingest/ingest-service";
import { createAuthSessionRepository } from "../src/server/repositories/auth-session-repository";
import { FilesystemStorage } from "../src/server/storage/filesystem-storage";
import { fileInput, simulatedFiles } from "../src/server/test/ingest-test-support";

export interface LoadBenchResult {
	seconds: number;
	requests: number;
	errors: number;
	errorSamples: string[];
	throughputPerSecond: number;
	trivialPerSecond: number;
	/** Throughput of the mixed load / throughput of the trivial route. */
	ratioToTrivial: number;
	riderReads: { count: number; p50Ms: number; p99Ms: number; targetP99Ms: number };
	loggerRequests: { count: number; p50Ms: number; p99Ms: number };
}

const LOGGERS = 200;
const RIDERS = 50;
const LOGGER_PAUSE_MS = 5000;
const RIDER_PAUSE_MS = 1000;
const TRIVIAL_CLIENTS = 64;
const TRIVIAL_SECONDS = 5;
const TARGET_P99_MS = 500;
const ROOT = resolve(import.meta.dirname, "..");
const SECRET_KEY = "load-bench-secret-key-0123456789abcdef-0123";

function percentile(sorted: number[], q: number): number {
	if (sorted.length === 0) return Number.NaN;
	return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
}

function freePort(): Promise<number> {
	return new Promise((done, fail) => {
		const server = createServer();
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address ? done(address.port) : fail(new Error("no port")),
			);
		});
	});
}

function startProcess(args: string[], env: Record<string, string>): ChildProcess {
	const child = spawn(process.execPath, ["--import", "tsx", ...args], {
		cwd: ROOT,
		env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", SEED_DEMO: "0", ...env },
		stdio: ["ignore", "ignore", "inherit"],
	});
	return child;
}

async function waitReady(origin: string): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		const status = await fetch(`${origin}/readyz`).then(
			(r) => r.status,
			() => 0,
		);
		if (status === 200) return;
		await new Promise((r) => setTimeout(r, 250));
	}
	throw new Error(`${origin} not ready`);
}

interface Seeded {
	loggers: { hardwareId: string; key: string; lapSix: Buffer }[];
	riders: { cookie: string; sessionId: string }[];
}

/** Users, loggers and sessions, written before the servers start (the CLI's way: inline ingest). */
async function seed(url: string, objectsDir: string): Promise<Seeded> {
	const handle = await openPostgres(url);
	try {
		await migrate(handle.db);
		const storage = new FilesystemStorage(objectsDir);
		const ingest = createIngestService({ db: handle.db, storage, locks: handle.sessionLocks });
		const auth = createAuthSessionService(createAuthSessionRepository(handle.db));
		const files = simulatedFiles(2026, 8);
		const seeded: Seeded = { loggers: [], riders: [] };
		for (let i = 0; i < LOGGERS; i++) {
			const hardwareId = `LOAD${String(i).padStart(3, "0")}`;
			const key = generateDeviceKey();
			const user = await handle.db
				.insertInto("users")
				.values({
					email: `load${i}@lapsix.example`,
					wifi_ssid: `rede-${i}`,
					pilot_name: `Piloto ${i}`,
				})
				.returning("id")
				.executeTakeFirstOrThrow();
			await handle.db
				.insertInto("hardware")
				.values({ id: hardwareId, owner_id: user.id, device_key_hash: hashDeviceKey(key) })
				.execute();
			await handle.db
				.updateTable("users")
				.set({ hardware_id: hardwareId })
				.where("id", "=", user.id)
				.execute();
			const session = { hardwareId, track: "Interlagos", date: "01022026" };
			// Riders' sessions have both files (laps with paths); the other loggers' only lap.six.
			const answer = await ingest.acceptFile(fileInput(session, "lap.six", files.lapSix));
			if (i < RIDERS) {
				await ingest.acceptFile(fileInput(session, "gps.six", files.gpsSix));
				const { token } = await auth.create(user.id, "load-bench");
				seeded.riders.push({ cookie: `lapsix_session=${token}`, sessionId: answer.session.id });
			}
			seeded.loggers.push({ hardwareId, key, lapSix: Buffer.from(files.lapSix) });
		}
		return seeded;
	} finally {
		await handle.close();
	}
}

interface Tally {
	requests: number;
	errors: number;
	errorSamples: string[];
	riderMs: number[];
	loggerMs: number[];
}

async function timed(
	tally: Tally,
	into: number[],
	url: string,
	init: RequestInit = {},
): Promise<void> {
	const started = performance.now();
	try {
		const res = await fetch(url, init);
		await res.arrayBuffer();
		into.push(performance.now() - started);
		tally.requests += 1;
		if (!res.ok) {
			tally.errors += 1;
			if (tally.errorSamples.length < 5) tally.errorSamples.push(`${res.status} ${url}`);
		}
	} catch (error) {
		tally.requests += 1;
		tally.errors += 1;
		if (tally.errorSamples.length < 5)
			tally.errorSamples.push(`${(error as Error).message} ${url}`);
	}
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Requests per second of /healthz with `TRIVIAL_CLIENTS` clients, alternating instances. */
async function trivialThroughput(origins: string[]): Promise<number> {
	let count = 0;
	const end = Date.now() + TRIVIAL_SECONDS * 1000;
	await Promise.all(
		Array.from({ length: TRIVIAL_CLIENTS }, async (_, client) => {
			for (let i = client; Date.now() < end; i++) {
				const res = await fetch(`${origins[i % origins.length]}/healthz`);
				await res.arrayBuffer();
				if (res.ok) count += 1;
			}
		}),
	);
	return count / TRIVIAL_SECONDS;
}

async function runLoad(origins: string[], seeded: Seeded, seconds: number): Promise<Tally> {
	const tally: Tally = { requests: 0, errors: 0, errorSamples: [], riderMs: [], loggerMs: [] };
	const end = Date.now() + seconds * 1000;
	let turn = 0;
	const origin = () => origins[turn++ % origins.length];
	const loggers = seeded.loggers.map(async (logger, i) => {
		// Spread the first requests over the pause, as loggers waking at different times.
		await sleep((i * LOGGER_PAUSE_MS) / seeded.loggers.length);
		const auth = { authorization: `Bearer ${logger.key}` };
		while (Date.now() < end) {
			await timed(tally, tally.loggerMs, `${origin()}/api/device/v1/config`, { headers: auth });
			await timed(tally, tally.loggerMs, `${origin()}/api/device/v1/heartbeat`, {
				method: "POST",
				headers: { ...auth, "content-type": "application/json" },
				body: JSON.stringify({ version: "1.4.2" }),
			});
			await timed(
				tally,
				tally.loggerMs,
				`${origin()}/api/device/v1/sessions/Interlagos/01022026/lap.six`,
				{
					method: "PUT",
					headers: { ...auth, "content-digest": contentDigestHeader(logger.lapSix) },
					body: new Uint8Array(logger.lapSix),
				},
			);
			await sleep(LOGGER_PAUSE_MS);
		}
	});
	const riders = seeded.riders.map(async (rider, i) => {
		await sleep((i * RIDER_PAUSE_MS) / seeded.riders.length);
		const headers = { cookie: rider.cookie, "accept-encoding": "br, gzip" };
		while (Date.now() < end) {
			await timed(tally, tally.riderMs, `${origin()}/api/sessions/tree`, { headers });
			await timed(tally, tally.riderMs, `${origin()}/api/sessions/${rider.sessionId}`, {
				headers,
			});
			await timed(tally, tally.riderMs, `${origin()}/api/sessions/${rider.sessionId}/paths`, {
				headers,
			});
			await sleep(RIDER_PAUSE_MS);
		}
	});
	await Promise.all([...loggers, ...riders]);
	return tally;
}

export async function runLoadBenchmark(
	opts: { seconds?: number; print?: boolean } = {},
): Promise<LoadBenchResult | null> {
	const print = opts.print ?? true;
	const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
	if (!adminUrl) {
		if (print)
			process.stdout.write(
				"load: ignorado (PostgreSQL necessário: defina BENCH_DATABASE_URL ou TEST_DATABASE_URL)\n",
			);
		return null;
	}
	const seconds = opts.seconds ?? Number(process.env.LOAD_BENCH_SECONDS ?? 60);
	const name = `lapsix_bench_${randomBytes(5).toString("hex")}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`CREATE DATABASE ${name}`);
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	const work = mkdtempSync(join(tmpdir(), "lapsix-load-"));
	const objectsDir = join(work, "objects");
	const children: ChildProcess[] = [];
	try {
		if (print) process.stdout.write(`load: preparando ${LOGGERS} loggers e ${RIDERS} pilotos…\n`);
		const seeded = await seed(url.toString(), objectsDir);
		const shared = {
			DATABASE_URL: url.toString(),
			STORAGE_URL: pathToFileURL(objectsDir).href,
			SECRET_KEY,
			NODE_ENV: "development",
		};
		const origins: string[] = [];
		for (const i of [0, 1]) {
			const port = await freePort();
			origins.push(`http://127.0.0.1:${port}`);
			children.push(
				startProcess(["src/server/main.ts"], {
					...shared,
					PORT: String(port),
					HOST: "127.0.0.1",
					PUBLIC_URL: `http://127.0.0.1:${port}`,
					DATA_DIR: join(work, `web${i}`),
					INGEST_WORKERS: "0",
				}),
			);
		}
		children.push(
			startProcess(["src/server/cli/main.ts", "worker"], {
				...shared,
				DATA_DIR: join(work, "worker"),
			}),
		);
		await Promise.all(origins.map(waitReady));

		const trivialPerSecond = await trivialThroughput(origins);
		if (print) process.stdout.write(`load: ${seconds} s de carga…\n`);
		const tally = await runLoad(origins, seeded, seconds);
		const rider = [...tally.riderMs].sort((a, b) => a - b);
		const logger = [...tally.loggerMs].sort((a, b) => a - b);
		const throughputPerSecond = Math.round((tally.requests / seconds) * 10) / 10;
		const result: LoadBenchResult = {
			seconds,
			requests: tally.requests,
			errors: tally.errors,
			errorSamples: tally.errorSamples,
			throughputPerSecond,
			trivialPerSecond: Math.round(trivialPerSecond),
			ratioToTrivial: Math.round((throughputPerSecond / trivialPerSecond) * 1000) / 1000,
			riderReads: {
				count: rider.length,
				p50Ms: percentile(rider, 0.5),
				p99Ms: percentile(rider, 0.99),
				targetP99Ms: TARGET_P99_MS,
			},
			loggerRequests: {
				count: logger.length,
				p50Ms: percentile(logger, 0.5),
				p99Ms: percentile(logger, 0.99),
			},
		};
		if (print) {
			const ok = result.errors === 0 && result.riderReads.p99Ms < TARGET_P99_MS;
			process.stdout.write(
				`load (2 instâncias + 1 worker, PostgreSQL, ${LOGGERS} loggers, ${RIDERS} pilotos, ${seconds} s):\n` +
					`  requisições ${result.requests}, erros ${result.errors}${result.errorSamples.length ? ` (${result.errorSamples.join("; ")})` : ""}\n` +
					`  leituras dos pilotos: ${result.riderReads.count}, p50 ${result.riderReads.p50Ms} ms, p99 ${result.riderReads.p99Ms} ms (meta < ${TARGET_P99_MS} ms)\n` +
					`  loggers: ${result.loggerRequests.count}, p50 ${result.loggerRequests.p50Ms} ms, p99 ${result.loggerRequests.p99Ms} ms\n` +
					`  vazão ${result.throughputPerSecond} req/s; rota trivial (/healthz, ${TRIVIAL_CLIENTS} clientes) ${result.trivialPerSecond} req/s; razão ${result.ratioToTrivial}\n` +
					`  ${ok ? "OK" : "ACIMA DA META"}\n`,
			);
		}
		return result;
	} finally {
		for (const child of children) child.kill("SIGTERM");
		await Promise.all(
			children.map(
				(child) =>
					new Promise<void>((done) => {
						if (child.exitCode !== null || child.signalCode !== null) return done();
						const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
						child.on("exit", () => {
							clearTimeout(force);
							done();
						});
					}),
			),
		);
		await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
		await admin.end();
		rmSync(work, { recursive: true, force: true });
	}
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	await runLoadBenchmark();
}
