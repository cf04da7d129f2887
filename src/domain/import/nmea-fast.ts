import * as fields from "./nmea-fields";
import * as swar from "./swar";

// Bound once: under the tsx loader an imported binding is a getter, called on every use.
const nonDigitBytes = swar.nonDigitBytes;
const firstFlagged = swar.firstFlagged;
const fourDigits = swar.fourDigits;
const leadingDigits = swar.leadingDigits;
const digitPairs = swar.digitPairs;
const POW10 = swar.POW10;
const SCALE4 = swar.SCALE4;
const plainValue = fields.plainValue;
const timeOfDayMs = fields.timeOfDayMs;
const readDate = fields.readDate;
const coordinate = fields.coordinate;
const validPosition = fields.validPosition;
const xorOf = fields.xorOf;
const HEX = fields.HEX;

export const FAST_RMC = 1;
export const FAST_GGA = 2;

/** What the last `readSentenceFast` that returned a position read. */
export const fastSentence = {
	kind: 0,
	tod: 0,
	lat: 0,
	lon: 0,
	/** RMC */
	speedKnots: 0,
	headingDeg: 0,
	dateMs: 0,
	/** GGA */
	satellites: 0,
	altitudeM: 0,
};

/** "RMC," and "GGA," as little-endian words. */
const RMC_COMMA = 0x2c434d52;
const GGA_COMMA = 0x2c414747;

/** The fields both sentences have up to the last one read (RMC: the date; GGA: altitude). */
const FIELDS = 9;
/** Each field as `readField` read it (after an optional `-`), or its one capital letter. */
const fieldMantissas = new Float64Array(FIELDS);
const fieldDigits = new Int32Array(FIELDS);
const fieldFractions = new Int32Array(FIELDS);
const fieldNegatives = new Uint8Array(FIELDS);
const fieldLetters = new Uint8Array(FIELDS);
/** Where each field starts. */
const fieldStarts = new Int32Array(FIELDS + 1);

/**
 * Reads `digits[.digits]` from `at` as field `field`: its digits as one integer, their count,
 * those after the dot (-1: no dot), into the field tables; returns the
 * index of the byte that stopped it: not a digit, a second dot, or the 17th digit (more than
 * a double holds exactly; the caller then leaves the line to the general reading). Words
 * only: 24 bytes from `at` must be readable.
 */
function readField(view: DataView, at: number, field: number): number {
	let p = at;
	let mantissa = 0;
	let digits = 0;
	let fraction = -1;
	let x = 0;
	let m = 0;
	let k = 0;
	for (;;) {
		// "0000" as a literal: a module constant is reloaded on every use.
		x = view.getInt32(p, true) ^ 0x30303030;
		m = nonDigitBytes(x);
		if (m === 0) {
			if (digits > 12) break;
			mantissa = mantissa * 10000 + fourDigits(x);
			p += 4;
			digits += 4;
			continue;
		}
		k = firstFlagged(m);
		if (k !== 0) {
			mantissa = mantissa * SCALE4[k]! + leadingDigits(x, k);
			p += k;
			digits += k;
		}
		// The byte that stopped the digits, XOR "0": a dot is 0x1e.
		if (fraction >= 0 || ((x >>> (k << 3)) & 0xff) !== 0x1e) break;
		fraction = digits;
		p++;
	}
	fieldMantissas[field] = mantissa;
	fieldDigits[field] = digits;
	fieldFractions[field] = fraction < 0 ? -1 : digits - fraction;
	return p;
}

/** Bytes from a line's start the fast reading may read (nine fields of at most 24). */
const REACH = 256;

/**
 * The hot path of `importNmea`: one line that is exactly one RMC or GGA sentence of the common
 * shape, every field it uses plain, its checksum right and its fix valid (`$`, a talker of two
 * capital letters, nine fields of digits or one capital letter, `*hh`, then LF, CRLF or the
 * end of the file). Returns the index after the line and fills `fastSentence`, or -1 for
 * anything else, which the general reading then reads (and reports) byte by byte. Whatever it
 * accepts, the general reading gives the same values and no report for: the values come from
 * the same functions (nmea-fields.ts). `bytes[pos]` is a `$`; `safe` is `bytes.length - 4`: a
 * line that starts within `REACH` of it is left to the general reading.
 */
export function readSentenceFast(
	bytes: Uint8Array,
	view: DataView,
	pos: number,
	safe: number,
): number {
	if (pos + REACH > safe) return -1;
	if ((bytes[pos + 1]! - 65) >>> 0 > 25 || (bytes[pos + 2]! - 65) >>> 0 > 25) return -1;
	const type = view.getInt32(pos + 3, true);
	const rmc = type === RMC_COMMA;
	if (!rmc && type !== GGA_COMMA) return -1;

	// The fields, one loop (one place that reads digits, so V8 inlines it once). Module
	// constants and tables in locals: V8 reloads a module binding on every use.
	const fields = FIELDS;
	const starts = fieldStarts;
	const negatives = fieldNegatives;
	const letters = fieldLetters;
	let p = pos + 7;
	let b = 0;
	const mantissas = fieldMantissas;
	const digitCounts = fieldDigits;
	const fractions = fieldFractions;
	for (let k = 0; k < fields; k++) {
		starts[k] = p;
		b = bytes[p]!;
		let negative = 0;
		let letter = 0;
		if (b >= 65 && b <= 90) {
			// One capital letter (status, hemisphere) and nothing else: no digits to read.
			letter = b;
			b = bytes[++p]!;
			if (b !== 44 && b !== 42) return -1;
			mantissas[k] = 0;
			digitCounts[k] = 0;
			fractions[k] = -1;
		} else {
			negative = b === 45 /* - */ ? 1 : 0;
			p = readField(view, p + negative, k);
			b = bytes[p]!;
			// A letter after a sign or digits: the general reading.
			if (b !== 44 && b !== 42) return -1;
		}
		negatives[k] = negative;
		letters[k] = letter;
		// Fewer fields than the sentence needs: the general reading reports it.
		if (b === 42 && k < fields - 1) return -1;
		p++;
	}
	starts[fields] = p - 1;
	// The fields not read, up to the `*`; another sentence (`$`) or the line's end before it
	// goes to the general reading.
	if (b !== 42) {
		for (;;) {
			if (p <= safe) {
				// Four bytes at a time to the first below "+" (`*`, `$`, LF, CR are; the lowest
				// flag is exact).
				const x = view.getInt32(p, true);
				const m = (x - 0x2b2b2b2b) & ~x & 0x80808080;
				if (m === 0) {
					p += 4;
					continue;
				}
				p += firstFlagged(m);
			}
			b = bytes[p]!;
			if (b === 42) break;
			if (b === 36 || b === 10 || b === 13 || p >= bytes.length) return -1;
			p++;
		}
	} else p--;
	const star = p;
	const written = HEX[bytes[star + 1]!]! * 16 + HEX[bytes[star + 2]!]!;
	if (written !== xorOf(bytes, view, pos + 1, star)) return -1;
	const after = bytes[star + 3];
	let next = -1;
	if (after === 10) next = star + 4;
	else if (after === 13 && bytes[star + 4] === 10) next = star + 5;
	else if (star + 3 === bytes.length) next = star + 3;
	else return -1;

	return sentenceValues(bytes, view, pos, rmc) ? next : -1;
}

/**
 * The values of the sentence at `pos` (its fields read by `readSentenceFast`) into
 * `fastSentence`; false for a sentence the general reading must read (and report). A function
 * of its own: V8 inlines the small field functions into each half within its budget.
 */
function sentenceValues(bytes: Uint8Array, view: DataView, pos: number, rmc: boolean): boolean {
	const starts = fieldStarts;
	const mantissas = fieldMantissas;
	const digitCounts = fieldDigits;
	const fractions = fieldFractions;
	const negatives = fieldNegatives;
	const letters = fieldLetters;
	const out = fastSentence;
	// The time: `hhmmss` and up to 3 decimals from its bytes, with no division (the value
	// timeOfDayMs gives); any other shape through timeOfDayMs.
	const decimals = fractions[0]!;
	if (digitCounts[0]! - (decimals < 0 ? 0 : decimals) === 6 && decimals <= 3) {
		const hhmm = digitPairs(view.getInt32(pos + 7, true) ^ 0x30303030);
		const hours = hhmm & 0xff;
		const minutes = hhmm >>> 16;
		const ms =
			((bytes[pos + 11]! - 48) * 10 + bytes[pos + 12]! - 48) * 1000 +
			(decimals > 0
				? leadingDigits(view.getInt32(pos + 14, true) ^ 0x30303030, decimals) * POW10[3 - decimals]!
				: 0);
		if (hours > 23 || minutes > 59 || ms >= 61_000) return false;
		out.tod = hours * 3_600_000 + minutes * 60_000 + ms;
	} else {
		out.tod = timeOfDayMs(mantissas[0]!, digitCounts[0]!, fractions[0]!, negatives[0]!);
		if (Number.isNaN(out.tod)) return false;
	}
	// RMC: time, status, lat, N/S, lon, E/W, speed, course, date; GGA: time, lat, N/S, lon,
	// E/W, quality, satellites, HDOP, altitude.
	const at = rmc ? 2 : 1;
	out.lat = coordinate(
		plainValue(mantissas[at]!, digitCounts[at]!, fractions[at]!, negatives[at]!),
		letters[at + 1]!,
		2,
		78,
		83,
	);
	out.lon = coordinate(
		plainValue(mantissas[at + 2]!, digitCounts[at + 2]!, fractions[at + 2]!, negatives[at + 2]!),
		letters[at + 3]!,
		2,
		69,
		87,
	);
	if (!validPosition(out.lat, out.lon)) return false;
	if (rmc) {
		// Status A (a valid fix); V goes to the general reading, which reports it.
		if (letters[1] !== 65) return false;
		out.speedKnots = plainValue(mantissas[6]!, digitCounts[6]!, fractions[6]!, negatives[6]!);
		out.headingDeg = plainValue(mantissas[7]!, digitCounts[7]!, fractions[7]!, negatives[7]!);
		// ddmmyy, or nothing; any other date goes to the general reading, which reports it.
		let date = Number.NaN;
		if (digitCounts[8] === 6 && fractions[8] === -1 && negatives[8] === 0) {
			date = readDate(mantissas[8]!);
			if (Number.isNaN(date)) return false;
		} else if (starts[9] !== starts[8]) return false;
		out.dateMs = date;
		out.kind = FAST_RMC;
	} else {
		// A fix quality of 0 (no fix) goes to the general reading, which reports it.
		if (!(plainValue(mantissas[5]!, digitCounts[5]!, fractions[5]!, negatives[5]!) > 0))
			return false;
		out.satellites = plainValue(mantissas[6]!, digitCounts[6]!, fractions[6]!, negatives[6]!);
		out.altitudeM = plainValue(mantissas[8]!, digitCounts[8]!, fractions[8]!, negatives[8]!);
		out.kind = FAST_GGA;
	}
	return true;
}
