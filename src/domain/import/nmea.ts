import type { Recording } from "../recording/types";
import { LF, latin1, quoteBytes } from "./bytes";
import { capacityForLines, FixesBuilder } from "./fixes-builder";
import { FAST_RMC, fastSentence, readSentenceFast } from "./nmea-fast";
import {
	coordinate,
	hexValue,
	plainValue,
	readDate,
	timeOfDayMs,
	validPosition,
	xorOf,
} from "./nmea-fields";
import { assignTimes } from "./nmea-times";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport } from "./report";
import { bomLength } from "./text";

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
export function importNmea(
	bytes: Uint8Array,
	fileName: string,
	options: { fastPath?: boolean } = {},
): Recording {
	const fastPath = options.fastPath !== false;
	// A local copy: an imported constant can cost a getter call per use in the loop.
	const NEWLINE = LF;
	const report = new ImportReport(fileName);
	/** Positions of a sentence's commas, then of its `*`. */
	const commas = new Int32Array(65);
	const fixes = new FixesBuilder(
		{ extra: ["headingDeg", "altitudeM", "satellites"] },
		capacityForLines(bytes, 0, linesPerEpoch(bytes)),
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

	/** An RMC with a valid fix: its position, speed, course and date. */
	const takeRmc = (lat: number, lon: number, knots: number, course: number, date: number) => {
		const i = fixes.length;
		fixes.lat[i] = lat;
		fixes.lon[i] = lon;
		epoch.hasPosition = true;
		epoch.fromRmc = true;
		fixes.speedKmh[i] = knots * KNOT_KMH;
		fixes.extra[heading]![i] = course;
		epoch.dateMs = date;
	};
	/** A GGA position, kept when no RMC of the epoch gave one. */
	const takeGgaPosition = (lat: number, lon: number) => {
		const i = fixes.length;
		fixes.lat[i] = lat;
		fixes.lon[i] = lon;
		epoch.hasPosition = true;
	};
	const takeGgaValues = (count: number, height: number) => {
		const i = fixes.length;
		fixes.extra[satellites]![i] = count;
		fixes.extra[altitude]![i] = height;
	};

	const n = bytes.length;
	let pos = bomLength(bytes);
	let lineNo = 0;
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const safe = n - 4;
	const fast = fastSentence;
	while (pos < n) {
		if (fastPath && bytes[pos] === 36 /* $ */) {
			// Nearly every line: one RMC or GGA of the common shape (nmea-fast.ts).
			const next = readSentenceFast(bytes, view, pos, safe);
			if (next >= 0) {
				lineNo++;
				pos = next;
				if (!epoch.open || epoch.tod !== fast.tod) {
					closeEpoch();
					openEpoch(fast.tod, lineNo);
				}
				if (fast.kind === FAST_RMC) {
					rmcCount++;
					takeRmc(fast.lat, fast.lon, fast.speedKnots, fast.headingDeg, fast.dateMs);
				} else {
					ggaCount++;
					takeGgaValues(fast.satellites, fast.altitudeM);
					if (!epoch.fromRmc) takeGgaPosition(fast.lat, fast.lon);
				}
				continue;
			}
		}
		// The line's LF, a word at a time (lines are short: a call to indexOf costs more).
		let end = pos;
		for (;;) {
			if (end <= safe) {
				const x = view.getInt32(end, true) ^ 0x0a0a0a0a;
				const m = (x - 0x01010101) & ~x & 0x80808080;
				if (m === 0) {
					end += 4;
					continue;
				}
				end += (31 - Math.clz32(m & -m)) >>> 3;
				break;
			}
			if (end >= n || bytes[end] === NEWLINE) break;
			end++;
		}
		lineNo++;
		let s = pos;
		pos = end + 1;
		let e = end;
		while (e > s && (bytes[e - 1] === 13 || bytes[e - 1] === 32 || bytes[e - 1] === 9)) e--;
		while (s < e && (bytes[s] === 32 || bytes[s] === 9)) s++;
		if (s === e) continue;
		let dollar = bytes[s] === 36 /* $ */ ? s : bytes.indexOf(36, s);
		if (dollar < 0 || dollar >= e) {
			report.reject(lineNo, `linha sem sentença NMEA ($…): ${quoteBytes(bytes, s, e)}`);
			continue;
		}
		if (dollar > s) {
			report.reject(lineNo, `texto antes da sentença ignorado: ${quoteBytes(bytes, s, dollar)}`);
		}
		while (dollar >= 0 && dollar < e) {
			// One pass finds the commas and reads each field as a number as its digits go by, up
			// to the `*`, or to a `$` (another sentence run into this one) or the line's end (cut
			// short); then the checksum (XOR of the bytes between $ and there), by words.
			const start = dollar;
			let p = start + 1;
			let commaCount = 0;
			let b = 0;
			let d = 0;
			let mantissa = 0;
			let digits = 0;
			/** Digits before the field's dot, -1 before a dot. */
			let dotAt = -1;
			let bad = 0;
			let negative = 0;
			while (p < e) {
				b = bytes[p]!;
				d = b - 48;
				if (d >>> 0 <= 9) {
					// A run of digits, in a loop of its own (`bytes[e]` is no digit, or e is the end).
					const runStart = p;
					do {
						mantissa = mantissa * 10 + d;
						p++;
						d = bytes[p]! - 48;
					} while (d >>> 0 <= 9 && p < e);
					digits += p - runStart;
					continue;
				}
				if (b === 42 /* * */ || b === 36 /* $ */) break;
				if (b === 44 /* , */) {
					if (commaCount > 0 && commaCount < 64) {
						storeField(
							commaCount - 1,
							mantissa,
							digits,
							dotAt < 0 ? -1 : digits - dotAt,
							bad,
							negative,
						);
					}
					if (commaCount < 64) commas[commaCount++] = p;
					mantissa = 0;
					digits = 0;
					dotAt = -1;
					bad = 0;
					negative = 0;
				} else if (b === 46 /* . */ && dotAt < 0) dotAt = digits;
				else if (b === 45 /* - */ && digits === 0 && dotAt < 0 && negative === 0) negative = 1;
				else bad = 1;
				p++;
			}
			if (commaCount > 0 && commaCount < 64) {
				storeField(
					commaCount - 1,
					mantissa,
					digits,
					dotAt < 0 ? -1 : digits - dotAt,
					bad,
					negative,
				);
			}
			// The checksum: XOR of the bytes between $ and the stop.
			const sum = xorOf(bytes, view, start + 1, p);
			if (p >= e || b === 36 || p + 3 > e) {
				const next = p < e && b === 36 ? p : e;
				report.reject(
					lineNo,
					`sentença cortada (sem soma *hh${next < e ? "; outra começa na mesma linha" : ""}): ${quoteBytes(bytes, start, next)}`,
				);
				dollar = next < e ? next : -1;
				continue;
			}
			const star = p;
			let next = star + 3;
			while (next < e && bytes[next] !== 36) next++;
			dollar = next < e ? next : -1;
			const written = hexValue(bytes[star + 1]!) * 16 + hexValue(bytes[star + 2]!);
			if (written !== sum) {
				report.reject(
					lineNo,
					`soma de verificação não confere (calculada ${hex2(sum)}, escrita ${latin1(bytes, star + 1, star + 3)}): ${quoteBytes(bytes, start, star + 3)}`,
				);
				continue;
			}
			if (commaCount === 0) {
				countUnused(unused, latin1(bytes, start + 1, star));
				continue;
			}
			const comma = commas[0]!;
			commas[commaCount] = star;
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
			// Field k lies between comma k and the next comma (or the `*`).
			const count = commaCount;
			const tod = fieldTime(0);
			if (Number.isNaN(tod)) {
				report.reject(lineNo, `hora ilegível: ${quoteBytes(bytes, commas[0]! + 1, commas[1]!)}`);
				continue;
			}
			if (!epoch.open || epoch.tod !== tod) {
				closeEpoch();
				openEpoch(tod, lineNo);
			}
			if (isRmc) {
				rmcCount++;
				if (count < 9) {
					report.reject(lineNo, `RMC incompleta: ${count} campos, esperados pelo menos 9`);
					continue;
				}
				const status = bytes[commas[1]! + 1];
				if (status !== 65 /* A */) {
					epoch.void = true;
					epoch.voidLine = lineNo;
					continue;
				}
				const lat = coordinate(
					fieldValue(2),
					bytes[commas[3]! + 1]!,
					commas[4]! - commas[3]!,
					78,
					83,
				);
				const lon = coordinate(
					fieldValue(4),
					bytes[commas[5]! + 1]!,
					commas[6]! - commas[5]!,
					69,
					87,
				);
				if (!validPosition(lat, lon)) {
					report.reject(
						lineNo,
						`posição ilegível ou fora do intervalo: ${quoteBytes(bytes, commas[2]! + 1, commas[6]!)}`,
					);
					continue;
				}
				const date =
					fieldDigits[8] === 6 && fieldFraction[8] === -1
						? readDate(fieldMantissa[8]!)
						: Number.NaN;
				takeRmc(lat, lon, fieldValue(6), fieldValue(7), date);
				if (Number.isNaN(date) && commas[9]! > commas[8]! + 1) {
					report.reject(lineNo, `data ilegível: ${quoteBytes(bytes, commas[8]! + 1, commas[9]!)}`);
				}
			} else {
				ggaCount++;
				if (count < 9) {
					report.reject(lineNo, `GGA incompleta: ${count} campos, esperados pelo menos 9`);
					continue;
				}
				const quality = fieldValue(5);
				if (!(quality > 0)) {
					if (!epoch.hasPosition) report.reject(lineNo, "GGA sem fixo (qualidade 0): ignorada");
					continue;
				}
				takeGgaValues(fieldValue(6), fieldValue(8));
				if (!epoch.fromRmc) {
					const lat = coordinate(
						fieldValue(1),
						bytes[commas[2]! + 1]!,
						commas[3]! - commas[2]!,
						78,
						83,
					);
					const lon = coordinate(
						fieldValue(3),
						bytes[commas[4]! + 1]!,
						commas[5]! - commas[4]!,
						69,
						87,
					);
					if (validPosition(lat, lon)) takeGgaPosition(lat, lon);
					else {
						report.reject(
							lineNo,
							`posição ilegível ou fora do intervalo: ${quoteBytes(bytes, commas[1]! + 1, commas[5]!)}`,
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
 * Lines per epoch in the first 64 lines: all of them over those of the sentence type that
 * opens every epoch (RMC, else GGA), at least 1. Sizes the fixes for the file, so that they
 * are handed out without a copy (a log with a GGA every fifth RMC has 1.2 lines per fix).
 */
function linesPerEpoch(bytes: Uint8Array): number {
	let at = 0;
	let lines = 0;
	let rmc = 0;
	let gga = 0;
	while (lines < 64 && at < bytes.length) {
		const lf = bytes.indexOf(10, at);
		if (bytes[at] === 36 && at + 6 < bytes.length) {
			const type = latin1(bytes, at + 3, at + 6);
			if (type === "RMC") rmc++;
			else if (type === "GGA") gga++;
		}
		lines++;
		if (lf < 0) break;
		at = lf + 1;
	}
	const epochs = rmc > 0 ? rmc : gga;
	return epochs > 0 ? Math.max(1, lines / epochs) : 1;
}

function countUnused(unused: Map<string, number>, type: string): void {
	const key = type.length > 2 && /^[A-Z]{5}$/.test(type) ? type.slice(2) : type.slice(0, 12);
	unused.set(key, (unused.get(key) ?? 0) + 1);
}

function hex2(value: number): string {
	return value.toString(16).toUpperCase().padStart(2, "0");
}

/** Fields of a sentence read as numbers (RMC and GGA use the first ten). */
const NUMBER_FIELDS = 12;
/** Each field of the current sentence, as read by the checksum pass. */
const fieldMantissa = new Float64Array(NUMBER_FIELDS);
/** Digits of the field; -1 when it holds something else than a plain decimal. */
const fieldDigits = new Int32Array(NUMBER_FIELDS);
/** Digits after the dot, -1 without a dot. */
const fieldFraction = new Int32Array(NUMBER_FIELDS);
const fieldNegative = new Uint8Array(NUMBER_FIELDS);

function storeField(
	k: number,
	mantissa: number,
	digits: number,
	fraction: number,
	bad: number,
	negative: number,
): void {
	if (k >= NUMBER_FIELDS) return;
	fieldMantissa[k] = mantissa;
	fieldDigits[k] = bad === 0 ? digits : -1;
	fieldFraction[k] = fraction;
	fieldNegative[k] = negative;
}

/** Field `k` as a number; NaN when empty or not a plain decimal of at most 15 digits. */
function fieldValue(k: number): number {
	return plainValue(fieldMantissa[k]!, fieldDigits[k]!, fieldFraction[k]!, fieldNegative[k]!);
}

/** Field `k` as `hhmmss[.sss]`: ms of the day, NaN when not a time. */
function fieldTime(k: number): number {
	return timeOfDayMs(fieldMantissa[k]!, fieldDigits[k]!, fieldFraction[k]!, fieldNegative[k]!);
}
