/**
 * Import benchmark (issue: "importing a one-hour 25 Hz recording (about 90,000 fixes) until it
 * is visible in the API under 1 s on the embedded database"): a RaceChrono CSV v3 of one hour
 * at 25 Hz, from "upload complete" (the bytes in hand) through `POST /api/sessions/import`
 * (read, track made from its lap numbers, timed, stored with its channels in one transaction)
 * to `GET /api/sessions/:id` answering with its laps, on embedded PGlite on disk and filesystem
 * storage, next to reading the file alone (`importRecording`) measured in the same run.
 *
 * Each run imports for a new rider (the same file twice for one rider gives the first session
 * back, which would measure nothing).
 *
 * Run: `npm run bench -- import-session` or `npx tsx bench/import-session.bench.ts [runs]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { importRecording } from "../src/domain/import";
import { buildApp } from "../src/server/app";
import { hashSessionToken } from "../src/server/auth/auth-sessions";
import { CSRF_HEADER, sessionCookieName } from "../src/server/auth/session-plugin";
import { loadConfig } from "../src/server/config";
import { openPglite } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { FilesystemStorage } from "../src/server/storage/filesystem-storage";
import { raceChronoFile } from "./import-files";

export interface ImportSessionBenchResult {
	fixes: number;
	bytes: number;
	laps: number;
	runs: number;
	/** Median ms, upload complete -> visible in getSession. */
	endToEndMs: number;
	/** Median ms of reading the file alone. */
	readMs: number;
	/** endToEnd / read. */
	ratio: number;
	targetMs: number;
}

const TARGET_MS = 1000;
const WARMUP_RUNS = 1;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function runImportSessionBenchmark(
	opts: { runs?: number; seconds?: number; print?: boolean } = {},
): Promise<ImportSessionBenchResult> {
	const runs = opts.runs ?? 5;
	const bytes = Buffer.from(raceChronoFile(opts.seconds ?? 3600, 25));
	const dir = mkdtempSync(join(tmpdir(), "lapsix-import-bench-"));
	const config = loadConfig({
		NODE_ENV: "test",
		DATA_DIR: dir,
		SECRET_KEY: "bench-secret-key-0123456789abcdef-0123456789",
		PUBLIC_URL: "http://localhost:3000",
		SEED_DEMO: "0",
		LOG_LEVEL: "silent",
		UPLOAD_MAX_BYTES: String(256 * 1024 * 1024),
	});
	const database = await openPglite(join(dir, "db"));
	await migrate(database.db);
	const storage = new FilesystemStorage(join(dir, "objects"));
	const app = await buildApp({ config, database, storage }, { webRoot: join(dir, "web") });
	await app.ready();
	try {
		let fixes = 0;
		let laps = 0;
		const readTimes: number[] = [];
		const totalTimes: number[] = [];
		for (let run = 0; run < WARMUP_RUNS + runs; run++) {
			const rider = await database.db
				.insertInto("users")
				.values({ email: `bench${run}@example.com` })
				.returning("id")
				.executeTakeFirstOrThrow();
			const { token } = await app.authSessions.create(rider.id, "bench");
			const headers = {
				cookie: `${sessionCookieName(config)}=${token}`,
				[CSRF_HEADER]: app.csrfTokenFor(hashSessionToken(token)),
				origin: config.publicUrl,
			};

			const r0 = performance.now();
			const recording = importRecording(bytes, "hora.csv");
			const readMs = performance.now() - r0;
			fixes = recording.fixes.length;

			const t0 = performance.now();
			const imported = await app.inject({
				method: "POST",
				url: "/api/sessions/import?name=hora.csv",
				headers: { ...headers, "content-type": "application/octet-stream" },
				payload: bytes,
			});
			if (imported.statusCode !== 201) {
				throw new Error(`import failed: ${imported.statusCode} ${imported.body.slice(0, 300)}`);
			}
			const id = (imported.json() as { session: { id: string } }).session.id;
			const res = await app.inject({ method: "GET", url: `/api/sessions/${id}`, headers });
			const totalMs = performance.now() - t0;
			const body = res.json() as { laps: { points: number }[] };
			if (
				res.statusCode !== 200 ||
				body.laps.length === 0 ||
				body.laps.some((l) => l.points === 0)
			) {
				throw new Error(
					`session not visible after import: ${res.statusCode} ${res.body.slice(0, 200)}`,
				);
			}
			laps = body.laps.length;
			if (run >= WARMUP_RUNS) {
				readTimes.push(readMs);
				totalTimes.push(totalMs);
			}
		}
		const result: ImportSessionBenchResult = {
			fixes,
			bytes: bytes.length,
			laps,
			runs,
			endToEndMs: median(totalTimes),
			readMs: median(readTimes),
			ratio: median(totalTimes) / median(readTimes),
			targetMs: TARGET_MS,
		};
		if (opts.print !== false) {
			const f = (n: number) => n.toFixed(1);
			process.stdout.write(
				[
					`recording: RaceChrono CSV, ${fixes} fixes (${(bytes.length / 1024 / 1024).toFixed(2)} MB), ${laps} laps, ${runs} runs (+${WARMUP_RUNS} warm-up)`,
					`upload complete -> visible in getSession: median ${f(result.endToEndMs)} ms (runs: ${totalTimes.map(f).join(", ")})`,
					`reading the file alone:                   median ${f(result.readMs)} ms`,
					`ratio end-to-end / read:                  ${result.ratio.toFixed(2)}`,
					`target < ${TARGET_MS} ms: ${result.endToEndMs < TARGET_MS ? "met" : "NOT met"}`,
					"",
				].join("\n"),
			);
		}
		return result;
	} finally {
		await app.close();
		await database.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

const invokedPath = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : "";
if (invokedPath === import.meta.url) {
	const runs = Number(process.argv[2] ?? "") || undefined;
	await runImportSessionBenchmark({ runs });
}
