/**
 * Laps timed from a track's lines: a lap runs from one start/finish crossing to the next;
 * its sectors end where it crosses the sector lines, in order. Everything before the first
 * crossing and after the last is not a lap, and the report says so.
 */
import { lapChannelsBetween } from "../channels/build";
import { type DerivedColumns, deriveColumns } from "../channels/derive";
import type { LapTiming, TimedLap } from "../channels/types";
import type { Fixes, ImportIssue, TrackLines } from "../recording/types";
import {
	DEFAULT_GATE_MARGIN_M,
	findGateCrossings,
	type GateCrossing,
	type GateCrossingResult,
	SECTOR_DEBOUNCE_MS,
	START_FINISH_DEBOUNCE_MS,
} from "./crossings";
import { notice, seconds, untimedNotices } from "./report";

export interface LapTimingResult {
	/** Laps numbered 1..n in time order. */
	laps: TimedLap[];
	/** How they were timed; `none` when not one lap could be. */
	timing: LapTiming;
	/** Notices: untimed stretches, crossings set aside, sectors not crossed. */
	report: ImportIssue[];
}

export interface LineTimingOptions {
	/** File named in the report's entries (the recording's). */
	file?: string;
	startFinishDebounceMs?: number;
	sectorDebounceMs?: number;
	/** Metres beyond a line's ends a crossing still counts (default 0). */
	marginM?: number;
	/** Columns already derived from these fixes (they are derived here otherwise). */
	derived?: DerivedColumns;
}

const START_FINISH = "linha de largada/chegada";

function setAsideNotices(
	fixes: Fixes,
	result: GateCrossingResult,
	lineName: string,
	debounceMs: number,
	file: string,
): ImportIssue[] {
	const out: ImportIssue[] = [];
	const lineOf = (c: GateCrossing) => fixes.line[c.index + 1]!;
	if (result.degenerate) out.push(notice(file, 0, `${lineName}: os dois pontos coincidem`));
	if (result.directionIgnored) {
		out.push(
			notice(
				file,
				0,
				`${lineName}: direção dada paralela à linha; valeu o sentido da maioria das passagens`,
			),
		);
	}
	for (const c of result.againstDirection) {
		out.push(notice(file, lineOf(c), `passagem pela ${lineName} em sentido contrário ignorada`));
	}
	for (const c of result.debounced) {
		out.push(
			notice(
				file,
				lineOf(c),
				`passagem pela ${lineName} ignorada: menos de ${seconds(debounceMs)} após a anterior`,
			),
		);
	}
	return out;
}

/** First crossing strictly after `after` and strictly before `before`, or null. */
function crossingWithin(
	crossings: readonly GateCrossing[],
	after: number,
	before: number,
): GateCrossing | null {
	let lo = 0;
	let hi = crossings.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (crossings[mid]!.timeMs <= after) lo = mid + 1;
		else hi = mid;
	}
	const c = crossings[lo];
	return c && c.timeMs < before ? c : null;
}

/**
 * Sector durations of a lap; a sector is null when a line bounding it was not crossed. Each
 * boundary is rounded to the millisecond from the lap's exact start, so the sectors of a lap
 * crossing every line add up to its lap time exactly.
 */
function sectorTimes(
	startMs: number,
	endMs: number,
	sectorCrossings: readonly (readonly GateCrossing[])[],
): { sectorsMs: (number | null)[]; missed: number[] } {
	if (sectorCrossings.length === 0) return { sectorsMs: [], missed: [] };
	const bounds: (number | null)[] = [0];
	const missed: number[] = [];
	let cursor = startMs;
	sectorCrossings.forEach((crossings, k) => {
		const c = crossingWithin(crossings, cursor, endMs);
		if (c) cursor = c.timeMs;
		else missed.push(k + 1);
		bounds.push(c ? Math.round(c.timeMs - startMs) : null);
	});
	bounds.push(Math.round(endMs - startMs));
	const sectorsMs: (number | null)[] = [];
	for (let s = 0; s + 1 < bounds.length; s++) {
		const a = bounds[s]!;
		const b = bounds[s + 1]!;
		sectorsMs.push(a === null || b === null ? null : b - a);
	}
	return { sectorsMs, missed };
}

export function timeLapsFromLines(
	fixes: Fixes,
	lines: TrackLines,
	options: LineTimingOptions = {},
): LapTimingResult {
	const file = options.file ?? "";
	const marginM = options.marginM ?? DEFAULT_GATE_MARGIN_M;
	const sfDebounce = options.startFinishDebounceMs ?? START_FINISH_DEBOUNCE_MS;
	const sectorDebounce = options.sectorDebounceMs ?? SECTOR_DEBOUNCE_MS;
	const startFinish = findGateCrossings(fixes, lines.startFinish, {
		debounceMs: sfDebounce,
		directionDeg: lines.directionDeg,
		marginM,
	});
	const report = setAsideNotices(fixes, startFinish, START_FINISH, sfDebounce, file);
	const crossings = startFinish.crossings;
	if (crossings.length < 2) {
		report.push(
			notice(
				file,
				crossings.length === 1 ? fixes.line[crossings[0]!.index + 1]! : 0,
				crossings.length === 1
					? `uma só passagem pela ${START_FINISH}: nenhuma volta completa`
					: `a gravação não cruza a ${START_FINISH}: nenhuma volta cronometrada`,
			),
		);
		return { laps: [], timing: { kind: "none" }, report };
	}

	const sectorCrossings = lines.sectors.map((gate, k) => {
		const found = findGateCrossings(fixes, gate, {
			debounceMs: sectorDebounce,
			directionDeg: null,
			marginM,
		});
		report.push(...setAsideNotices(fixes, found, `linha do setor ${k + 1}`, sectorDebounce, file));
		return found.crossings;
	});

	const derived = options.derived ?? deriveColumns(fixes);
	const laps: TimedLap[] = [];
	for (let k = 0; k + 1 < crossings.length; k++) {
		const start = crossings[k]!;
		const end = crossings[k + 1]!;
		const { sectorsMs, missed } = sectorTimes(start.timeMs, end.timeMs, sectorCrossings);
		for (const line of missed) {
			report.push(
				notice(
					file,
					fixes.line[start.index + 1]!,
					`volta ${k + 1}: linha do setor ${line} não cruzada`,
				),
			);
		}
		laps.push({
			number: k + 1,
			startMs: Math.round(start.timeMs),
			// The exact interval rounded, as an independent reading of the crossings gives it.
			timeMs: Math.round(end.timeMs - start.timeMs),
			sectorsMs,
			channels: lapChannelsBetween(fixes, derived, start, end),
		});
	}
	const first = crossings[0]!;
	const last = crossings.at(-1)!;
	report.push(
		...untimedNotices(
			fixes,
			first.index + 1,
			last.index,
			`da % passagem pela ${START_FINISH}`,
			file,
		),
	);
	return { laps, timing: { kind: "lines", lines }, report: sortByLine(report) };
}

/** Stable sort of report entries by line (the file's order). */
export function sortByLine(report: ImportIssue[]): ImportIssue[] {
	return report
		.map((entry, order) => ({ entry, order }))
		.sort((a, b) => a.entry.line - b.entry.line || a.order - b.order)
		.map(({ entry }) => entry);
}
