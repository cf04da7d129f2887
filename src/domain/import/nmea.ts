import type { Recording } from "../recording/types";
import {
	COMMA,
	LF,
	latin1,
	NUMBER_OK,
	numberStatus,
	quoteBytes,
	readNumber,
	readScaled,
} from "./bytes";
import { LineFields } from "./fields";
import { capacityFor, FixesBuilder } from "./fixes-builder";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport } from "./report";
import { bomLength } from "./text";

const DAY_MS = 86_400_000;
const KNOT_KMH = 1.852;

/** One epoch (one instant of the receiver) being gathered from its RMC and GGA sentences. */
interface Epoch {
	open: boolean;
	tod: number;
	line: number;
	hasPosition: boolean;
	/** RMC said V (void): the receiver has no fix. */
	void: boolean;
	voidLine: number;
	/** UTC midnight of the RMC date, or NaN. */
	dateMs: number;
	fromRmc: boolean;
}

/**
 * NMEA 0183 logs: RMC (position, speed, course, date) and GGA (position, fix quality,
 * satellites, altitude) of any talker (GP, GN, GL, GA, BD…). Every sentence's checksum is
 * verified: a corrupt one (two sentences run together, one cut short, a flipped byte) is
 * reported and skipped, and a complete sentence after it on the same line is still read.
 *
 * Sentences with one time of day are one epoch: GGA adds altitude and satellites to the RMC
 * of its instant. The date comes from RMC (a day is added when the time of day wraps past
 * midnight); a log of GGA alone has times of day only (`dateKnown` false). A void fix (RMC
 * `V`, GGA quality 0) is reported and skipped.
 */
export function importNmea(bytes: Uint8Array, fileName: string): Recording {
	const report = new ImportReport(fileName);
	const fields = new LineFields(64);
	const fixes = new FixesBuilder(
		{ extra: ["headingDeg", "altitudeM", "satellites"] },
		capacityFor(bytes.length, 70),
	);
	const heading = fixes.slot("headingDeg");
	const altitude = fixes.slot("altitudeM");
	const satellites = fixes.slot("satellites");
	let dates = new Float64Array(fixes.capacity);
	let tods = new Float64Array(fixes.capacity);
	const unused = new Map<string, number>();
	let rmcCount = 0;
	let ggaCount = 0;

	const epoch: Epoch = {
		open: false,
		tod: 0,
		line: 0,
		hasPosition: false,
		void: false,
		voidLine: 0,
		dateMs: Number.NaN,
		fromRmc: false,
	};
	const openEpoch = (tod: number, line: number) => {
		const i = fixes.next();
		if (dates.length < fixes.capacity) {
			const d = new Float64Array(fixes.capacity);
			d.set(dates);
			dates = d;
			const t = new Float64Array(fixes.capacity);
			t.set(tods);
			tods = t;
		}
		fixes.clearRow(i);
		epoch.open = true;
		epoch.tod = tod;
		epoch.line = line;
		epoch.hasPosition = false;
		epoch.void = false;
		epoch.dateMs = Number.NaN;
		epoch.fromRmc = false;
		return i;
	};
	const closeEpoch = () => {
		if (!epoch.open) return;
		epoch.open = false;
		if (epoch.void) {
			report.reject(epoch.voidLine, "RMC com status V (sem fixo válido): ignorada");
			return;
		}
		if (!epoch.hasPosition) return;
		const i = fixes.length;
		dates[i] = epoch.dateMs;
		tods[i] = epoch.tod;
		fixes.line[i] = epoch.line;
		fixes.commit();
	};

	const n = bytes.length;
	let pos = bomLength(bytes);
	let lineNo = 0;
	while (pos < n) {
		let end = bytes.indexOf(LF, pos);
		if (end < 0) end = n;
		lineNo++;
		let s = pos;
		pos = end + 1;
		let e = end;
		while (e > s && (bytes[e - 1] === 13 || bytes[e - 1] === 32 || bytes[e - 1] === 9)) e--;
		while (s < e && (bytes[s] === 32 || bytes[s] === 9)) s++;
		if (s === e) continue;
		let dollar = bytes.indexOf(36 /* $ */, s);
		if (dollar < 0 || dollar >= e) {
			report.reject(lineNo, `linha sem sentença NMEA ($…): ${quoteBytes(bytes, s, e)}`);
			continue;
		}
		if (dollar > s) {
			report.reject(lineNo, `texto antes da sentença ignorado: ${quoteBytes(bytes, s, dollar)}`);
		}
		while (dollar >= 0 && dollar < e) {
			let next = bytes.indexOf(36, dollar + 1);
			if (next < 0 || next > e) next = e;
			const sentenceEnd = next;
			const start = dollar;
			dollar = next < e ? next : -1;

			// Checksum: XOR of the bytes between $ and *, two hex digits after it.
			let star = -1;
			let sum = 0;
			for (let p = start + 1; p < sentenceEnd; p++) {
				const b = bytes[p]!;
				if (b === 42 /* * */) {
					star = p;
					break;
				}
				sum ^= b;
			}
			if (star < 0 || star + 3 > sentenceEnd) {
				report.reject(
					lineNo,
					`sentença cortada (sem soma *hh${next < e ? "; outra começa na mesma linha" : ""}): ${quoteBytes(bytes, start, sentenceEnd)}`,
				);
				continue;
			}
			const written = hexValue(bytes[star + 1]!) * 16 + hexValue(bytes[star + 2]!);
			if (written !== sum) {
				report.reject(
					lineNo,
					`soma de verificação não confere (calculada ${hex2(sum)}, escrita ${latin1(bytes, star + 1, star + 3)}): ${quoteBytes(bytes, start, sentenceEnd)}`,
				);
				continue;
			}
			const comma = bytes.indexOf(COMMA, start);
			if (comma < 0 || comma > star) {
				countUnused(unused, latin1(bytes, start + 1, star));
				continue;
			}
			const typeStart = comma - 3;
			const isRmc =
				comma - start === 6 &&
				bytes[typeStart] === 82 &&
				bytes[typeStart + 1] === 77 &&
				bytes[typeStart + 2] === 67;
			const isGga =
				comma - start === 6 &&
				bytes[typeStart] === 71 &&
				bytes[typeStart + 1] === 71 &&
				bytes[typeStart + 2] === 65;
			if (!isRmc && !isGga) {
				countUnused(unused, latin1(bytes, start + 1, comma));
				continue;
			}
			const count = fields.split(bytes, comma + 1, star, COMMA);
			const f = fields;
			const tod = readTime(bytes, f.starts[0]!, f.ends[0]!);
			if (Number.isNaN(tod)) {
				report.reject(lineNo, `hora ilegível: ${quoteBytes(bytes, f.starts[0]!, f.ends[0]!)}`);
				continue;
			}
			if (!epoch.open || epoch.tod !== tod) {
				closeEpoch();
				openEpoch(tod, lineNo);
			}
			const i = fixes.length;
			if (isRmc) {
				rmcCount++;
				if (count < 9) {
					report.reject(lineNo, `RMC incompleta: ${count} campos, esperados pelo menos 9`);
					continue;
				}
				const status = bytes[f.starts[1]!];
				if (status !== 65 /* A */) {
					epoch.void = true;
					epoch.voidLine = lineNo;
					continue;
				}
				const lat = readCoordinate(bytes, f.starts[2]!, f.ends[2]!, bytes[f.starts[3]!]!, 78, 83);
				const lon = readCoordinate(bytes, f.starts[4]!, f.ends[4]!, bytes[f.starts[5]!]!, 69, 87);
				if (!validPosition(lat, lon)) {
					report.reject(
						lineNo,
						`posição ilegível ou fora do intervalo: ${quoteBytes(bytes, f.starts[2]!, f.ends[5]!)}`,
					);
					continue;
				}
				fixes.lat[i] = lat;
				fixes.lon[i] = lon;
				epoch.hasPosition = true;
				epoch.fromRmc = true;
				const knots = readNumber(bytes, f.starts[6]!, f.ends[6]!);
				fixes.speedKmh[i] = numberStatus() === NUMBER_OK ? knots * KNOT_KMH : Number.NaN;
				const course = readNumber(bytes, f.starts[7]!, f.ends[7]!);
				fixes.extra[heading]![i] = numberStatus() === NUMBER_OK ? course : Number.NaN;
				const date = readDate(bytes, f.starts[8]!, f.ends[8]!);
				epoch.dateMs = date;
				if (Number.isNaN(date) && f.ends[8]! > f.starts[8]!) {
					report.reject(lineNo, `data ilegível: ${quoteBytes(bytes, f.starts[8]!, f.ends[8]!)}`);
				}
			} else {
				ggaCount++;
				if (count < 9) {
					report.reject(lineNo, `GGA incompleta: ${count} campos, esperados pelo menos 9`);
					continue;
				}
				const quality = readNumber(bytes, f.starts[5]!, f.ends[5]!);
				if (numberStatus() !== NUMBER_OK || quality === 0) {
					if (!epoch.hasPosition) report.reject(lineNo, "GGA sem fixo (qualidade 0): ignorada");
					continue;
				}
				const sats = readNumber(bytes, f.starts[6]!, f.ends[6]!);
				fixes.extra[satellites]![i] = numberStatus() === NUMBER_OK ? sats : Number.NaN;
				const alt = readNumber(bytes, f.starts[8]!, f.ends[8]!);
				fixes.extra[altitude]![i] = numberStatus() === NUMBER_OK ? alt : Number.NaN;
				if (!epoch.fromRmc) {
					const lat = readCoordinate(bytes, f.starts[1]!, f.ends[1]!, bytes[f.starts[2]!]!, 78, 83);
					const lon = readCoordinate(bytes, f.starts[3]!, f.ends[3]!, bytes[f.starts[4]!]!, 69, 87);
					if (validPosition(lat, lon)) {
						fixes.lat[i] = lat;
						fixes.lon[i] = lon;
						epoch.hasPosition = true;
					} else {
						report.reject(
							lineNo,
							`posição ilegível ou fora do intervalo: ${quoteBytes(bytes, f.starts[1]!, f.ends[4]!)}`,
						);
					}
				}
			}
		}
	}
	closeEpoch();

	const dateKnown = assignTimes(fixes, dates, tods, report);
	if (rmcCount === 0 && ggaCount > 0) {
		report.notice(0, "arquivo só com GGA: sem data nem velocidade, horários só do dia");
	}
	if (unused.size > 0) {
		const list = [...unused].map(([type, times]) => `${type} (${times})`).join(", ");
		report.notice(0, `sentenças não usadas: ${list}`);
	}
	dropImplausibleFixes(fixes, report);
	return {
		source: { format: "nmea", device: null },
		dateKnown,
		trackName: null,
		fixes: fixes.finish(),
		lapMarksMs: [],
		lines: null,
		report: report.finish(),
	};
}

/**
 * Times from dates and times of day: an epoch with an RMC date uses it; the others take the
 * date of the first dated epoch, moved by the midnights crossed since (a time of day that
 * drops by more than 12 h). Fixes whose time does not advance are dropped and reported.
 * Returns whether any date was known.
 */
function assignTimes(
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

function countUnused(unused: Map<string, number>, type: string): void {
	const key = type.length > 2 && /^[A-Z]{5}$/.test(type) ? type.slice(2) : type.slice(0, 12);
	unused.set(key, (unused.get(key) ?? 0) + 1);
}

function hexValue(b: number): number {
	if (b >= 48 && b <= 57) return b - 48;
	if (b >= 65 && b <= 70) return b - 55;
	if (b >= 97 && b <= 102) return b - 87;
	return -1000;
}

function hex2(value: number): string {
	return value.toString(16).toUpperCase().padStart(2, "0");
}

/** `hhmmss[.sss]` as ms of the day, NaN when not a time. */
function readTime(bytes: Uint8Array, s: number, e: number): number {
	const packed = readScaled(bytes, s, e, 3);
	if (numberStatus() !== NUMBER_OK || packed < 0) return Number.NaN;
	const hours = Math.floor(packed / 10_000_000);
	const minutes = Math.floor(packed / 100_000) % 100;
	const secondsMs = packed % 100_000;
	if (hours > 23 || minutes > 59 || secondsMs >= 61_000) return Number.NaN;
	return hours * 3_600_000 + minutes * 60_000 + secondsMs;
}

/** `ddmmyy` as the UTC midnight of that day (years 80-99 are 19xx), NaN when not a date. */
function readDate(bytes: Uint8Array, s: number, e: number): number {
	if (e - s !== 6) return Number.NaN;
	let v = 0;
	for (let p = s; p < e; p++) {
		const d = bytes[p]! - 48;
		if (d >>> 0 > 9) return Number.NaN;
		v = v * 10 + d;
	}
	const day = Math.floor(v / 10_000);
	const month = Math.floor(v / 100) % 100;
	const yy = v % 100;
	if (day < 1 || day > 31 || month < 1 || month > 12) return Number.NaN;
	const year = yy >= 80 ? 1900 + yy : 2000 + yy;
	const ms = Date.UTC(year, month - 1, day);
	return new Date(ms).getUTCDate() === day ? ms : Number.NaN;
}

/** `dddmm.mmmm` with its hemisphere letter (`positive` / `negative`) as signed degrees. */
function readCoordinate(
	bytes: Uint8Array,
	s: number,
	e: number,
	hemisphere: number,
	positive: number,
	negative: number,
): number {
	const value = readNumber(bytes, s, e);
	if (numberStatus() !== NUMBER_OK || value < 0) return Number.NaN;
	const degrees = Math.floor(value / 100);
	const minutes = value - degrees * 100;
	if (minutes >= 60) return Number.NaN;
	const result = degrees + minutes / 60;
	if (hemisphere === positive) return result;
	if (hemisphere === negative) return -result;
	return Number.NaN;
}

function validPosition(lat: number, lon: number): boolean {
	return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180 && !(lat === 0 && lon === 0);
}
