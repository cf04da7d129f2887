import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { type HttpResponse, Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./db/database";
import { contentDigestHeader, sha256Hex } from "./device/content-digest";
import { generateDeviceKey, hashDeviceKey } from "./device/device-keys";
import { TUS_PATH } from "./device/tus-uploads";
import { INGEST_QUEUE } from "./jobs/pg-boss-queue";
import type { S3Storage } from "./storage/s3-storage";
import { lapFile } from "./test/device-test-support";
import { simulatedFiles, startS3Buckets } from "./test/ingest-test-support";
import { createTestDatabase, testEngine } from "./test/test-database";

/**
 * The scale-out topology for real: two web instances and one ingest worker, each its own
 * process (the server and `lapsix worker` as they run in production), on one PostgreSQL
 * database and one S3 store (the S3 test server). No state may live in a process: a resumable
 * upload crosses instances, the sign-in rate limit counts across them, and a worker killed in
 * the middle of an ingest is replaced without losing the session.
 */

const onPostgres = testEngine() === "postgres";
const SERVER = join(import.meta.dirname, "main.ts");
const CLI = join(import.meta.dirname, "cli/main.ts");
const SECRET_KEY = "topology-secret-key-0123456789abcdef-012345";
const JOB_TIMEOUT_SECONDS = 3;

interface Child {
	process: ChildProcess;
	output(): string;
	exited: Promise<number | null>;
}

const children: Child[] = [];

function start(script: string, args: string[], env: Record<string, string>): Child {
	const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
		env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
		stdio: ["ignore", "pipe", "pipe"],
	});
	let output = "";
	child.stdout?.on("data", (chunk) => {
		output += chunk;
	});
	child.stderr?.on("data", (chunk) => {
		output += chunk;
	});
	const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
	const started = { process: child, output: () => output, exited };
	children.push(started);
	return started;
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address
					? resolve(address.port)
					: reject(new Error("no port")),
			);
		});
	});
}

async function until<T>(
	what: string,
	read: () => Promise<T>,
	done: (value: T) => boolean,
	timeoutMs = 30_000,
	everyMs = 100,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read().catch(() => undefined as T);
		if (value !== undefined && done(value)) return value;
		if (Date.now() > deadline)
			throw new Error(`${what}: not reached (last: ${JSON.stringify(value)})`);
		await new Promise((r) => setTimeout(r, everyMs));
	}
}

let database: DatabaseHandle;
let s3: Awaited<ReturnType<typeof startS3Buckets>>;
let sharedEnv: Record<string, string>;
let webA: string;
let webB: string;
/** The worker started with the web instances; killed in the last test. */
let firstWorker: Child;
const logger = { hardwareId: "TOPO-1", key: generateDeviceKey() };
const auth = { authorization: `Bearer ${logger.key}` };

function startWorker(): Child {
	return start(CLI, ["worker"], {
		...sharedEnv,
		DATA_DIR: mkdtempSync(join(tmpdir(), "lapsix-topology-worker-")),
		INGEST_WORKERS: "1",
	});
}

const TITLE = "scale-out topology: two web instances and a worker on PostgreSQL + S3";
describe.skipIf(!onPostgres)(
	onPostgres
		? TITLE
		: `${TITLE} (skipped: PostgreSQL only, runs in the PostgreSQL pass when TEST_DATABASE_URL is set)`,
	() => {
		beforeAll(async () => {
			database = await createTestDatabase();
			s3 = await startS3Buckets();
			const bucket = (await s3.create()) as S3Storage;
			const { endpoint, credentials } = bucket.connection;
			const storageUrl = new URL(`s3://${bucket.bucket}`);
			storageUrl.searchParams.set("endpoint", endpoint ?? "");
			storageUrl.searchParams.set("accessKeyId", credentials?.accessKeyId ?? "");
			storageUrl.searchParams.set("secretAccessKey", credentials?.secretAccessKey ?? "");
			sharedEnv = {
				DATABASE_URL: database.connectionString ?? "",
				STORAGE_URL: storageUrl.toString(),
				SECRET_KEY,
				SEED_DEMO: "0",
				INGEST_JOB_TIMEOUT_SECONDS: String(JOB_TIMEOUT_SECONDS),
			};
			const rider = await database.db
				.insertInto("users")
				.values({ email: "topology@example.com" })
				.returning("id")
				.executeTakeFirstOrThrow();
			await database.db
				.insertInto("hardware")
				.values({
					id: logger.hardwareId,
					owner_id: rider.id,
					device_key_hash: hashDeviceKey(logger.key),
				})
				.execute();

			const ports = [await freePort(), await freePort()];
			const [a, b] = ports.map((port, i) => {
				start(SERVER, [], {
					...sharedEnv,
					PORT: String(port),
					HOST: "127.0.0.1",
					PUBLIC_URL: `http://127.0.0.1:${port}`,
					DATA_DIR: mkdtempSync(join(tmpdir(), `lapsix-topology-web${i}-`)),
					// Web only: every ingest goes to the worker process.
					INGEST_WORKERS: "0",
				});
				return `http://127.0.0.1:${port}`;
			});
			webA = a ?? "";
			webB = b ?? "";
			firstWorker = startWorker();
			const ready = Promise.all(
				[webA, webB].map((origin) =>
					until(
						`${origin} ready`,
						() => fetch(`${origin}/readyz`).then((r) => r.status),
						(status) => status === 200,
						45_000,
						200,
					),
				),
			);
			// Not ready: say why, with what the processes printed.
			await ready.catch((error: Error) => {
				const printed = children.map((c, i) => `--- process ${i}\n${c.output().slice(-2000)}`);
				throw new Error(`${error.message}\n${printed.join("\n")}`);
			});
		}, 90_000);

		afterAll(async () => {
			for (const child of children) {
				if (child.process.exitCode === null) child.process.kill("SIGKILL");
			}
			await s3?.stop();
			await database?.close();
		});

		async function sessionOn(date: string) {
			return database.db
				.selectFrom("sessions")
				.select(["status", "version", "error", "pending_since", "gps_sha256"])
				.where("hardware_id", "=", logger.hardwareId)
				.where("date", "=", `2025-04-${date.slice(0, 2)}`)
				.executeTakeFirst();
		}

		it("finishes on instance B a resumable upload started on instance A", async () => {
			const bytes = lapFile(3000, 5);
			const metadata = {
				track: "Interlagos",
				date: "01042025",
				filename: "lap.six",
				sha256: sha256Hex(bytes),
			};
			const path = await new Promise<string>((resolve, reject) => {
				let cut = false;
				const upload: Upload = new Upload(bytes, {
					endpoint: `${webA}${TUS_PATH}/`,
					headers: auth,
					retryDelays: null,
					chunkSize: Math.ceil(bytes.length / 6),
					metadata,
					onProgress(sent, total) {
						if (cut || sent < total / 2) return;
						cut = true;
						upload.abort().then(() => resolve(new URL(upload.url ?? "").pathname), reject);
					},
					onSuccess: () => reject(new Error("finished before the cut")),
					onError: reject,
				});
				upload.start();
			});
			const head = await fetch(`${webB}${path}`, {
				method: "HEAD",
				headers: { ...auth, "Tus-Resumable": "1.0.0" },
			});
			expect(head.status).toBe(200);
			const offset = Number(head.headers.get("upload-offset"));
			expect(offset).toBeGreaterThan(0);
			expect(offset).toBeLessThan(bytes.length);

			const last = await new Promise<HttpResponse>((resolve, reject) => {
				new Upload(bytes, {
					uploadUrl: `${webB}${path}`,
					headers: auth,
					retryDelays: null,
					chunkSize: Math.ceil(bytes.length / 6),
					metadata,
					onSuccess: ({ lastResponse }) => resolve(lastResponse),
					onError: reject,
				}).start();
			});
			expect(last.getStatus()).toBe(200);
			// Digest verified by B over the whole file, parts of which A received.
			expect(JSON.parse(last.getBody())).toMatchObject({
				file: { name: "lap.six", size: bytes.length, sha256: sha256Hex(bytes), changed: true },
			});
			// Ingested by the worker process.
			await until(
				"resumed upload ingested",
				() => sessionOn("01042025"),
				(row) => row?.status === "processed" && row.version === 1,
			);
		}, 90_000);

		it("counts sign-in attempts on both instances against one limit", async () => {
			const statuses: number[] = [];
			for (let i = 0; i < 20; i += 1) {
				const origin = i % 2 === 0 ? webA : webB;
				statuses.push((await fetch(`${origin}/auth/callback?state=x`)).status);
			}
			expect(statuses.filter((s) => s === 429)).toEqual([]);
			expect((await fetch(`${webA}/auth/callback?state=x`)).status).toBe(429);
			expect((await fetch(`${webB}/auth/callback?state=x`)).status).toBe(429);
		});

		it("replaces a worker killed during an ingest, and the session ends complete", async () => {
			const date = "02042025";
			const files = simulatedFiles(77, 40);
			// lap.six first: a short ingest, which also shows the worker is up.
			const lapBytes = Buffer.from(files.lapSix);
			const lapPut = await fetch(`${webA}/api/device/v1/sessions/Interlagos/${date}/lap.six`, {
				method: "PUT",
				headers: { ...auth, "content-digest": contentDigestHeader(lapBytes) },
				body: lapBytes,
			});
			expect(lapPut.status).toBe(200);
			await until(
				"lap.six ingested",
				() => sessionOn(date),
				(row) => row?.status === "processed" && row.version === 1,
			);

			// gps.six: a long ingest; the worker is killed while its job is active.
			const gpsBytes = Buffer.from(files.gpsSix);
			const gpsPut = fetch(`${webB}/api/device/v1/sessions/Interlagos/${date}/gps.six`, {
				method: "PUT",
				headers: { ...auth, "content-digest": contentDigestHeader(gpsBytes) },
				body: gpsBytes,
			});
			await until(
				"gps.six job active",
				async () => {
					const { rows } = await sql<{ state: string }>`
						SELECT state FROM pgboss.job
						WHERE name = ${INGEST_QUEUE} AND data->>'date' = ${date} AND state = 'active'`.execute(
						database.db,
					);
					return rows.length;
				},
				(active) => active > 0,
				20_000,
				10,
			);
			firstWorker.process.kill("SIGKILL");
			expect(await firstWorker.exited).toBe(null);
			const atKill = await sessionOn(date);
			// Killed mid-job: the file is recorded, its ingest not applied.
			expect(atKill).toMatchObject({ version: 1 });
			expect(atKill?.pending_since).not.toBeNull();
			// The upload's answer does not depend on the worker: the file was durable already.
			expect((await gpsPut).status).toBe(200);

			const secondWorker = startWorker();
			const done = await until(
				"session complete after the replacement worker",
				() => sessionOn(date),
				(row) => row?.version === 2 && row.pending_since === null,
				60_000,
			);
			expect(done).toMatchObject({
				status: "processed",
				error: null,
				gps_sha256: sha256Hex(gpsBytes),
			});
			secondWorker.process.kill("SIGTERM");
			expect(await secondWorker.exited).toBe(0);
			// A replacement worker starts from TypeScript sources and waits for the killed job's
			// expiry: on a loaded machine that alone can take most of the default 30 s.
		}, 120_000);
	},
);
