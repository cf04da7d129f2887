import type { FixesBuilder } from "./fixes-builder";
import type { ImportReport } from "./report";

const DAY_MS = 86_400_000;

/**
 * Times from dates and times of day: an epoch with an RMC date uses it; the others take the
 * date of the first dated epoch, moved by the midnights crossed since (a time of day that
 * drops by more than 12 h). Fixes whose time does not advance are dropped and reported.
 * Returns whether any date was known.
 */
export function assignTimes(
	fixes: FixesBuilder,
	dates: Float64Array,
	tods: Float64Array,
	report: ImportReport,
): boolean {
	const n = fixes.length;
	let base = Number.NaN;
	let day = 0;
	let previous = Number.NaN;
	const dayIndex = new Float64Array(n);
	for (let i = 0; i < n; i++) {
		// Past midnight when the time of day drops by more than half a day; a stray epoch back
		// across midnight stays on the day before (and is dropped as not advancing).
		const tod = tods[i]!;
		if (tod < previous - DAY_MS / 2) {
			dayIndex[i] = day + 1;
		} else if (tod > previous + DAY_MS / 2) {
			dayIndex[i] = day - 1;
			continue;
		} else dayIndex[i] = day;
		day = dayIndex[i]!;
		previous = tod;
		if (Number.isNaN(base) && !Number.isNaN(dates[i]!)) base = dates[i]! - day * DAY_MS;
	}
	const dateKnown = !Number.isNaN(base);
	const keep = new Uint8Array(n);
	let last = Number.NEGATIVE_INFINITY;
	let dropped = 0;
	for (let i = 0; i < n; i++) {
		const date = dates[i]!;
		const t = Number.isNaN(date)
			? (dateKnown ? base : 0) + dayIndex[i]! * DAY_MS + tods[i]!
			: date + tods[i]!;
		fixes.timeMs[i] = t;
		if (t > last) {
			keep[i] = 1;
			last = t;
		} else {
			dropped++;
			report.reject(fixes.line[i]!, "hora não avança em relação ao ponto anterior: ignorada");
		}
	}
	if (dropped > 0) fixes.keepRows(keep);
	return dateKnown;
}
