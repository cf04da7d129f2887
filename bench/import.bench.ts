/**
 * Importer benchmark (PERFORMANCE.md, issue: "each text importer at least 10x a papaparse-based
 * reading of the same bytes"): every text importer on a one-hour 25 Hz recording of its
 * format (about 90,000 fixes), against a reading of the same bytes built on papaparse that
 * gives the same columns (the baseline), measured in the same run.
 *
 * Run: `npm run bench -- import` or `npx tsx bench/import.bench.ts [seconds]`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import Papa from "papaparse";
import { importGpx } from "../src/domain/import/gpx";
import { importNmea } from "../src/domain/import/nmea";
import { importRaceChrono } from "../src/domain/import/racechrono";
import { importTrackAddict } from "../src/domain/import/trackaddict";
import { importVbo } from "../src/domain/import/vbo";
import type { Recording } from "../src/domain/recording/types";
import { gpxFile, nmeaFile, raceChronoFile, trackAddictFile, vboFile } from "./import-files";

const MB = 1024 * 1024;
const HZ = 25;

export interface ImportBenchRow {
	format: string;
	bytes: number;
	fixes: number;
	importerMBps: number;
	papaparseMBps: number;
	/** Importer speed / papaparse-based speed (target >= 10). */
	ratio: number;
	papaparseFixes: number;
}

/**
 * CPU time each reading runs untimed before the measured rounds. V8 optimises a function on
 * its compiler threads after enough calls and loop turns: papaparse's one call (hundreds of
 * ms) is past that, an importer's (tens of ms) needs several. The same CPU time of warm-up
 * for both, not the same number of calls, so both are timed at their optimised speed.
 */
const WARMUP_MS = 1000;

function warmUp(run: () => void): void {
	const start = process.cpuUsage();
	do run();
	while (cpuMs(process.cpuUsage(start)) < WARMUP_MS);
}

function cpuMs(used: NodeJS.CpuUsage): number {
	return (used.user + used.system) / 1000;
}

/** Best CPU time of `runs` calls (ms), after `warmups` untimed ones (see parse.bench.ts). */
function bestTime(runs: number, run: () => void, warmups = 0): number {
	for (let i = 0; i < warmups; i++) run();
	let best = Number.POSITIVE_INFINITY;
	for (let i = 0; i < runs; i++) {
		const start = process.cpuUsage();
		run();
		best = Math.min(best, cpuMs(process.cpuUsage(start)));
	}
	return best;
}

/** The columns a baseline reading gives, as the importer's. */
class Columns {
	readonly time: number[] = [];
	readonly lat: number[] = [];
	readonly lon: number[] = [];
	readonly speed: number[] = [];
	push(time: number, lat: number, lon: number, speed: number): void {
		this.time.push(time);
		this.lat.push(lat);
		this.lon.push(lon);
		this.speed.push(speed);
	}
	finish(): number {
		const n = this.time.length;
		Float64Array.from(this.time);
		Float64Array.from(this.lat);
		Float64Array.from(this.lon);
		Float32Array.from(this.speed);
		return n;
	}
}

/** papaparse, then the 14 columns the importer reads converted with Number. */
function papaRaceChrono(text: string): number {
	const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
	const out = new Columns();
	const extras: number[][] = [[], [], [], [], [], [], [], [], [], []];
	for (let r = 11; r < rows.length; r++) {
		const row = rows[r]!;
		const lat = Number(row[11]);
		const lon = Number(row[12]);
		if (Number.isNaN(lat) || Number.isNaN(lon)) continue;
		out.push(Number(row[0]) * 1000, lat, lon, Number(row[14]) * 3.6);
		for (const [k, c] of [2, 4, 5, 7, 13, 17, 18, 19, 23, 25].entries())
			extras[k]!.push(Number(row[c]));
	}
	return out.finish();
}

/** papaparse with the space delimiter over [data], then every read column converted. */
function papaVbo(text: string): number {
	const data = text.slice(text.indexOf("[data]") + 8);
	const rows = Papa.parse<string[]>(data, { delimiter: " ", skipEmptyLines: true }).data;
	const out = new Columns();
	const extras: number[][] = [[], [], [], [], []];
	for (const row of rows) {
		const packed = Number(row[1]);
		const hh = Math.floor(packed / 10000);
		const mm = Math.floor(packed / 100) % 100;
		const tod = (hh * 3600 + mm * 60 + (packed % 100)) * 1000;
		out.push(tod, Number(row[2]) / 60, -Number(row[3]) / 60, Number(row[4]));
		for (const [k, c] of [0, 5, 6, 8, 9].entries()) extras[k]!.push(Number(row[c]));
	}
	return out.finish();
}

/** papaparse over the sentences, checksum of each line, RMC and GGA fields converted. */
function papaNmea(text: string): number {
	const lines = text.split(/\r?\n/);
	const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
	const out = new Columns();
	const altitude: number[] = [];
	for (let r = 0; r < rows.length; r++) {
		const line = lines[r] ?? "";
		const star = line.indexOf("*");
		let sum = 0;
		for (let i = 1; i < star; i++) sum ^= line.charCodeAt(i);
		if (sum !== Number.parseInt(line.slice(star + 1), 16)) continue;
		const row = rows[r]!;
		const angle = (v: string, hemi: string) => {
			const n = Number(v);
			const d = Math.floor(n / 100);
			const deg = d + (n - d * 100) / 60;
			return hemi === "S" || hemi === "W" ? -deg : deg;
		};
		if (row[0]!.endsWith("RMC")) {
			const t = Number(row[1]);
			out.push(t, angle(row[3]!, row[4]!), angle(row[5]!, row[6]!), Number(row[7]) * 1.852);
			Number(row[8]);
			Number(row[9]);
		} else if (row[0]!.endsWith("GGA")) {
			altitude.push(Number(row[9]) + Number(row[7]));
		}
	}
	return out.finish();
}

/** papaparse split at "<" (each tag a field), values taken from the fields by regex. */
function papaGpx(text: string): number {
	const fields = Papa.parse<string[]>(text, { delimiter: "<", newline: "\n" }).data.flat();
	const out = new Columns();
	let lat = 0;
	let lon = 0;
	let time = 0;
	let speed = Number.NaN;
	for (const field of fields) {
		if (field.startsWith("trkpt ")) {
			const m = /lat="([^"]+)" lon="([^"]+)"/.exec(field);
			lat = Number(m?.[1]);
			lon = Number(m?.[2]);
		} else if (field.startsWith("time>")) time = Date.parse(field.slice(5));
		else if (field.startsWith("ele>")) Number(field.slice(4));
		else if (field.startsWith("gpxtpx:speed>")) speed = Number(field.slice(13)) * 3.6;
		else if (field.startsWith("gpxtpx:course>")) Number(field.slice(14));
		else if (field.startsWith("/trkpt>")) out.push(time, lat, lon, speed);
	}
	return out.finish();
}

/** papaparse with `#` comments and the header row, GPS_Update rows' columns converted. */
function papaTrackAddict(text: string): number {
	const rows = Papa.parse<string[]>(text, { comments: "#", skipEmptyLines: true }).data;
	const out = new Columns();
	const extras: number[][] = [[], [], [], []];
	for (let r = 1; r < rows.length; r++) {
		const row = rows[r]!;
		Number(row[1]);
		if (Number(row[5]) !== 1) continue;
		out.push(Number(row[1]) * 1000, Number(row[7]), Number(row[8]), Number(row[11]));
		for (const [k, c] of [9, 12, 14, 15].entries()) extras[k]!.push(Number(row[c]));
	}
	return out.finish();
}

interface Case {
	format: string;
	file: (seconds: number, hz: number) => string;
	importer: (bytes: Uint8Array, name: string) => Recording;
	papaparse: (text: string) => number;
}

const CASES: Case[] = [
	{
		format: "RaceChrono CSV v3",
		file: raceChronoFile,
		importer: importRaceChrono,
		papaparse: papaRaceChrono,
	},
	{ format: "VBO", file: vboFile, importer: importVbo, papaparse: papaVbo },
	{ format: "NMEA (RMC + GGA)", file: nmeaFile, importer: importNmea, papaparse: papaNmea },
	{
		format: "GPX 1.1 + TrackPointExtension",
		file: gpxFile,
		importer: importGpx,
		papaparse: papaGpx,
	},
	{
		format: "TrackAddict CSV",
		file: trackAddictFile,
		importer: importTrackAddict,
		papaparse: papaTrackAddict,
	},
];

export async function runImportBenchmark(
	opts: { seconds?: number; print?: boolean } = {},
): Promise<ImportBenchRow[]> {
	const seconds = opts.seconds ?? 3600;
	const rows: ImportBenchRow[] = [];
	for (const c of CASES) {
		const text = c.file(seconds, HZ);
		const bytes = new Uint8Array(Buffer.from(text, "latin1"));
		let fixes = 0;
		let papaparseFixes = 0;
		// The same number of runs for both, interleaved, so a busy moment of the machine
		// weighs on both alike; the best of each counts.
		const runImporter = () => {
			fixes = c.importer(bytes, "bench").fixes.length;
		};
		const runPapaparse = () => {
			papaparseFixes = c.papaparse(text);
		};
		warmUp(runImporter);
		warmUp(runPapaparse);
		let importerMs = Number.POSITIVE_INFINITY;
		let papaMs = Number.POSITIVE_INFINITY;
		for (let round = 0; round < 5; round++) {
			importerMs = Math.min(importerMs, bestTime(1, runImporter));
			papaMs = Math.min(papaMs, bestTime(1, runPapaparse));
		}
		const rate = (ms: number) => bytes.length / MB / (ms / 1000);
		rows.push({
			format: c.format,
			bytes: bytes.length,
			fixes,
			importerMBps: rate(importerMs),
			papaparseMBps: rate(papaMs),
			ratio: papaMs / importerMs,
			papaparseFixes,
		});
	}
	if (opts.print !== false) console.log(formatImportBench(rows, seconds));
	return rows;
}

export function formatImportBench(rows: readonly ImportBenchRow[], seconds: number): string {
	const line = (a: string, b: string, c: string, d: string, e: string, g: string) =>
		`${a.padEnd(32)}${b.padStart(9)}${c.padStart(10)}${d.padStart(14)}${e.padStart(14)}${g.padStart(9)}`;
	return [
		`importadores: gravação de ${seconds / 3600} h a ${HZ} Hz em cada formato; tempo de CPU, melhor de várias execuções depois de ${WARMUP_MS / 1000} s de aquecimento de cada um`,
		line("formato", "MB", "pontos", "importador", "papaparse", "razão"),
		...rows.map((r) =>
			line(
				r.format,
				(r.bytes / MB).toFixed(1),
				r.fixes.toLocaleString("pt-BR"),
				`${r.importerMBps.toFixed(1)} MB/s`,
				`${r.papaparseMBps.toFixed(1)} MB/s`,
				`${r.ratio.toFixed(1)}x`,
			),
		),
		"meta: razão >= 10 em cada formato (a leitura com papaparse dá as mesmas colunas)",
	].join("\n");
}

const invokedPath = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : "";
if (invokedPath === import.meta.url) {
	const seconds = Number(process.argv[2] ?? "") || undefined;
	await runImportBenchmark({ seconds });
}
