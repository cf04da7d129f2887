/**
 * `gps.six` parser benchmark (PERFORMANCE.md): the lapsix parser against papaparse (the
 * baseline) and a bare newline scan (the ceiling), side by side on the same bytes.
 *
 * Run: `npx tsx bench/parse.bench.ts [lines]`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Papa from "papaparse";
import { parseGpsFile } from "../src/domain/six/parse-gps";

export interface BenchResult {
	lines: number;
	bytes: number;
	parserMBps: number;
	papaparseMBps: number;
	newlineScanMBps: number;
	/** Parser speed / papaparse speed (target >= 10). */
	ratioVsPapaparse: number;
	/** Parser speed / newline-scan speed (target >= 0.10). */
	ratioVsNewlineScan: number;
	/** Extra peak memory of one parse, bytes (see `measurePeakMemory`). */
	peakMemoryBytes: number;
	/** Peak memory / file size (target < 3). */
	peakMemoryRatio: number;
	memoryMethod: string;
	acceptedPoints: number;
}

const MB = 1024 * 1024;

/** Small deterministic PRNG (mulberry32): the same file on every run. */
function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function pad(value: number, width: number): string {
	return String(value).padStart(width, "0");
}

/**
 * A 10-field `gps.six` of `lines` fixes at 10 Hz: laps of 900 fixes around an ellipse, with
 * speed, roll and distance that vary along the lap, a short pit stop (flag 0) every 8 laps and
 * a battery that drains slowly. About 75 bytes a line.
 */
export function generateGpsSix(lines: number, seed = 20_250_301): Uint8Array {
	const random = seededRandom(seed);
	const chunks: string[] = [];
	let chunk: string[] = [];
	let distance = 0;
	for (let i = 0; i < lines; i++) {
		const lapIndex = Math.floor(i / 900);
		const angle = ((i % 900) / 900) * 2 * Math.PI;
		const lat = -23.5505199 + 0.004 * Math.sin(angle) + (random() - 0.5) * 1e-5;
		const lon = -46.6333094 + 0.007 * Math.cos(angle) + (random() - 0.5) * 1e-5;
		const speed = 60 + 90 * Math.abs(Math.sin(angle * 3)) + random() * 2;
		const roll = 55 * Math.sin(angle * 3) + random();
		const lean = roll * 0.95;
		distance += Math.round(speed / 36);
		const tenths = 36_000 * 12 + i;
		const seconds = Math.floor(tenths / 10) % 86_400;
		const time = `${pad(Math.floor(seconds / 3600), 2)}${pad(Math.floor((seconds % 3600) / 60), 2)}${pad(seconds % 60, 2)}.${tenths % 10}0`;
		const inPits = lapIndex % 8 === 7 && i % 900 > 850;
		const battery = `${(12.8 - Math.floor(i / 50_000) * 0.1).toFixed(1)}V`;
		chunk.push(
			`${lat.toFixed(7)},${lon.toFixed(7)}|${speed.toFixed(2)}|${10 + Math.floor(random() * 6)}|${time}|${lapIndex + 1}|${inPits ? 0 : 1}|${battery}|${roll.toFixed(2)}|${lean.toFixed(2)}|${distance}\n`,
		);
		if (chunk.length === 10_000) {
			chunks.push(chunk.join(""));
			chunk = [];
		}
	}
	chunks.push(chunk.join(""));
	return new Uint8Array(Buffer.from(chunks.join(""), "latin1"));
}

/**
 * Best (shortest) time in milliseconds of `runs` calls, by the process's CPU time: the
 * machine is shared, and wall time counts the moments another process held the core. All
 * three measures are single-threaded, so CPU time is their own work (plus the GC's helper
 * threads, which only penalises the allocating ones: papaparse most, the scan not at all).
 * `warmups` untimed calls come first: CPU time also counts V8 optimising the code on its
 * compiler threads, a one-time cost that is not the speed being compared.
 */
function bestTime(runs: number, run: () => void, warmups = 0): number {
	for (let i = 0; i < warmups; i++) run();
	let best = Number.POSITIVE_INFINITY;
	for (let i = 0; i < runs; i++) {
		const start = process.cpuUsage();
		run();
		const used = process.cpuUsage(start);
		best = Math.min(best, (used.user + used.system) / 1000);
	}
	return best;
}

/** papaparse splits by `|`, then every field is converted as the parser does. */
function papaparseAllFields(text: string): number {
	const rows = Papa.parse<string[]>(text, { delimiter: "|" }).data;
	let sink = 0;
	for (const row of rows) {
		if (row.length < 7) continue;
		const [lat, lon] = (row[0] ?? "").split(",");
		sink +=
			Number(lat) +
			Number(lon) +
			Number.parseFloat(row[1] ?? "") +
			Number(row[2]) +
			Number.parseFloat(row[3] ?? "") +
			Number(row[4]) +
			Number(row[5]) +
			(row[6] ?? "").length +
			Number.parseFloat(row[7] ?? "") +
			Number.parseFloat(row[8] ?? "") +
			Number(row[9]);
	}
	return sink;
}

function newlineScan(bytes: Buffer): number {
	let count = 0;
	let at = bytes.indexOf(10);
	while (at !== -1) {
		count++;
		at = bytes.indexOf(10, at + 1);
	}
	return count;
}

/**
 * Peak memory of one parse, measured in a child process so the numbers are the parse's own:
 * the child reads the file, collects garbage, records its resident set size (the file and
 * the loaded code are the baseline), parses once, and reports how far the maximum resident
 * set size rose above it.
 * That catches transient peaks (column growth, the final trim) that a heap snapshot after
 * the parse would miss. If the child cannot run, falls back to the rise of heap +
 * array buffers around an in-process parse (the retained result only).
 */
function measurePeakMemory(path: string, bytes: Uint8Array): { bytes: number; method: string } {
	const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
	const child = spawnSync(
		process.execPath,
		["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--memory-child", path],
		{ cwd: root, encoding: "utf8" },
	);
	const match = /^peak=(\d+)$/m.exec(child.stdout ?? "");
	if (child.status === 0 && match) {
		return {
			bytes: Number(match[1]),
			method: "processo filho: maxRSS depois do parse - RSS antes (arquivo já lido)",
		};
	}
	const before = process.memoryUsage();
	const result = parseGpsFile(bytes);
	const after = process.memoryUsage();
	const delta = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
	if (result.points.length < 0) throw new Error("unreachable");
	return { bytes: delta, method: "heap + arrayBuffers retidos (sem processo filho)" };
}

function memoryChild(path: string): void {
	const bytes: Uint8Array = readFileSync(path);
	// Warm the code paths on a small slice so compiled code is in the baseline.
	parseGpsFile(bytes.subarray(0, Math.min(bytes.length, 200_000)));
	(globalThis as { gc?: () => void }).gc?.();
	// The high-water mark before the parse can sit above the current RSS (freed garbage), so
	// the rise is taken from the current RSS: an upper bound of the parse's own peak.
	const before = process.memoryUsage().rss;
	const result = parseGpsFile(bytes);
	const after = process.resourceUsage().maxRSS * 1024;
	process.stdout.write(`peak=${Math.max(0, after - before)}\npoints=${result.points.length}\n`);
}

/** Runs the benchmark and prints its table (`print: false` to only return the figures). */
export async function runParseBenchmark(
	opts: { lines?: number; print?: boolean } = {},
): Promise<BenchResult> {
	const lines = opts.lines ?? 1_000_000;
	const bytes = generateGpsSix(lines);
	const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const text = buffer.toString("latin1");
	const dir = mkdtempSync(join(tmpdir(), "lapsix-bench-"));
	const path = join(dir, "gps.six");
	writeFileSync(path, bytes);
	try {
		let acceptedPoints = 0;
		// Parser and scan take a fraction of a second: many runs, so the best is one that no
		// page-fault storm or neighbour on the machine slowed down. papaparse takes seconds.
		const parserMs = bestTime(
			12,
			() => {
				acceptedPoints = parseGpsFile(bytes).points.length;
			},
			2,
		);
		// The scan before papaparse: CPU time counts the GC threads collecting papaparse's
		// garbage, which would otherwise run during the scan.
		const scanMs = bestTime(12, () => newlineScan(buffer), 2);
		const papaMs = bestTime(2, () => papaparseAllFields(text));
		const memory = measurePeakMemory(path, bytes);
		const rate = (ms: number) => bytes.length / MB / (ms / 1000);
		const parserMBps = rate(parserMs);
		const result: BenchResult = {
			lines,
			bytes: bytes.length,
			parserMBps,
			papaparseMBps: rate(papaMs),
			newlineScanMBps: rate(scanMs),
			ratioVsPapaparse: parserMBps / rate(papaMs),
			ratioVsNewlineScan: parserMBps / rate(scanMs),
			peakMemoryBytes: memory.bytes,
			peakMemoryRatio: memory.bytes / bytes.length,
			memoryMethod: memory.method,
			acceptedPoints,
		};
		if (opts.print !== false) console.log(formatBenchResult(result));
		return result;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export function formatBenchResult(r: BenchResult): string {
	const row = (name: string, value: string, target = "") =>
		`${name.padEnd(34)}${value.padStart(14)}  ${target}`;
	const mbps = (v: number) => `${v.toFixed(1)} MB/s`;
	return [
		`gps.six: ${r.lines.toLocaleString("pt-BR")} linhas, ${(r.bytes / MB).toFixed(1)} MB, ${r.acceptedPoints.toLocaleString("pt-BR")} pontos aceitos`,
		row("(a) parser lapsix, 10 campos", mbps(r.parserMBps)),
		row("(b) papaparse + conversão", mbps(r.papaparseMBps)),
		row("(c) varredura de \\n (teto)", mbps(r.newlineScanMBps)),
		row("a/b", `${r.ratioVsPapaparse.toFixed(1)}x`, ">= 10"),
		row("a/c", r.ratioVsNewlineScan.toFixed(3), ">= 0.10"),
		row("pico de memória do parse", `${(r.peakMemoryBytes / MB).toFixed(1)} MB`),
		row("pico / tamanho do arquivo", `${r.peakMemoryRatio.toFixed(2)}x`, "< 3"),
		`tempos: melhor de várias execuções, em tempo de CPU do processo; memória: ${r.memoryMethod}`,
	].join("\n");
}

const invokedPath = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : "";
if (invokedPath === import.meta.url) {
	const childAt = process.argv.indexOf("--memory-child");
	if (childAt >= 0) {
		memoryChild(process.argv[childAt + 1] ?? "");
	} else {
		const lines = Number(process.argv[2] ?? "") || undefined;
		await runParseBenchmark({ lines });
	}
}
