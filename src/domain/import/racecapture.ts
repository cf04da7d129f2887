import type { ExtraChannelName, Recording } from "../recording/types";
import { decodeText, lineEndOf, NUMBER_EMPTY, NUMBER_OK } from "./bytes";
import { CsvNumberReader, isBlankLine } from "./csv-numbers";
import { capacityForLines, emptyRecording, FixesBuilder } from "./fixes-builder";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport } from "./report";
import { bomLength } from "./text";
import { lengthFactor, speedFactor } from "./units";

const SLOT_INTERVAL = 0;
const SLOT_UTC = 1;
const SLOT_LAT = 2;
const SLOT_LON = 3;
const SLOT_SPEED = 4;
const SLOT_LAP = 5;
const FIRST_EXTRA = 6;

interface Channel {
	name: string;
	unit: string;
}

/**
 * RaceCapture (Autosport Labs) logs: a header of `"Name"|"Units"|min|max|rate` cells, then
 * sparse rows: a channel not sampled on a row is left empty. A row with latitude and
 * longitude is a fix; RPM and throttle keep their last value on the others. `Utc` (ms since
 * the epoch, 0 before the GPS knew the time) dates the fixes, through `Interval` (ms since
 * the logger started) where Utc is missing; without any Utc the times count from the start.
 * `LapCount` changes are the file's lap marks.
 */
export function importRaceCapture(bytes: Uint8Array, fileName: string): Recording {
	const OK = NUMBER_OK;
	const EMPTY = NUMBER_EMPTY;
	const report = new ImportReport(fileName);
	const n = bytes.length;
	let pos = bomLength(bytes);
	let lineNo = 0;
	const headerEnd = lineEndOf(bytes, pos);
	lineNo++;
	// Header cells are `"Name"|"Units"|…` (quotes inside a cell): split by hand, not as CSV.
	const channels: Channel[] = decodeText(bytes, pos, headerEnd)
		.split(",")
		.map((cell) => {
			const [name, unit] = cell.split("|").map((s) => s.trim().replace(/^"|"$/g, ""));
			return { name: (name ?? "").toLowerCase(), unit: unit ?? "" };
		});
	pos = headerEnd + 1;
	const find = (...names: string[]) => channels.findIndex((c) => names.includes(c.name));
	const interval = find("interval");
	const utc = find("utc");
	const lat = find("latitude");
	const lon = find("longitude");
	if (lat < 0 || lon < 0 || (interval < 0 && utc < 0)) {
		report.reject(
			1,
			"cabeçalho RaceCapture sem Interval/Utc, Latitude e Longitude: nenhum ponto lido",
		);
		return emptyRecording("racecapture", report);
	}
	const speed = find("speed", "gpsspeed");
	const speedUnit = speed >= 0 ? speedFactor(channels[speed]!.unit) : 1;
	// null only from a Speed column's unit: without one the factor is 1.
	if (speedUnit === null) {
		report.notice(
			1,
			`unidade de Speed ${JSON.stringify(channels[speed]!.unit)} desconhecida: lida como km/h`,
		);
	}
	const extra: { name: ExtraChannelName; column: number; factor: number; carry: boolean }[] = [];
	const add = (name: ExtraChannelName, column: number, factor: number, carry: boolean) => {
		if (column >= 0) extra.push({ name, column, factor, carry });
	};
	const altitude = find("altitude");
	add(
		"altitudeM",
		altitude,
		altitude >= 0 ? (lengthFactor(channels[altitude]!.unit) ?? 1) : 1,
		false,
	);
	add("satellites", find("gpssats"), 1, false);
	add("headingDeg", find("heading", "gpsheading"), 1, false);
	add("rpm", find("rpm", "enginespeed"), 1, true);
	add("throttlePct", find("tps", "throttle"), 1, true);

	const reader = new CsvNumberReader(
		[interval, utc, lat, lon, speed, find("lapcount"), ...extra.map((e) => e.column)],
		[0],
	);
	const values = reader.values;
	const states = reader.states;
	const fixes = new FixesBuilder(
		{ extra: extra.map((e) => e.name) },
		capacityForLines(bytes, pos, 2),
	);
	const carried = new Float64Array(extra.length).fill(Number.NaN);
	const lapMarksMs: number[] = [];
	let previousLap = Number.NaN;
	// Utc minus Interval, from the first row that has both: dates the rows without Utc.
	let clockOffset = Number.NaN;
	const untimed: number[] = [];
	const untimedMarks: number[] = [];

	while (pos < n) {
		lineNo++;
		const lineStart = pos;
		const end = reader.read(bytes, lineStart);
		pos = end + 1;
		if (reader.fieldCount === 1 && isBlankLine(bytes, lineStart, end)) continue;
		if (bytes[lineStart] === 34 /* " */) {
			report.notice(lineNo, "novo cabeçalho no meio do arquivo: linha ignorada");
			continue;
		}
		for (let e = 0; e < extra.length; e++) {
			const slot = FIRST_EXTRA + e;
			if (extra[e]!.carry && states[slot] === OK) carried[e] = values[slot]! * extra[e]!.factor;
		}
		const hasUtc = states[SLOT_UTC] === OK && values[SLOT_UTC]! > 0;
		const hasInterval = states[SLOT_INTERVAL] === OK;
		if (hasUtc && hasInterval && Number.isNaN(clockOffset)) {
			clockOffset = values[SLOT_UTC]! - values[SLOT_INTERVAL]!;
			// Date what came before now, so this row's time is checked against theirs on one clock.
			for (const i of untimed) fixes.timeMs[i] = fixes.timeMs[i]! + clockOffset;
			for (const k of untimedMarks) lapMarksMs[k] = lapMarksMs[k]! + clockOffset;
		}
		const timeMs = hasUtc
			? values[SLOT_UTC]!
			: hasInterval
				? values[SLOT_INTERVAL]! + (Number.isNaN(clockOffset) ? 0 : clockOffset)
				: Number.NaN;
		if (states[SLOT_LAP] === OK) {
			if (!Number.isNaN(previousLap) && values[SLOT_LAP] !== previousLap && !Number.isNaN(timeMs)) {
				if (!hasUtc && Number.isNaN(clockOffset)) untimedMarks.push(lapMarksMs.length);
				lapMarksMs.push(timeMs);
			}
			previousLap = values[SLOT_LAP]!;
		}
		if (states[SLOT_LAT] === EMPTY && states[SLOT_LON] === EMPTY) continue;
		if (Number.isNaN(timeMs)) {
			report.reject(lineNo, "linha sem Interval nem Utc legíveis");
			continue;
		}
		const la = values[SLOT_LAT]!;
		const lo = values[SLOT_LON]!;
		if (states[SLOT_LAT] !== OK || states[SLOT_LON] !== OK) {
			report.reject(
				lineNo,
				`posição ilegível: ${reader.quoted(SLOT_LAT)}, ${reader.quoted(SLOT_LON)}`,
			);
			continue;
		}
		if (la < -90 || la > 90 || lo < -180 || lo > 180 || (la === 0 && lo === 0)) {
			// RaceCapture writes 0,0 before the GPS has a fix: not a fix, not worth a line each.
			if (la !== 0 || lo !== 0) report.reject(lineNo, `posição fora do intervalo: ${la}, ${lo}`);
			continue;
		}
		if (!(timeMs > fixes.lastTimeMs())) {
			report.reject(lineNo, `tempo não avança (anterior na linha ${fixes.line[fixes.length - 1]})`);
			continue;
		}
		if (!hasUtc && Number.isNaN(clockOffset)) untimed.push(fixes.length);
		const i = fixes.next();
		fixes.timeMs[i] = timeMs;
		fixes.lat[i] = la;
		fixes.lon[i] = lo;
		fixes.line[i] = lineNo;
		fixes.speedKmh[i] =
			states[SLOT_SPEED] === OK ? values[SLOT_SPEED]! * (speedUnit ?? 1) : Number.NaN;
		for (let e = 0; e < extra.length; e++) {
			const slot = FIRST_EXTRA + e;
			fixes.extra[e]![i] = extra[e]!.carry
				? carried[e]!
				: states[slot] === OK
					? values[slot]! * extra[e]!.factor
					: Number.NaN;
		}
		fixes.commit();
	}

	// Without an Interval column only rows with Utc are timed at all: every fix is dated.
	const dateKnown = !Number.isNaN(clockOffset) || interval < 0;
	if (!dateKnown) report.notice(0, "sem Utc: horários contados do início do registro");
	dropImplausibleFixes(fixes, report);
	return {
		source: { format: "racecapture", device: "RaceCapture" },
		dateKnown,
		trackName: null,
		fixes: fixes.finish(),
		lapMarksMs,
		lines: null,
		report: report.finish(),
	};
}
