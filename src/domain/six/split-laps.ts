import type { GpsPoints, LapPathRange, ParseIssue, SplitLapsResult } from "./types";

/**
 * Groups accepted GPS points into lap paths, the rule of the original system (FORMATS.md
 * "Laps from GPS points"):
 *
 * 1. A flag-1 point whose `lapCount` differs from the lap being collected closes that lap
 *    (its points are saved as its path) and starts a new one.
 * 2. A flag-0 point right after a flag-1 point discards what was collected (the rider left
 *    timing, e.g. into the pits).
 * 3. At the end, the points still collected are a lap only if `completedLapNumbers` (the laps
 *    of `lap.six`) has that number; otherwise they are an unfinished lap, reported and dropped.
 *
 * A second run of a lap number replaces the first (reported). Collected points are always a
 * run of consecutive flag-1 points, so a path is a range [start, end) of the columns.
 */
export function splitLaps(
	points: GpsPoints,
	completedLapNumbers: ReadonlySet<number>,
): SplitLapsResult {
	const { lapCount, timingFlag, line } = points;
	const saved = new Map<number, LapPathRange>();
	const report: ParseIssue[] = [];
	const note = (at: number, reason: string) =>
		report.push({ file: "gps.six", line: at, kind: "notice", reason });
	const lines = (r: LapPathRange) =>
		r.end - r.start === 1 ? `linha ${line[r.start]}` : `linhas ${line[r.start]}-${line[r.end - 1]}`;
	const count = (n: number) => (n === 1 ? "1 ponto" : `${n} pontos`);

	const save = (range: LapPathRange) => {
		const earlier = saved.get(range.lapNumber);
		if (earlier) {
			note(
				line[earlier.start]!,
				`volta ${range.lapNumber}: trajeto (${lines(earlier)}) substituído por nova passagem (${lines(range)})`,
			);
		}
		saved.set(range.lapNumber, range);
	};

	let start = 0;
	let end = 0;
	let current = 0;
	for (let i = 0; i < points.length; i++) {
		if (timingFlag[i] === 1) {
			const lap = lapCount[i]!;
			if (end > start && lap !== current) {
				save({ lapNumber: current, start, end });
				start = i;
			}
			if (end === start) start = i;
			end = i + 1;
			current = lap;
		} else if (end > start) {
			note(
				line[i]!,
				`volta ${current}: cronometragem interrompida (indicador 0), ${count(end - start)} descartado(s)`,
			);
			start = end = i + 1;
		}
	}
	if (end > start) {
		const last = { lapNumber: current, start, end };
		if (completedLapNumbers.has(current)) save(last);
		else
			note(
				line[start]!,
				`volta ${current}: não concluída (ausente em lap.six), ${count(end - start)} fora das voltas (${lines(last)})`,
			);
	}
	report.sort((a, b) => a.line - b.line);
	const paths = [...saved.values()].sort((a, b) => a.lapNumber - b.lapNumber);
	return { paths, report };
}
