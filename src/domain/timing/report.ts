/** Notices of lap timing, in the shape of an import report (pt-BR, lines of the source file). */
import type { Fixes, ImportIssue } from "../recording/types";

export function notice(file: string, line: number, reason: string): ImportIssue {
	return { file, line, kind: "notice", reason };
}

function pointCount(n: number): string {
	return n === 1 ? "1 ponto" : `${n} pontos`;
}

function lineSpan(fixes: Pick<Fixes, "line">, from: number, to: number): string {
	const first = fixes.line[from]!;
	const last = fixes.line[to - 1]!;
	return first === last ? `linha ${first}` : `linhas ${first}-${last}`;
}

/**
 * The stretches before the first lap starts and after the last one ends are not laps: fixes
 * [0, firstInside) and [lastInside + 1, length). `lapEdge` says what bounds them.
 */
export function untimedNotices(
	fixes: Pick<Fixes, "length" | "line">,
	firstInside: number,
	lastInside: number,
	lapEdge: string,
	file: string,
): ImportIssue[] {
	const out: ImportIssue[] = [];
	if (firstInside > 0) {
		out.push(
			notice(
				file,
				fixes.line[0]!,
				`${pointCount(firstInside)} antes ${lapEdge.replace("%", "primeira")}: fora das voltas (${lineSpan(fixes, 0, firstInside)})`,
			),
		);
	}
	const after = fixes.length - (lastInside + 1);
	if (after > 0 && lastInside >= 0) {
		out.push(
			notice(
				file,
				fixes.line[lastInside + 1]!,
				`${pointCount(after)} depois ${lapEdge.replace("%", "última")}: volta não concluída, fora das voltas (${lineSpan(fixes, lastInside + 1, fixes.length)})`,
			),
		);
	}
	return out;
}

/** Seconds with a decimal comma, for report texts: 2.345 -> "2,3 s". */
export function seconds(ms: number): string {
	return `${(ms / 1000).toFixed(1).replace(".", ",")} s`;
}
