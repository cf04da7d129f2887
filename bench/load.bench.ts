/**
 * Load benchmark (PERFORMANCE.md, scale-out): the production topology on this machine (two web
 * instances and one ingest worker, each its own process, on one PostgreSQL database and one
 * shared storage directory), driven over loopback by
 * - 200 loggers, each in a loop: GET config, POST heartbeat, PUT its lap.six again (idempotent:
 *   the same bytes, `changed: false`), then a pause of 5 s (the heartbeat limit is 12 a minute);
 * - 50 signed-in riders, each in a loop: the session list, one session, its lap paths, then 1 s;
 * requests alternate between the two instances, as behind a load balancer.
 * The instances run the compiled server as production does (load-topology.ts). The load runs
 * 10 s from their start first (LOAD_BENCH_WARMUP_SECONDS; 0: none), then the measured 60 s.
 * Reported: errors (any non-2xx or failed request, in both parts; the target is 0), rider reads
 * p50/p99 (the target is p99 < 500 ms on a 2-core machine), also by 10 s of the run, the warm-up's
 * own p99, figures per route, and throughput, also as a ratio to a trivial route (/healthz under
 * 64 concurrent clients, measured in the same run). LOAD_BENCH_PROBE=1 adds what the instances
 * say about themselves and the CPU each process took (load-probe.ts).
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a database is created and dropped);
 * without either the benchmark says so and skips. LOAD_BENCH_SECONDS changes the 60 s.
 * Run: `npm run bench -- load`.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
import { closeConnections, type LoadRequest, send } from "./load-client";
import { probeLoad } from "./load-probe";
import {
	ensureServerBuild,
	freePort,
	loadRuntime,
	startProcess,
	stopProcesses,
	waitReady,
} from "./load-topology";

export interface LoadBenchResult {
	seconds: number;
	requests: number;
	errors: number;
	errorSamples: string[];
	throughputPerSecond: number;
	trivialPerSecond: number;
	/** Throughput of the mixed load / throughput of the trivial route. */
	ratioToTrivial: number;
	/** "dist": the compiled JavaScript production runs; "tsx": the sources (LOAD_BENCH_RUNTIME). */
	runtime: "dist" | "tsx";
	riderReads: { count: number; p50Ms: number; p99Ms: number; targetP99Ms: number };
	/** p99 of the rider reads started in each 10 s of the run. */
	riderP99MsByWindow: number[];
	loggerRequests: { count: number; p50Ms: number; p99Ms: number };
	/** The same load from the instances' start, before the measured seconds (its errors count). */
	warmup: {
		seconds: number;
		requests: number;
		errors: number;
		errorSamples: string[];
		riderP99Ms: number;
	};
	routes: Record<RouteName, { count: number; p50Ms: number; p99Ms: number; wireBytesEach: number }>;
}

const LOGGERS = 200;
const RIDERS = 50;
const LOGGER_PAUSE_MS = 5000;
const RIDER_PAUSE_MS = 1000;
const TRIVIAL_CLIENTS = 64;
const TRIVIAL_SECONDS = 5;
const TARGET_P99_MS = 500;
/**
 * The first seconds after the instances start are spent compiling (V8 runs a freshly started
 * server's code interpreted until it is hot) and filling the caches: the same load runs this long
 * first, its errors counted and its p99 printed, and the latencies are those of the steady state.
 */
const WARMUP_SECONDS = 10;
/**
 * Requests per second the clients would send if every answer were instant (3 requests per loop,
 * then the pause): the mixed load's throughput cannot pass it, whatever the servers can do.
 */
const PACED_MAX_PER_SECOND = Math.round(
	(LOGGERS * 3 * 1000) / LOGGER_PAUSE_MS + (RIDERS * 3 * 1000) / RIDER_PAUSE_MS,
);
const SECRET_KEY = "load-bench-secret-key-0123456789abcdef-0123";
const METRICS_TOKEN = "load-bench-metrics-token-0123456789abcdef";

function percentile(sorted: number[], q: number): number {
	if (sorted.length === 0) return Number.NaN;
	return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
}

interface Seeded {
	loggers: { hardwareId: string; key: string; lapSix: Buffer; digest: string }[];
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
			const lapSix = Buffer.from(files.lapSix);
			seeded.loggers.push({ hardwareId, key, lapSix, digest: contentDigestHeader(lapSix) });
		}
		return seeded;
	} finally {
		await handle.close();
	}
}

/** What each request of the load is, for the per-route figures. */
type RouteName = "tree" | "session" | "paths" | "config" | "heartbeat" | "put";
const RIDER_ROUTES: readonly RouteName[] = ["tree", "session", "paths"];
const LOGGER_ROUTES: readonly RouteName[] = ["config", "heartbeat", "put"];

interface Tally {
	requests: number;
	errors: number;
	errorSamples: string[];
	ms: Record<RouteName, number[]>;
	/** When the load started, and the rider reads by the 10 s window they started in. */
	startedAt: number;
	riderWindows: number[][];
	/** Bytes of the answers as they came over the wire (compressed), per route. */
	wireBytes: Record<RouteName, number>;
}

function newTally(): Tally {
	const routes = [...RIDER_ROUTES, ...LOGGER_ROUTES];
	return {
		startedAt: performance.now(),
		riderWindows: [],
		requests: 0,
		errors: 0,
		errorSamples: [],
		ms: Object.fromEntries(routes.map((r) => [r, []])) as unknown as Tally["ms"],
		wireBytes: Object.fromEntries(routes.map((r) => [r, 0])) as unknown as Tally["wireBytes"],
	};
}

async function timed(
	tally: Tally,
	route: RouteName,
	url: string,
	init: LoadRequest = {},
): Promise<void> {
	const started = performance.now();
	try {
		const res = await send(url, init);
		const ms = performance.now() - started;
		tally.ms[route].push(ms);
		if (RIDER_ROUTES.includes(route)) {
			const window = Math.floor((started - tally.startedAt) / WINDOW_MS);
			const samples = tally.riderWindows[window] ?? [];
			samples.push(ms);
			tally.riderWindows[window] = samples;
		}
		tally.wireBytes[route] += res.wireBytes;
		tally.requests += 1;
		if (res.status < 200 || res.status > 299) {
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

function latency(samples: number[]): { count: number; p50Ms: number; p99Ms: number } {
	const sorted = [...samples].sort((x, y) => x - y);
	return { count: sorted.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
}

/** Rider reads are also reported by window of the run: a slow start shows apart from the rest. */
const WINDOW_MS = 10_000;
const HEARTBEAT_BODY = Buffer.from(JSON.stringify({ version: "1.4.2" }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Requests per second of /healthz with `TRIVIAL_CLIENTS` clients, alternating instances. */
async function trivialThroughput(origins: string[]): Promise<number> {
	let count = 0;
	const end = Date.now() + TRIVIAL_SECONDS * 1000;
	await Promise.all(
		Array.from({ length: TRIVIAL_CLIENTS }, async (_, client) => {
			for (let i = client; Date.now() < end; i++) {
				const res = await send(`${origins[i % origins.length]}/healthz`);
				if (res.status === 200) count += 1;
			}
		}),
	);
	return count / TRIVIAL_SECONDS;
}

async function runLoad(origins: string[], seeded: Seeded, seconds: number): Promise<Tally> {
	const tally = newTally();
	const end = Date.now() + seconds * 1000;
	let turn = 0;
	const origin = () => origins[turn++ % origins.length];
	const loggers = seeded.loggers.map(async (logger, i) => {
		// Spread the first requests over the pause, as loggers waking at different times.
		await sleep((i * LOGGER_PAUSE_MS) / seeded.loggers.length);
		const auth = { authorization: `Bearer ${logger.key}` };
		while (Date.now() < end) {
			await timed(tally, "config", `${origin()}/api/device/v1/config`, { headers: auth });
			await timed(tally, "heartbeat", `${origin()}/api/device/v1/heartbeat`, {
				method: "POST",
				headers: { ...auth, "content-type": "application/json" },
				body: HEARTBEAT_BODY,
			});
			await timed(tally, "put", `${origin()}/api/device/v1/sessions/Interlagos/01022026/lap.six`, {
				method: "PUT",
				headers: { ...auth, "content-digest": logger.digest },
				body: logger.lapSix,
			});
			await sleep(LOGGER_PAUSE_MS);
		}
	});
	const riders = seeded.riders.map(async (rider, i) => {
		await sleep((i * RIDER_PAUSE_MS) / seeded.riders.length);
		const headers = { cookie: rider.cookie, "accept-encoding": "br, gzip" };
		while (Date.now() < end) {
			await timed(tally, "tree", `${origin()}/api/sessions/tree`, { headers });
			await timed(tally, "session", `${origin()}/api/sessions/${rider.sessionId}`, { headers });
			await timed(tally, "paths", `${origin()}/api/sessions/${rider.sessionId}/paths`, {
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
		const runtime = loadRuntime();
		if (runtime === "dist") ensureServerBuild();
		const shared = {
			DATABASE_URL: url.toString(),
			STORAGE_URL: pathToFileURL(objectsDir).href,
			SECRET_KEY,
			METRICS_TOKEN,
		};
		const origins: string[] = [];
		for (const i of [0, 1]) {
			const port = await freePort();
			origins.push(`http://127.0.0.1:${port}`);
			children.push(
				startProcess(runtime, "main", [], {
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
			startProcess(runtime, "cli", ["worker"], { ...shared, DATA_DIR: join(work, "worker") }),
		);
		await Promise.all(origins.map(waitReady));

		const trivialPerSecond = await trivialThroughput(origins);
		if (print) process.stdout.write(`load: ${seconds} s de carga (${runtime})…\n`);
		const warmupSeconds = Number(process.env.LOAD_BENCH_WARMUP_SECONDS ?? WARMUP_SECONDS);
		const warmup = warmupSeconds > 0 ? await runLoad(origins, seeded, warmupSeconds) : null;
		const load = runLoad(origins, seeded, seconds);
		const processes = {
			"web 1": children[0]?.pid,
			"web 2": children[1]?.pid,
			worker: children[2]?.pid,
		};
		const probe =
			process.env.LOAD_BENCH_PROBE === "1"
				? probeLoad(origins, METRICS_TOKEN, processes, load)
				: null;
		const tally = await load;
		if (probe && print) process.stdout.write(await probe);
		const throughputPerSecond = Math.round((tally.requests / seconds) * 10) / 10;
		const routes = Object.fromEntries(
			[...RIDER_ROUTES, ...LOGGER_ROUTES].map((r) => [
				r,
				{
					...latency(tally.ms[r]),
					wireBytesEach: Math.round(tally.wireBytes[r] / Math.max(1, tally.ms[r].length)),
				},
			]),
		) as LoadBenchResult["routes"];
		const result: LoadBenchResult = {
			seconds,
			runtime,
			requests: tally.requests,
			errors: tally.errors,
			errorSamples: tally.errorSamples,
			throughputPerSecond,
			trivialPerSecond: Math.round(trivialPerSecond),
			ratioToTrivial: Math.round((throughputPerSecond / trivialPerSecond) * 1000) / 1000,
			riderReads: {
				...latency(RIDER_ROUTES.flatMap((r) => tally.ms[r])),
				targetP99Ms: TARGET_P99_MS,
			},
			riderP99MsByWindow: Array.from(tally.riderWindows, (w) => latency(w ?? []).p99Ms),
			loggerRequests: latency(LOGGER_ROUTES.flatMap((r) => tally.ms[r])),
			warmup: {
				seconds: warmupSeconds,
				requests: warmup?.requests ?? 0,
				errors: warmup?.errors ?? 0,
				errorSamples: warmup?.errorSamples ?? [],
				riderP99Ms: latency(RIDER_ROUTES.flatMap((r) => warmup?.ms[r] ?? [])).p99Ms,
			},
			routes,
		};
		if (print) {
			const ok =
				result.errors === 0 &&
				result.warmup.errors === 0 &&
				result.riderReads.p99Ms < TARGET_P99_MS;
			const warm = result.warmup;
			const warmLine =
				warm.seconds > 0
					? `  aquecimento (${warm.seconds} s desde a partida, fora das latências): ${warm.requests} requisições, erros ${warm.errors}${warm.errorSamples.length ? ` (${warm.errorSamples.join("; ")})` : ""}, p99 das leituras ${warm.riderP99Ms} ms\n`
					: "";
			const perRoute = Object.entries(result.routes)
				.map(
					([r, f]) =>
						`    ${r.padEnd(9)} ${String(f.count).padStart(5)}  p50 ${String(f.p50Ms).padStart(7)} ms  p99 ${String(f.p99Ms).padStart(7)} ms  ${f.wireBytesEach} B\n`,
				)
				.join("");
			process.stdout.write(
				`load (2 instâncias + 1 worker, PostgreSQL, ${LOGGERS} loggers, ${RIDERS} pilotos, ${seconds} s, ${runtime}):\n` +
					warmLine +
					`  requisições ${result.requests}, erros ${result.errors}${result.errorSamples.length ? ` (${result.errorSamples.join("; ")})` : ""}\n` +
					`  leituras dos pilotos: ${result.riderReads.count}, p50 ${result.riderReads.p50Ms} ms, p99 ${result.riderReads.p99Ms} ms (meta < ${TARGET_P99_MS} ms)\n` +
					`  p99 das leituras por 10 s da carga: ${result.riderP99MsByWindow.map((p) => `${p} ms`).join(", ")}\n` +
					`  loggers: ${result.loggerRequests.count}, p50 ${result.loggerRequests.p50Ms} ms, p99 ${result.loggerRequests.p99Ms} ms\n` +
					`  por rota (respostas, p50, p99, bytes na rede por resposta):\n${perRoute}` +
					`  vazão ${result.throughputPerSecond} req/s (o ritmo dos clientes dá no máximo ${PACED_MAX_PER_SECOND}); rota trivial (/healthz, ${TRIVIAL_CLIENTS} clientes) ${result.trivialPerSecond} req/s; razão ${result.ratioToTrivial}\n` +
					`  ${ok ? "OK" : "ACIMA DA META"}\n`,
			);
		}
		return result;
	} finally {
		closeConnections();
		await stopProcesses(children);
		await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
		await admin.end();
		rmSync(work, { recursive: true, force: true });
	}
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	await runLoadBenchmark();
}
