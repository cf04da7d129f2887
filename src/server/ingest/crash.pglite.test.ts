import { spawn } from "node:child_process";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../domain/simulator/prng";
import { openPglite } from "../db/database";
import { migrate } from "../db/migrate";
import { FilesystemStorage } from "../storage/filesystem-storage";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { testEngine } from "../test/test-database";
import { createIngestService } from "./ingest-service";
import { sha256Hex } from "./session-files";

/**
 * SIGKILL during an ingest, at seeded random moments: afterwards the session is the old
 * version or the complete new one, and `recoverPending` (or the logger's retry, when the
 * upload was never acknowledged) completes it. PGlite on disk, filesystem storage, a real
 * child process: nothing is simulated but the logger.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "../../..");
const KEY = { hardwareId: "CRASH1", track: "Interlagos", date: "15032025" };
const LAPS = 8;
const KILL_ROUNDS = 6;
const SEED = 20250315;

let root: string;
let baseline: string;
let gpsPath: string;
let gpsSha: string;
let gpsText: string;

interface WorkerRun {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	/** ms from "ready" (upload starts) to "done" or to the kill. */
	elapsedMs: number;
}

function runWorker(dir: string, killAfterMs: number | null): Promise<WorkerRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[
				"--import",
				"tsx",
				join(HERE, "../test/crash-worker.ts"),
				join(dir, "db"),
				join(dir, "objects"),
				KEY.hardwareId,
				KEY.track,
				KEY.date,
				gpsPath,
				"gps.six",
			],
			{ cwd: REPO, stdio: ["ignore", "pipe", "pipe"] },
		);
		let stdout = "";
		let stderr = "";
		let readyAt = 0;
		let endAt = 0;
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString();
			if (!readyAt && stdout.includes("ready\n")) {
				readyAt = performance.now();
				if (killAfterMs !== null) {
					setTimeout(() => {
						endAt = performance.now();
						child.kill("SIGKILL");
					}, killAfterMs);
				}
			}
			if (stdout.includes("done ")) endAt ||= performance.now();
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.on("error", reject);
		child.on("exit", (code, signal) => {
			resolve({ code, signal, stdout, stderr, elapsedMs: (endAt || performance.now()) - readyAt });
		});
	});
}

async function inspect(dir: string) {
	const handle = await openPglite(join(dir, "db"));
	const storage = new FilesystemStorage(join(dir, "objects"));
	const ingest = createIngestService({ db: handle.db, storage });
	const state = async () => {
		const row = await sql<{
			id: string;
			version: number;
			status: string;
			gps_sha256: string | null;
			pending: boolean;
			lap_count: number;
			laps: number;
			with_path: number;
		}>`SELECT s.id, s.version, s.status, s.gps_sha256, s.pending_since IS NOT NULL AS pending,
				(s.summary->>'lapCount')::int AS lap_count,
				(SELECT count(*)::int FROM laps l WHERE l.session_id = s.id) AS laps,
				(SELECT count(*)::int FROM laps l WHERE l.session_id = s.id AND l.path IS NOT NULL AND l.point_count > 0) AS with_path
			FROM sessions s`.execute(handle.db);
		expect(row.rows).toHaveLength(1);
		return row.rows[0]!;
	};
	return { handle, ingest, state };
}

/** Old version: lap.six only, no paths. New version: every lap with its path. Never between. */
function expectOldOrNew(s: {
	version: number;
	status: string;
	laps: number;
	lap_count: number;
	with_path: number;
}) {
	expect(s.status).toBe("processed");
	expect(s.laps).toBe(LAPS);
	expect(s.lap_count).toBe(LAPS);
	if (s.version === 1) expect(s.with_path).toBe(0);
	else {
		expect(s.version).toBe(2);
		expect(s.with_path).toBe(LAPS);
	}
}

// Always on PGlite on disk (the engine whose files a SIGKILL can catch mid-write): run once,
// not again in the PostgreSQL pass of the database tests.
describe.runIf(testEngine() === "pglite")("ingest killed with SIGKILL", () => {
	beforeAll(async () => {
		root = await mkdtemp(join(tmpdir(), "lapsix-crash-"));
		baseline = join(root, "baseline");
		const files = simulatedFiles(SEED, LAPS, 25);
		gpsText = files.gpsSix;
		gpsPath = join(root, "gps.six");
		await writeFile(gpsPath, gpsText);
		gpsSha = sha256Hex(new TextEncoder().encode(gpsText));
		const handle = await openPglite(join(baseline, "db"));
		await migrate(handle.db);
		const rider = await handle.db
			.insertInto("users")
			.values({ email: "crash@example.com" })
			.returning("id")
			.executeTakeFirstOrThrow();
		await createHardware(handle.db, KEY.hardwareId, rider.id);
		const ingest = createIngestService({
			db: handle.db,
			storage: new FilesystemStorage(join(baseline, "objects")),
		});
		const first = await ingest.acceptFile(fileInput(KEY, "lap.six", files.lapSix));
		expect(first.session.version).toBe(1);
		await handle.close();
	}, 120_000);

	afterAll(async () => {
		if (root) await rm(root, { recursive: true, force: true });
	});

	it("leaves the old or the complete new session, and recovers to the new one", async () => {
		const calibration = join(root, "calibration");
		await cp(baseline, calibration, { recursive: true });
		const full = await runWorker(calibration, null);
		expect(full.stderr).toBe("");
		expect(full.code).toBe(0);
		const done = await inspect(calibration);
		expectOldOrNew(await done.state());
		expect((await done.state()).version).toBe(2);
		await done.handle.close();

		const rng = createRng(SEED);
		const outcomes: string[] = [];
		for (let round = 0; round < KILL_ROUNDS; round++) {
			const dir = join(root, `round-${round}`);
			await cp(baseline, dir, { recursive: true });
			// Spread over the whole upload, from before the put to after the commit.
			const killAfter = Math.floor(rng.range(0, full.elapsedMs * 1.2));
			const run = await runWorker(dir, killAfter);
			const { handle, ingest, state } = await inspect(dir);
			const afterKill = await state();
			expectOldOrNew(afterKill);
			const recorded = afterKill.gps_sha256 === gpsSha;
			if (afterKill.version === 2) expect(recorded).toBe(true);

			await ingest.recoverPending();
			const recovered = await state();
			expectOldOrNew(recovered);
			expect(recovered.pending).toBe(false);
			if (recorded) expect(recovered.version).toBe(2);
			else {
				// Never recorded, so never acknowledged: the logger sends it again.
				expect(run.stdout).not.toContain("done ");
				const retry = await ingest.acceptFile(fileInput(KEY, "gps.six", gpsText));
				expect(retry.session.version).toBe(2);
				expectOldOrNew(await state());
			}
			outcomes.push(
				`${killAfter}ms:${run.signal ?? run.code}:v${afterKill.version}${afterKill.pending ? "+pending" : ""}`,
			);
			await handle.close();
			await rm(dir, { recursive: true, force: true });
		}
		expect(outcomes).toHaveLength(KILL_ROUNDS);
		console.log(`crash rounds (upload ${Math.round(full.elapsedMs)} ms): ${outcomes.join(", ")}`);
	}, 300_000);
});
