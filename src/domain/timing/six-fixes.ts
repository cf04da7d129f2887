/**
 * A lapsix logger session (`gps.six`) as `Fixes`: the time field (UTC time of day) placed on
 * the session's date, the logger's roll as measured lean, its metres as distance.
 *
 * - The `ddmmyyyy` folder is the logger's local date of the session's first fix. With the
 *   logger's offset from UTC (from `lap.six`: see `utcOffsetFromLaps`) the first fix falls on
 *   the right UTC day even when local and UTC dates differ; without it the folder's date is
 *   taken as the UTC date (and the report says so).
 * - Times run past midnight: each time is taken on the day that puts it nearest the previous
 *   one, so 23:59:59.9 then 00:00:00.1 is 200 ms later, not a day earlier.
 * - A point without time gets one interpolated between the timed points around it (by its
 *   place in the file: the logger writes at a steady rate), or extrapolated at the median
 *   period at the ends; a point whose time does not advance is set aside. Both are reported.
 */
import type { CalendarDate } from "../format/storage-names";
import type { Fixes, ImportIssue } from "../recording/types";
import { splitLaps } from "../six/split-laps";
import type { GpsPoints, LapFile } from "../six/types";
import { notice } from "./report";

const DAY_MS = 86_400_000;
const FILE = "gps.six";

export interface SixFixesOptions {
	date: CalendarDate;
	/** Local time minus UTC, minutes; null when unknown. */
	utcOffsetMinutes: number | null;
}

export interface SixFixes {
	fixes: Fixes;
	/** Index in `GpsPoints` of each fix. */
	pointIndex: Uint32Array;
	/** Index in `fixes` of each point, or -1 for a point set aside (its time does not advance). */
	fixOfPoint: Int32Array;
	report: ImportIssue[];
}

/** UTC instant of local midnight starting the date, for a local offset (minutes). */
export function localMidnightUtcMs(date: CalendarDate, utcOffsetMinutes: number): number {
	return Date.UTC(date.year, date.month - 1, date.day) - utcOffsetMinutes * 60_000;
}

function anyFinite(column: ArrayLike<number>, length: number): boolean {
	for (let i = 0; i < length; i++) if (Number.isFinite(column[i]!)) return true;
	return false;
}

/** Times of day unwrapped across midnight: ms since midnight UTC of the first timed point's day. */
function unwrapTimes(timeOfDayMs: Float64Array, length: number): Float64Array {
	const out = new Float64Array(length).fill(Number.NaN);
	let previous = Number.NaN;
	for (let i = 0; i < length; i++) {
		const t = timeOfDayMs[i]!;
		if (!Number.isFinite(t)) continue;
		const days = Number.isNaN(previous) ? 0 : Math.round((previous - t) / DAY_MS);
		out[i] = t + days * DAY_MS;
		previous = out[i]!;
	}
	return out;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Adds index `i` to runs of consecutive indices ([first, last]), built as the indices come: a
 * file whose times jump back (a logger restarted, a file repeated) sets aside most of a million
 * points, and a list of their indices would be tens of MB of heap at the ingest's peak.
 */
function addToRuns(runs: [number, number][], i: number): void {
	const last = runs[runs.length - 1];
	if (last !== undefined && last[1] === i - 1) last[1] = i;
	else runs.push([i, i]);
}

function describeRun(points: GpsPoints, [from, to]: [number, number]): string {
	const count = to - from + 1;
	const lines =
		from === to ? `linha ${points.line[from]}` : `linhas ${points.line[from]}-${points.line[to]}`;
	return `${count === 1 ? "1 ponto" : `${count} pontos`} (${lines})`;
}

/**
 * Fills the points without time. Returns the runs of indices interpolated and extrapolated; where no
 * two points have a time, nothing can be filled and every point stays NaN.
 */
function fillMissingTimes(times: Float64Array, length: number) {
	const interpolated: [number, number][] = [];
	const extrapolated: [number, number][] = [];
	// Counted first: the common file has every time, and an array of a million indices built only
	// to be dropped would be tens of MB of garbage at the ingest's memory peak.
	let count = 0;
	for (let i = 0; i < length; i++) if (Number.isFinite(times[i]!)) count++;
	if (count < 2 || count === length) return { interpolated, extrapolated };
	const timed = new Uint32Array(count);
	for (let i = 0, k = 0; i < length; i++) if (Number.isFinite(times[i]!)) timed[k++] = i;
	const steps: number[] = [];
	for (let k = 1; k < timed.length; k++) {
		const a = timed[k - 1]!;
		const b = timed[k]!;
		steps.push((times[b]! - times[a]!) / (b - a));
		for (let i = a + 1; i < b; i++) {
			times[i] = times[a]! + ((times[b]! - times[a]!) * (i - a)) / (b - a);
			addToRuns(interpolated, i);
		}
	}
	const period = median(steps);
	const first = timed[0]!;
	const last = timed.at(-1)!;
	for (let i = 0; i < first; i++) {
		times[i] = times[first]! - (first - i) * period;
		addToRuns(extrapolated, i);
	}
	for (let i = last + 1; i < length; i++) {
		times[i] = times[last]! + (i - last) * period;
		addToRuns(extrapolated, i);
	}
	return { interpolated, extrapolated };
}

export function sixFixes(points: GpsPoints, options: SixFixesOptions): SixFixes {
	const n = points.length;
	const report: ImportIssue[] = [];
	const times = unwrapTimes(points.timeOfDayMs, n);
	const { interpolated, extrapolated } = fillMissingTimes(times, n);
	for (const run of interpolated) {
		report.push(
			notice(FILE, points.line[run[0]]!, `${describeRun(points, run)} sem hora: hora interpolada`),
		);
	}
	for (const run of extrapolated) {
		report.push(
			notice(
				FILE,
				points.line[run[0]]!,
				`${describeRun(points, run)} sem hora: hora estimada pelo período do GPS`,
			),
		);
	}

	// Keep the points whose time advances. Their indices go to a typed array of the exact size
	// (counted in this pass): a number[] of a million indices grown by copies is heap garbage.
	const fixOfPoint = new Int32Array(n).fill(-1);
	let m = 0;
	const notAdvancing: [number, number][] = [];
	const untimed: [number, number][] = [];
	let last = Number.NEGATIVE_INFINITY;
	for (let i = 0; i < n; i++) {
		const t = times[i]!;
		if (Number.isNaN(t)) addToRuns(untimed, i);
		else if (t <= last) addToRuns(notAdvancing, i);
		else {
			fixOfPoint[i] = m++;
			last = t;
		}
	}
	const kept = new Uint32Array(m);
	for (let i = 0; i < n; i++) if (fixOfPoint[i]! >= 0) kept[fixOfPoint[i]!] = i;
	for (const run of notAdvancing) {
		report.push(
			notice(
				FILE,
				points.line[run[0]]!,
				`${describeRun(points, run)}: hora não avança, ponto fora do canal de tempo`,
			),
		);
	}
	for (const run of untimed) {
		report.push(
			notice(
				FILE,
				points.line[run[0]]!,
				`${describeRun(points, run)} sem hora: fora do canal de tempo`,
			),
		);
	}

	let base = Date.UTC(options.date.year, options.date.month - 1, options.date.day);
	const firstTime = m > 0 ? times[kept[0]!]! : 0;
	if (options.utcOffsetMinutes === null) {
		if (n > 0) {
			report.push(
				notice(FILE, 0, "fuso horário do logger desconhecido: data da pasta tomada como data UTC"),
			);
		}
	} else {
		// The first fix's local time of day falls on the folder's date.
		const offsetMs = options.utcOffsetMinutes * 60_000;
		const localTimeOfDay = (((firstTime + offsetMs) % DAY_MS) + DAY_MS) % DAY_MS;
		base = localMidnightUtcMs(options.date, options.utcOffsetMinutes) + localTimeOfDay - firstTime;
	}

	const fixes: Fixes = {
		length: m,
		timeMs: new Float64Array(m),
		lat: new Float64Array(m),
		lon: new Float64Array(m),
		speedKmh: new Float32Array(m),
		extra: { satellites: new Float32Array(m) },
		line: new Uint32Array(m),
	};
	const withLean = anyFinite(points.roll, n);
	const withDistance = anyFinite(points.distanceM, n);
	if (withLean) fixes.leanDeg = new Float32Array(m);
	if (withDistance) fixes.distanceM = new Float64Array(m);
	const pointIndex = kept;
	for (let k = 0; k < m; k++) {
		const i = kept[k]!;
		fixes.timeMs[k] = base + times[i]!;
		fixes.lat[k] = points.lat[i]!;
		fixes.lon[k] = points.lon[i]!;
		fixes.speedKmh[k] = points.speedKmh[i]!;
		fixes.extra.satellites![k] = points.satellites[i]!;
		fixes.line[k] = points.line[i]!;
		if (withLean) fixes.leanDeg![k] = points.roll[i]!;
		if (withDistance) fixes.distanceM![k] = points.distanceM[i]!;
	}
	report.sort((a, b) => a.line - b.line);
	return { fixes, pointIndex, fixOfPoint, report };
}

/**
 * The logger's offset from UTC, minutes (to the quarter hour), from its laps: `lap.six` gives
 * each lap's start in local seconds, `gps.six` the UTC time of the lap's first point. The most
 * common offset among the laps; null when no lap has both.
 */
export function utcOffsetFromLaps(lap: LapFile, points: GpsPoints): number | null {
	const numbers = new Set(lap.laps.map((l) => l.number));
	const paths = new Map(splitLaps(points, numbers).paths.map((p) => [p.lapNumber, p]));
	const votes = new Map<number, number>();
	for (const record of lap.laps) {
		const path = paths.get(record.number);
		const utc = path ? points.timeOfDayMs[path.start]! : Number.NaN;
		if (!Number.isFinite(utc)) continue;
		const quarters = Math.round(((record.entrySec * 1000 - utc) % DAY_MS) / 900_000) * 15;
		const minutes = offsetInWindow(quarters);
		votes.set(minutes, (votes.get(minutes) ?? 0) + 1);
	}
	let best: number | null = null;
	let most = 0;
	for (const [minutes, count] of votes) {
		if (count > most || (count === most && best !== null && Math.abs(minutes) < Math.abs(best))) {
			best = minutes;
			most = count;
		}
	}
	return best;
}

/**
 * Times of day give the offset only modulo a day (UTC+13 and UTC-11 read alike), so every
 * lap's is brought into one 24-hour window, the same whatever the hour the lap started:
 * [UTC-10, UTC+14), which holds every place with a circuit (Hawaii at -10, New Zealand's summer
 * at +13). UTC-11 and UTC-12, with none, read as +13 and +12.
 */
const WINDOW_START_MINUTES = -600;

function offsetInWindow(minutes: number): number {
	const shifted = (((minutes - WINDOW_START_MINUTES) % 1440) + 1440) % 1440;
	return shifted + WINDOW_START_MINUTES;
}
