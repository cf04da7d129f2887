/**
 * Ingest benchmark (PERFORMANCE.md): a 30-minute session at 25 Hz (~45,000 GPS lines) from
 * "upload complete" (the bytes in hand) to visible in the read API, on embedded PGlite on disk
 * and filesystem storage, next to the parse alone measured in the same run.
 *
 * Measured per run: SHA-256 of the upload, `acceptFile(gps.six)` (put with fsync, record,
 * parse both files, one transaction replacing the laps), then `GET /api/sessions/:id` through
 * `app.inject` with a signed-in rider. `lap.six` was uploaded before (untimed), as a logger does.
 *
 * Run: `npx tsx bench/ingest.bench.ts [runs]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { simulateSession } from "../src/domain/simulator/session";
import { analyzeSixFiles } from "../src/domain/six/analyze";
import { buildApp } from "../src/server/app";
import { sessionCookieName } from "../src/server/auth/session-plugin";
import { loadConfig } from "../src/server/config";
import { openPglite } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { sha256Hex } from "../src/server/ingest/session-files";
import { sessionKeyOrThrow } from "../src/server/ingest/session-key";
import { FilesystemStorage } from "../src/server/storage/filesystem-storage";

export interface IngestBenchResult {
	gpsLines: number;
	gpsBytes: number;
	laps: number;
	runs: number;
	/** Median ms, upload complete -> visible in getSession. */
	endToEndMs: number;
	/** Median ms of parse + analysis alone (both files). */
	parseMs: number;
	/** endToEnd / parse. */
	ratio: number;
	/** Target: endToEndMs < 300. */
	targetMs: number;
}

const TARGET_MS = 300;
const WARMUP_RUNS = 2;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function dateFolder(run: number): string {
	return `${String((run % 28) + 1).padStart(2, "0")}${String(Math.floor(run / 28) + 1).padStart(2, "0")}2025`;
}

export async function runIngestBenchmark(
	opts: { runs?: number; print?: boolean } = {},
): Promise<IngestBenchResult> {
	const runs = opts.runs ?? 7;
	// 18 laps of Interlagos at ~1:41 plus out- and in-lap: about 30 minutes.
	const session = simulateSession({ seed: 424242, circuit: "interlagos", laps: 18, hz: 25 });
	const encoder = new TextEncoder();
	const lapBytes = encoder.encode(session.lapSix);
	const gpsBytes = encoder.encode(session.gpsSix);
	const gpsLines = session.gpsSix.split("\n").length - 1;

	const dir = mkdtempSync(join(tmpdir(), "lapsix-ingest-bench-"));
	const config = loadConfig({
		NODE_ENV: "test",
		DATA_DIR: dir,
		SECRET_KEY: "bench-secret-key-0123456789abcdef-0123456789",
		PUBLIC_URL: "http://localhost:3000",
		SEED_DEMO: "0",
		LOG_LEVEL: "silent",
	});
	const database = await openPglite(join(dir, "db"));
	await migrate(database.db);
	const storage = new FilesystemStorage(join(dir, "objects"));
	const app = await buildApp({ config, database, storage }, { webRoot: join(dir, "web") });
	await app.ready();
	try {
		const rider = await database.db
			.insertInto("users")
			.values({ email: "bench@example.com" })
			.returning("id")
			.executeTakeFirstOrThrow();
		await database.db.insertInto("hardware").values({ id: "BENCH", owner_id: rider.id }).execute();
		const { token } = await app.authSessions.create(rider.id, "bench");
		const cookie = `${sessionCookieName(config)}=${token}`;

		const parseTimes: number[] = [];
		const totalTimes: number[] = [];
		for (let run = 0; run < WARMUP_RUNS + runs; run++) {
			const key = { hardwareId: "BENCH", track: "Interlagos", date: dateFolder(run) };
			await app.ingest.acceptFile({
				key: sessionKeyOrThrow(key, "lap.six"),
				bytes: lapBytes,
				sha256: sha256Hex(lapBytes),
			});

			const p0 = performance.now();
			const analysis = analyzeSixFiles(lapBytes, gpsBytes);
			const parseMs = performance.now() - p0;

			const t0 = performance.now();
			const accepted = await app.ingest.acceptFile({
				key: sessionKeyOrThrow(key, "gps.six"),
				bytes: gpsBytes,
				sha256: sha256Hex(gpsBytes),
			});
			const res = await app.inject({
				method: "GET",
				url: `/api/sessions/${accepted.session.id}`,
				headers: { cookie },
			});
			const totalMs = performance.now() - t0;

			const body = res.json() as { laps: { points: number }[] };
			if (
				res.statusCode !== 200 ||
				body.laps.length !== analysis.laps.length ||
				body.laps.some((l) => l.points === 0)
			) {
				throw new Error(
					`session not visible after ingest: ${res.statusCode} ${res.body.slice(0, 200)}`,
				);
			}
			if (run >= WARMUP_RUNS) {
				parseTimes.push(parseMs);
				totalTimes.push(totalMs);
			}
		}
		const result: IngestBenchResult = {
			gpsLines,
			gpsBytes: gpsBytes.length,
			laps: session.lapTimesMs.length,
			runs,
			endToEndMs: median(totalTimes),
			parseMs: median(parseTimes),
			ratio: median(totalTimes) / median(parseTimes),
			targetMs: TARGET_MS,
		};
		if (opts.print !== false) {
			const f = (n: number) => n.toFixed(1);
			process.stdout.write(
				[
					`session: ${gpsLines} GPS lines (${(gpsBytes.length / 1024 / 1024).toFixed(2)} MB), ${result.laps} laps, ${runs} runs (+${WARMUP_RUNS} warm-up)`,
					`upload complete -> visible in getSession: median ${f(result.endToEndMs)} ms (runs: ${totalTimes.map(f).join(", ")})`,
					`parse + analysis alone:                   median ${f(result.parseMs)} ms`,
					`ratio end-to-end / parse:                 ${result.ratio.toFixed(2)}`,
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
	await runIngestBenchmark({ runs });
}
