/**
 * Laps timed from a file's own lap marks (RaceChrono `lap_number` changes, TrackAddict
 * `# Lap` lines): consecutive marks bound a lap. Used when no track's lines are known.
 */
import { type CutPoint, cutAt, lapChannelsBetween } from "../channels/build";
import { deriveColumns } from "../channels/derive";
import type { TimedLap } from "../channels/types";
import type { Fixes, ImportIssue } from "../recording/types";
import { type LapTimingResult, type LineTimingOptions, sortByLine } from "./lap-lines";
import { notice, untimedNotices } from "./report";

export function timeLapsFromMarks(
	fixes: Fixes,
	lapMarksMs: readonly number[],
	options: Pick<LineTimingOptions, "file" | "derived"> = {},
): LapTimingResult {
	const file = options.file ?? "";
	const report: ImportIssue[] = [];
	const cuts: CutPoint[] = [];
	for (const mark of lapMarksMs) {
		const cut = cutAt(fixes, mark);
		const previous = cuts.at(-1);
		if (cut === null) {
			report.push(
				notice(file, 0, `marca de volta fora do intervalo dos pontos ignorada (${mark} ms)`),
			);
		} else if (previous && !(cut.timeMs > previous.timeMs)) {
			report.push(
				notice(file, fixes.line[cut.index]!, "marca de volta que não avança no tempo ignorada"),
			);
		} else {
			cuts.push(cut);
		}
	}
	if (cuts.length < 2) {
		report.push(
			notice(
				file,
				0,
				cuts.length === 1
					? "uma só marca de volta: nenhuma volta completa"
					: "nenhuma marca de volta: nenhuma volta cronometrada",
			),
		);
		return { laps: [], timing: { kind: "none" }, report };
	}
	const derived = options.derived ?? deriveColumns(fixes);
	const laps: TimedLap[] = [];
	for (let k = 0; k + 1 < cuts.length; k++) {
		const start = cuts[k]!;
		const end = cuts[k + 1]!;
		laps.push({
			number: k + 1,
			startMs: Math.round(start.timeMs),
			timeMs: Math.round(end.timeMs - start.timeMs),
			sectorsMs: [],
			channels: lapChannelsBetween(fixes, derived, start, end),
		});
	}
	const first = cuts[0]!;
	const last = cuts.at(-1)!;
	// A fix exactly at the first mark is the lap's first point, not before it.
	const firstInside = first.fraction === 0 ? first.index : first.index + 1;
	report.push(...untimedNotices(fixes, firstInside, last.index, "da % marca de volta", file));
	return { laps, timing: { kind: "markers" }, report: sortByLine(report) };
}
