/**
 * Exporters' benchmark: each writer (GPX, KML, CSV, VBO) on a one-hour 25 Hz session (about
 * 90,000 fixes), in MB/s of output, against a baseline measured in the same run: a plain pass
 * over the same points that formats the same numbers with `toFixed` (and `toISOString` for
 * ISO times) and joins them with commas, in chunks as the writers make them, with no markup.
 * The ratio is baseline time / writer time for the same points: above 1 the writer, markup
 * included, is faster than formatting its numbers the plain way.
 *
 * Times are CPU time (the machine is shared), best of several runs, writer and baseline in turns.
 *
 * Run: `npm run bench -- export` or `npx tsx bench/export.bench.ts`.
 */
import { pathToFileURL } from "node:url";
import type { TimedLap } from "../src/domain/channels/types";
import { CHUNK_TARGET_CHARS } from "../src/domain/export/chunks";
import { exportSession } from "../src/domain/export/export-session";
import { simulatedSession } from "../src/domain/export/test-fixtures";
import {
	EXPORT_FORMAT_NAMES,
	type ExportFormat,
	type ExportSession,
} from "../src/domain/export/types";

const MB = 1024 * 1024;

export interface ExportBenchRow {
	format: ExportFormat;
	chars: number;
	writerMs: number;
	writerMBps: number;
	baselineMs: number;
	baselineMBps: number;
	/** Baseline time / writer time, same points. */
	ratio: number;
}

export interface ExportBenchResult {
	points: number;
	laps: number;
	rows: ExportBenchRow[];
}

type PointFormatter = (lap: TimedLap, i: number, instant: number) => string;

const iso = (ms: number) => new Date(Math.round(ms)).toISOString();
const timeOfDay = (ms: number) => {
	const s = (((ms / 1000) % 86_400) + 86_400) % 86_400;
	const h = Math.floor(s / 3600);
	const m = Math.floor((s % 3600) / 60);
	return (h * 10_000 + m * 100 + (s % 60)).toFixed(2);
};

/** The numbers each writer formats for a point, the plain way. */
const BASELINES: Record<ExportFormat, PointFormatter> = {
	gpx: (lap, i, instant) => {
		const c = lap.channels;
		return [
			c.lat[i]!.toFixed(7),
			c.lon[i]!.toFixed(7),
			(c.extra.altitudeM?.[i] ?? 0).toFixed(1),
			iso(instant),
			(c.extra.satellites?.[i] ?? 0).toFixed(0),
			(c.speedKmh[i]! / 3.6).toFixed(2),
			(c.extra.headingDeg?.[i] ?? 0).toFixed(1),
			c.leanDeg[i]!.toFixed(1),
		].join(",");
	},
	kml: (lap, i) => {
		const c = lap.channels;
		return [
			c.lon[i]!.toFixed(7),
			c.lat[i]!.toFixed(7),
			(c.extra.altitudeM?.[i] ?? 0).toFixed(1),
		].join(",");
	},
	csv: (lap, i, instant) => {
		const c = lap.channels;
		return [
			lap.number,
			iso(instant),
			(instant / 1000).toFixed(3),
			(c.timeMs[i]! / 1000).toFixed(3),
			c.lat[i]!.toFixed(7),
			c.lon[i]!.toFixed(7),
			c.speedKmh[i]!.toFixed(2),
			c.leanDeg[i]!.toFixed(1),
			c.distanceM[i]!.toFixed(2),
			(c.extra.altitudeM?.[i] ?? 0).toFixed(1),
			(c.extra.satellites?.[i] ?? 0).toFixed(0),
		].join(",");
	},
	vbo: (lap, i, instant) => {
		const c = lap.channels;
		return [
			(c.extra.satellites?.[i] ?? 0).toFixed(0),
			timeOfDay(instant),
			(c.lat[i]! * 60).toFixed(6),
			(-c.lon[i]! * 60).toFixed(6),
			c.speedKmh[i]!.toFixed(3),
			(c.extra.headingDeg?.[i] ?? 0).toFixed(2),
			(c.extra.altitudeM?.[i] ?? 0).toFixed(2),
			c.leanDeg[i]!.toFixed(2),
		].join(",");
	},
};

function baselinePass(session: ExportSession, format: PointFormatter): number {
	let chars = 0;
	let out = "";
	for (const lap of session.laps) {
		for (let i = 0; i < lap.channels.length; i++) {
			out += `${format(lap, i, lap.startMs + lap.channels.timeMs[i]!)}\n`;
			if (out.length >= CHUNK_TARGET_CHARS) {
				chars += out.length;
				out = "";
			}
		}
	}
	return chars + out.length;
}

function writerPass(session: ExportSession, format: ExportFormat): number {
	const result = exportSession(session, format);
	if (!result.ok) throw new Error(result.reason);
	let chars = 0;
	for (const chunk of result.file.chunks) chars += chunk.length;
	return chars;
}

/** CPU milliseconds of `body` (user + system): the machine is shared, wall time is not ours. */
function cpuMs(body: () => void): number {
	const start = process.cpuUsage();
	body();
	const used = process.cpuUsage(start);
	return (used.user + used.system) / 1000;
}

/** Best CPU time of each of two passes, run in turns so both see the same machine. */
function bestTimes(runs: number, a: () => void, b: () => void): [number, number] {
	a();
	b();
	let bestA = Number.POSITIVE_INFINITY;
	let bestB = Number.POSITIVE_INFINITY;
	for (let k = 0; k < runs; k++) {
		bestA = Math.min(bestA, cpuMs(a));
		bestB = Math.min(bestB, cpuMs(b));
	}
	return [bestA, bestB];
}

export async function runExportBenchmark(
	opts: { laps?: number; hz?: number; runs?: number; print?: boolean } = {},
): Promise<ExportBenchResult> {
	const session = simulatedSession({
		laps: opts.laps ?? 36,
		hz: opts.hz ?? 25,
		circuit: "interlagos",
	});
	const points = session.laps.reduce((sum, lap) => sum + lap.channels.length, 0);
	const runs = opts.runs ?? 7;
	const rows: ExportBenchRow[] = [];
	for (const format of EXPORT_FORMAT_NAMES) {
		let chars = 0;
		let baselineChars = 0;
		const [writerMs, baselineMs] = bestTimes(
			runs,
			() => {
				chars = writerPass(session, format);
			},
			() => {
				baselineChars = baselinePass(session, BASELINES[format]);
			},
		);
		rows.push({
			format,
			chars,
			writerMs,
			writerMBps: chars / MB / (writerMs / 1000),
			baselineMs,
			baselineMBps: baselineChars / MB / (baselineMs / 1000),
			ratio: baselineMs / writerMs,
		});
	}
	const result = { points, laps: session.laps.length, rows };
	if (opts.print !== false) console.log(formatExportBench(result));
	return result;
}

export function formatExportBench(result: ExportBenchResult): string {
	const lines = [
		`sessão de 1 h a 25 Hz: ${result.points.toLocaleString("pt-BR")} pontos, ${result.laps} voltas`,
		`${"formato".padEnd(8)}${"tamanho".padStart(10)}${"escritor".padStart(12)}${"MB/s".padStart(8)}${"toFixed".padStart(12)}${"MB/s".padStart(8)}${"razão".padStart(9)}`,
	];
	for (const r of result.rows) {
		lines.push(
			`${r.format.padEnd(8)}${`${(r.chars / MB).toFixed(1)} MB`.padStart(10)}` +
				`${`${r.writerMs.toFixed(0)} ms`.padStart(12)}${r.writerMBps.toFixed(1).padStart(8)}` +
				`${`${r.baselineMs.toFixed(0)} ms`.padStart(12)}${r.baselineMBps.toFixed(1).padStart(8)}` +
				`${`${r.ratio.toFixed(2)}x`.padStart(9)}`,
		);
	}
	lines.push("razão = tempo do passe toFixed (mesmos números, sem marcação) / tempo do escritor");
	return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await runExportBenchmark();
}
