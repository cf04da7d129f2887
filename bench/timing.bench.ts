/**
 * Lap timing benchmark: a one-hour recording at 25 Hz (about 90,000 fixes, a simulated
 * `gps.six` of Interlagos), timed from a start/finish line with three sector lines, and its
 * lap channels encoded and decoded; each as a ratio to one plain pass over the fixes (the
 * step distance between consecutive fixes, the least any timing must look at), measured in
 * the same run. Prints the encoded size of the whole recording's 90,000 points.
 *
 * Run: `npx tsx bench/timing.bench.ts` (or `npm run bench -- timing`).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { lapChannelsOfRange } from "../src/domain/channels/build";
import { decodeLapChannels, encodeLapChannels } from "../src/domain/channels/codec";
import { deriveColumns } from "../src/domain/channels/derive";
import type { Fixes, GateLine } from "../src/domain/recording/types";
import { simulateSession } from "../src/domain/simulator/session";
import { parseGpsFile } from "../src/domain/six/parse-gps";
import { parseLapFile } from "../src/domain/six/parse-lap";
import { encodeLapPath } from "../src/domain/six/path-codec";
import { distanceMetres } from "../src/domain/timing/geometry";
import { timeLapsFromLines } from "../src/domain/timing/lap-lines";
import { sixFixes, utcOffsetFromLaps } from "../src/domain/timing/six-fixes";
import { startFinishFromLapCounter } from "../src/domain/timing/six-start-line";

export interface TimingBenchResult {
	fixes: number;
	laps: number;
	passMs: number;
	timingMs: number;
	/** The same without the logger's roll: lean estimated from the path. */
	timingEstimatedLeanMs: number;
	/** Laps that crossed all three sector lines. */
	lapsWithSectors: number;
	encodeMs: number;
	decodeMs: number;
	/** Bytes of all 90,000 points as one version-2 blob (speed, lean, distance, satellites). */
	encodedBytes: number;
	/** The same without the satellites channel (time, position, speed, lean, distance). */
	encodedCoreBytes: number;
	/** The same points as a version-1 path blob (no time), and as JSON arrays of numbers. */
	version1Bytes: number;
	jsonBytes: number;
}

const MB = 1024 * 1024;
const TARGET_BYTES = 2 * MB;

/** Best CPU time (ms) of `runs` calls after `warmups` untimed ones (see parse.bench.ts). */
function bestTime(runs: number, run: () => void, warmups = 1): number {
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

/** The baseline: one pass over the fixes, the step distance between consecutive ones. */
function plainPass(fixes: Fixes): number {
	let total = 0;
	for (let i = 1; i < fixes.length; i++) {
		total += distanceMetres(fixes.lat[i - 1]!, fixes.lon[i - 1]!, fixes.lat[i]!, fixes.lon[i]!);
	}
	return total;
}

/** A line across the path at fix i, 20 m wide (sector lines at chosen places of a lap). */
function lineAcross(fixes: Fixes, i: number): GateLine {
	const dLat = fixes.lat[i + 1]! - fixes.lat[i - 1]!;
	const dLon = fixes.lon[i + 1]! - fixes.lon[i - 1]!;
	const scale = 10 / distanceMetres(0, 0, dLat, dLon);
	const lat = fixes.lat[i]!;
	const lon = fixes.lon[i]!;
	return {
		a: { lat: lat - dLon * scale, lon: lon + dLat * scale },
		b: { lat: lat + dLon * scale, lon: lon - dLat * scale },
	};
}

export function runTimingBenchmark(opts: { print?: boolean } = {}): TimingBenchResult {
	// 35 laps of Interlagos at about 1:41, plus out- and in-lap: about an hour at 25 Hz.
	const session = simulateSession({ seed: 1212, circuit: "interlagos", laps: 35, hz: 25 });
	const lapFile = parseLapFile(session.lapSix);
	const points = parseGpsFile(session.gpsSix).points;
	const date = { day: 14, month: 6, year: 2025 };
	const { fixes } = sixFixes(points, {
		date,
		utcOffsetMinutes: utcOffsetFromLaps(lapFile, points),
	});
	const derivedLine = startFinishFromLapCounter(points);
	if (!derivedLine) throw new Error("simulated session without lap changes");
	// Sector lines at 30%, 55% and 80% of the second lap, in driving order.
	const unsplit = timeLapsFromLines(fixes, derivedLine.lines).laps;
	const second = unsplit[1]!;
	const lapStart = fixes.timeMs.findIndex((t) => t >= second.startMs);
	const lapLength = second.channels.length;
	const lines = {
		...derivedLine.lines,
		sectors: [0.3, 0.55, 0.8].map((f) => lineAcross(fixes, lapStart + Math.round(f * lapLength))),
	};

	let sink = 0;
	const passMs = bestTime(15, () => {
		sink += plainPass(fixes);
	});
	let timed = timeLapsFromLines(fixes, lines);
	const timingMs = bestTime(7, () => {
		timed = timeLapsFromLines(fixes, lines);
	});
	const withoutLean = { ...fixes, leanDeg: undefined };
	const timingEstimatedLeanMs = bestTime(7, () => {
		sink += timeLapsFromLines(withoutLean, lines).laps.length;
	});
	let blobs: Uint8Array[] = [];
	const encodeMs = bestTime(7, () => {
		blobs = timed.laps.map((lap) => encodeLapChannels(lap.channels));
	});
	const decodeMs = bestTime(7, () => {
		for (const blob of blobs) sink += decodeLapChannels(blob).length;
	});

	const whole = lapChannelsOfRange(fixes, deriveColumns(fixes), 0, fixes.length);
	const encodedBytes = encodeLapChannels(whole).length;
	const encodedCoreBytes = encodeLapChannels({ ...whole, extra: {} }).length;
	const version1Bytes = encodeLapPath(points, {
		lapNumber: 1,
		start: 0,
		end: points.length,
	}).length;
	const jsonBytes = JSON.stringify({
		timeMs: Array.from(whole.timeMs),
		lat: Array.from(whole.lat),
		lon: Array.from(whole.lon),
		speedKmh: Array.from(whole.speedKmh),
		leanDeg: Array.from(whole.leanDeg),
		distanceM: Array.from(whole.distanceM),
	}).length;
	if (sink === -1) console.log(sink);

	const result: TimingBenchResult = {
		fixes: fixes.length,
		laps: timed.laps.length,
		passMs,
		timingMs,
		timingEstimatedLeanMs,
		lapsWithSectors: timed.laps.filter((l) => l.sectorsMs.every((t) => t !== null)).length,
		encodeMs,
		decodeMs,
		encodedBytes,
		encodedCoreBytes,
		version1Bytes,
		jsonBytes,
	};
	if (opts.print !== false) console.log(formatTimingResult(result));
	return result;
}

export function formatTimingResult(r: TimingBenchResult): string {
	const row = (name: string, value: string, note = "") =>
		`${name.padEnd(50)}${value.padStart(12)}  ${note}`;
	const ms = (v: number) => `${v.toFixed(1)} ms`;
	const ratio = (v: number) => `${(v / r.passMs).toFixed(1)}x`;
	const size = (bytes: number) =>
		`${(bytes / MB).toFixed(2)} MB  (${(bytes / r.fixes).toFixed(1)} B/ponto)`;
	return [
		`gravação de 1 h a 25 Hz: ${r.fixes.toLocaleString("pt-BR")} pontos, ${r.laps} voltas pela linha (${r.lapsWithSectors} com os 4 setores)`,
		row("(a) uma passagem pelos pontos (base)", ms(r.passMs)),
		row(
			"(b) voltas pelas linhas + canais (1+3 linhas)",
			ms(r.timingMs),
			`b/a ${ratio(r.timingMs)}`,
		),
		row(
			"(b') idem, inclinação estimada pelo trajeto",
			ms(r.timingEstimatedLeanMs),
			`b'/a ${ratio(r.timingEstimatedLeanMs)}`,
		),
		row("(c) codificar os canais de todas as voltas", ms(r.encodeMs), `c/a ${ratio(r.encodeMs)}`),
		row("(d) decodificar os canais de todas as voltas", ms(r.decodeMs), `d/a ${ratio(r.decodeMs)}`),
		row("canais v2 de todos os pontos (+ satélites)", size(r.encodedBytes)),
		row(
			"canais v2 (tempo, posição, vel., incl., dist.)",
			size(r.encodedCoreBytes),
			`alvo < ${(TARGET_BYTES / MB).toFixed(0)} MB`,
		),
		row("trajeto v1 (sem tempo), mesmos pontos", size(r.version1Bytes)),
		row("JSON de arrays, mesmos canais v2 sem satélites", size(r.jsonBytes)),
		"tempos: melhor de várias execuções, em tempo de CPU do processo",
	].join("\n");
}

const invokedPath = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : "";
if (invokedPath === import.meta.url) runTimingBenchmark();
