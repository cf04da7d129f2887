/**
 * The gaps of /laps: each lap's time and sectors against a reference lap (the session's best
 * by default, or the comparison's reference named in the address).
 */

export interface GapReference {
	/** What the gaps are measured against, in words (pt-BR). */
	label: string;
	timeMs: number;
	/** Sector number -> time, ms. */
	sectorsMs: ReadonlyMap<number, number>;
	/** The reference is this session's lap `lap` (its own gap is zero, not worth a column). */
	lap: number | null;
}

interface LapTimes {
	number: number;
	timeMs: number;
	sectors: readonly { number: number; timeMs: number }[];
}

export function gapReferenceOf(lap: LapTimes, label: string, sameSession: boolean): GapReference {
	return {
		label,
		timeMs: lap.timeMs,
		sectorsMs: new Map(lap.sectors.map((s) => [s.number, s.timeMs])),
		lap: sameSession ? lap.number : null,
	};
}

/** Lap minus reference, ms (positive: slower). */
export function lapGapMs(lap: { timeMs: number }, reference: GapReference): number {
	return lap.timeMs - reference.timeMs;
}

/** Sector minus the reference's same sector; null when the reference has none. */
export function sectorGapMs(
	sector: { number: number; timeMs: number },
	reference: GapReference,
): number | null {
	const other = reference.sectorsMs.get(sector.number);
	return other === undefined ? null : sector.timeMs - other;
}

/** `+1,234` / `−0,045` / `±0,000` (seconds, three decimals, no unit: the column says it). */
export function formatGap(ms: number | null): string {
	if (ms === null || !Number.isFinite(ms)) return "—";
	const sign = ms > 0 ? "+" : ms < 0 ? "−" : "±";
	return `${sign}${(Math.abs(ms) / 1000).toLocaleString("pt-BR", {
		minimumFractionDigits: 3,
		maximumFractionDigits: 3,
		useGrouping: false,
	})}`;
}
