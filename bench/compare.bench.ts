/**
 * Lap comparison benchmark (PERFORMANCE.md): the delta of two 5,000-point laps and corner
 * detection on one, each against a plain pass over the same points measured in the same run
 * (projecting every fix to metres and summing the path: the least any reading of the laps
 * does). Also the delta against a reference line prepared once (what comparing every lap of a
 * session against its best costs per lap).
 *
 * Run alone: `npx tsx bench/compare.bench.ts [points]` or `npm run bench -- compare`.
 */

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { LapChannels } from "../src/domain/channels/types";
import { detectCorners } from "../src/domain/compare/corners";
import { computeDelta } from "../src/domain/compare/delta";
import { prepareReference } from "../src/domain/compare/reference-line";
import { circuitLine, syntheticLap } from "../src/domain/compare/synthetic-lap";

export interface CompareBenchResult {
	points: { lap: number; reference: number };
	/** Plain pass over both laps' points, ms. */
	plainPassBothMs: number;
	/** Plain pass over one lap's points, ms. */
	plainPassOneMs: number;
	deltaMs: number;
	deltaPreparedMs: number;
	cornersMs: number;
	corners: number;
	/** Delta / plain pass over both laps. */
	deltaRatio: number;
	deltaPreparedRatio: number;
	/** Corner detection / plain pass over the lap. */
	cornersRatio: number;
}

/** Best (shortest) CPU time of one call, ms: `inner` calls per sample, best of `samples`. */
function bestTime(run: () => unknown, inner: number, samples: number): number {
	for (let i = 0; i < inner; i++) run();
	let best = Number.POSITIVE_INFINITY;
	for (let s = 0; s < samples; s++) {
		const start = process.cpuUsage();
		for (let i = 0; i < inner; i++) run();
		const used = process.cpuUsage(start);
		best = Math.min(best, (used.user + used.system) / 1000 / inner);
	}
	return best;
}

/** The baseline: every fix to metres around the first, and the length of the path. */
function plainPass(lap: LapChannels): number {
	const lat0 = lap.lat[0]!;
	const lon0 = lap.lon[0]!;
	const mPerDegLat = 111_195.08;
	const mPerDegLon = mPerDegLat * Math.cos((lat0 * Math.PI) / 180);
	let length = 0;
	let px = 0;
	let py = 0;
	for (let i = 0; i < lap.length; i++) {
		const x = (lap.lon[i]! - lon0) * mPerDegLon;
		const y = (lap.lat[i]! - lat0) * mPerDegLat;
		if (i > 0) length += Math.hypot(x - px, y - py);
		px = x;
		py = y;
	}
	return length;
}

/** A lap of Interlagos with about `points` fixes, GPS noise of 0.3 m, `pace` times the flying lap. */
function lapWithPoints(points: number, pace: number, seed: number): LapChannels {
	const line = circuitLine("interlagos");
	const lapTimeS = (pace * line.baseTimeMs[line.n]!) / 1000;
	return syntheticLap(line, {
		hz: (points - 1) / lapTimeS,
		warp: (t) => pace * t,
		noise: { seed, sigmaM: 0.3 },
	}).channels;
}

export async function runCompareBenchmark(
	opts: { points?: number; print?: boolean } = {},
): Promise<CompareBenchResult> {
	const points = opts.points ?? 5000;
	const lap = lapWithPoints(points, 1.02, 1);
	const reference = lapWithPoints(points, 1, 2);
	const line = prepareReference(reference);
	if (!line) throw new Error("reference too short");
	const check = computeDelta(lap, reference);
	if (check.status !== "ok") throw new Error(`delta refused: ${check.status}`);

	const plainPassBothMs = bestTime(() => plainPass(lap) + plainPass(reference), 400, 15);
	const plainPassOneMs = bestTime(() => plainPass(reference), 400, 15);
	const deltaMs = bestTime(() => computeDelta(lap, reference), 4, 15);
	const deltaPreparedMs = bestTime(() => computeDelta(lap, line), 4, 15);
	let corners = 0;
	const cornersMs = bestTime(
		() => {
			corners = detectCorners(reference).length;
		},
		4,
		15,
	);
	const result: CompareBenchResult = {
		points: { lap: lap.length, reference: reference.length },
		plainPassBothMs,
		plainPassOneMs,
		deltaMs,
		deltaPreparedMs,
		cornersMs,
		corners,
		deltaRatio: deltaMs / plainPassBothMs,
		deltaPreparedRatio: deltaPreparedMs / plainPassBothMs,
		cornersRatio: cornersMs / plainPassOneMs,
	};
	if (opts.print !== false) console.log(formatCompareBench(result));
	return result;
}

export function formatCompareBench(r: CompareBenchResult): string {
	const row = (name: string, ms: number, ratio = "") =>
		`${name.padEnd(44)}${`${ms.toFixed(3)} ms`.padStart(12)}  ${ratio}`;
	return [
		`comparação: volta de ${r.points.lap.toLocaleString("pt-BR")} pontos contra referência de ${r.points.reference.toLocaleString("pt-BR")} (Interlagos, ruído GPS 0,3 m)`,
		row("(a) passada simples pelas duas voltas", r.plainPassBothMs),
		row("(b) delta (linha de referência incluída)", r.deltaMs, `${r.deltaRatio.toFixed(0)}x (a)`),
		row(
			"(c) delta contra linha já preparada",
			r.deltaPreparedMs,
			`${r.deltaPreparedRatio.toFixed(0)}x (a)`,
		),
		row("(d) passada simples por uma volta", r.plainPassOneMs),
		row(`(e) curvas (${r.corners} achadas)`, r.cornersMs, `${r.cornersRatio.toFixed(0)}x (d)`),
		"tempos: melhor de 15 amostras, em tempo de CPU do processo",
	].join("\n");
}

const invokedPath = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : "";
if (invokedPath === import.meta.url) {
	const points = Number(process.argv[2] ?? "") || undefined;
	await runCompareBenchmark({ points });
}
