/**
 * Upload memory benchmark (PERFORMANCE.md): 24 loggers each PUT a 63 MB `gps.six` at the same
 * time to a real server process (embedded PGlite, filesystem storage), while the process's
 * resident memory (VmRSS of /proc/<pid>/status) is sampled every 50 ms.
 *
 * Figures: RSS at rest before the uploads (the baseline, measured in the same run), the peak
 * while they run, and RSS 10 s after the last answer. Target: peak - baseline < 150 MB, and
 * the RSS after comes back below baseline + 150 MB.
 *
 * Run: `npm run bench -- upload-rss` (or `npx tsx bench/upload-rss.bench.ts`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { simulateSession } from "../src/domain/simulator/session";
import { loadConfig } from "../src/server/config";
import { generateDeviceKey, hashDeviceKey } from "../src/server/device/device-keys";
import { openRuntime } from "../src/server/runtime";

const MB = 1024 * 1024;
const LOGGERS = 24;
const FILE_BYTES = 63 * MB;
const TARGET_RISE_MB = 150;
const SAMPLE_MS = 50;
const SETTLE_MS = 10_000;
const ROOT = resolve(import.meta.dirname, "..");
/** Why requests failed (status 0): a reset, a timeout... printed with the figures. */
const requestErrors: string[] = [];

export interface UploadRssResult {
	uploads: number;
	fileMb: number;
	statuses: Record<string, number>;
	baselineMb: number;
	peakMb: number;
	riseMb: number;
	afterMb: number;
	seconds: number;
	targetRiseMb: number;
	ok: boolean;
}

/** A 63 MB `gps.six` made of a simulated 25 Hz session repeated: what a long day records. */
function bigGpsFile(): Buffer {
	const one = Buffer.from(
		simulateSession({ seed: 63, circuit: "interlagos", laps: 18, hz: 25 }).gpsSix,
		"utf8",
	);
	const out = Buffer.alloc(FILE_BYTES);
	for (let at = 0; at < FILE_BYTES; at += one.length) one.copy(out, at);
	// End on a whole line.
	const lastLf = out.lastIndexOf(10);
	return out.subarray(0, lastLf + 1);
}

async function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address ? resolvePort(address.port) : reject(),
			);
		});
	});
}

function rssMb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	const match = /VmRSS:\s+(\d+) kB/.exec(status);
	return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function waitReady(origin: string, child: ChildProcess): Promise<void> {
	const until = Date.now() + 120_000;
	while (Date.now() < until) {
		if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
		try {
			const res = await fetch(`${origin}/readyz`);
			if (res.ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error("server not ready in 120 s");
}

function putFile(
	port: number,
	key: string,
	path: string,
	body: Buffer,
	digest: string,
): Promise<number> {
	return new Promise((resolveStatus) => {
		const req = request(
			{
				host: "127.0.0.1",
				port,
				method: "PUT",
				path,
				headers: {
					authorization: `Bearer ${key}`,
					"content-type": "application/octet-stream",
					"content-length": String(body.length),
					"content-digest": digest,
				},
			},
			(res) => {
				res.resume();
				res.on("end", () => resolveStatus(res.statusCode ?? 0));
			},
		);
		req.on("error", (error: NodeJS.ErrnoException) => {
			requestErrors.push(error.code ?? error.message);
			resolveStatus(0);
		});
		// Written in 1 MiB slices with back-pressure, as a logger's TCP stack would.
		let at = 0;
		const writeMore = () => {
			while (at < body.length) {
				const slice = body.subarray(at, at + MB);
				at += slice.length;
				if (!req.write(slice)) {
					req.once("drain", writeMore);
					return;
				}
			}
			req.end();
		};
		writeMore();
	});
}

export async function runUploadRssBenchmark(
	opts: { print?: boolean } = {},
): Promise<UploadRssResult> {
	const dataDir = mkdtempSync(join(tmpdir(), "lapsix-upload-rss-"));
	const port = await freePort();
	const env = {
		...process.env,
		NODE_ENV: "development",
		DATA_DIR: dataDir,
		HOST: "127.0.0.1",
		PORT: String(port),
		PUBLIC_URL: `http://127.0.0.1:${port}`,
		SEED_DEMO: "0",
		LOG_LEVEL: "warn",
		DATABASE_URL: "",
		STORAGE_URL: "",
	};
	const keys: string[] = [];
	{
		const runtime = await openRuntime(loadConfig(env), "cli");
		try {
			for (let i = 1; i <= LOGGERS; i++) {
				const key = generateDeviceKey();
				keys.push(key);
				await runtime.database.db
					.insertInto("hardware")
					.values({ id: `RSS-${i}`, name: `RSS ${i}`, device_key_hash: hashDeviceKey(key) })
					.execute();
			}
		} finally {
			await runtime.close();
		}
	}
	const body = bigGpsFile();
	const digest = `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;
	const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "src/server/main.ts")], {
		env,
		cwd: ROOT,
		stdio: ["ignore", "ignore", "inherit"],
	});
	try {
		const origin = `http://127.0.0.1:${port}`;
		await waitReady(origin, child);
		const pid = child.pid!;
		await new Promise((r) => setTimeout(r, 2000));
		const baselineMb = rssMb(pid);
		let peakMb = baselineMb;
		const sampler = setInterval(() => {
			peakMb = Math.max(peakMb, rssMb(pid));
		}, SAMPLE_MS);
		const started = performance.now();
		const statuses = await Promise.all(
			keys.map((key, i) =>
				putFile(
					port,
					key,
					`/api/device/v1/sessions/Interlagos/${String(i + 1).padStart(2, "0")}012025/gps.six`,
					body,
					digest,
				),
			),
		);
		const seconds = (performance.now() - started) / 1000;
		await new Promise((r) => setTimeout(r, SETTLE_MS));
		clearInterval(sampler);
		const afterMb = rssMb(pid);
		peakMb = Math.max(peakMb, afterMb);
		const counted: Record<string, number> = {};
		for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
		const riseMb = peakMb - baselineMb;
		const result: UploadRssResult = {
			uploads: LOGGERS,
			fileMb: body.length / MB,
			statuses: counted,
			baselineMb,
			peakMb,
			riseMb,
			afterMb,
			seconds,
			targetRiseMb: TARGET_RISE_MB,
			ok:
				riseMb < TARGET_RISE_MB &&
				afterMb < baselineMb + TARGET_RISE_MB &&
				counted["200"] === LOGGERS,
		};
		if (opts.print !== false) print(result);
		return result;
	} finally {
		child.kill("SIGTERM");
		await new Promise((r) => child.once("exit", r));
		rmSync(dataDir, { recursive: true, force: true });
	}
}

function print(r: UploadRssResult): void {
	const f = (mb: number) => `${mb.toFixed(0)} MB`;
	const lines = [
		`${r.uploads} PUTs paralelos de ${r.fileMb.toFixed(1)} MB (gps.six) num processo servidor: ${r.seconds.toFixed(1)} s`,
		`respostas: ${Object.entries(r.statuses)
			.map(([status, n]) => `${n}x ${status}`)
			.join(", ")}`,
		...(requestErrors.length > 0 ? [`erros de requisição: ${requestErrors.join(", ")}`] : []),
		`RSS em repouso (base): ${f(r.baselineMb)}; pico: ${f(r.peakMb)} (+${f(r.riseMb)}, alvo < +${r.targetRiseMb} MB); 10 s depois: ${f(r.afterMb)} (+${f(r.afterMb - r.baselineMb)})`,
		r.ok ? "dentro do alvo" : "FORA DO ALVO",
	];
	process.stdout.write(`${lines.join("\n")}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	const result = await runUploadRssBenchmark();
	if (!result.ok) process.exitCode = 1;
}
