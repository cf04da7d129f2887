/**
 * Byte-level reading shared by the importers: numbers read straight from the bytes (no string
 * per field), line and text helpers. Importers read `Uint8Array`s, never decoded text, so a
 * file's size in memory stays its byte size and no regular expression runs per field.
 */
import * as swar from "./swar";

// Bound once: under the tsx loader an imported binding is a getter, called on every use.
/** Exact powers of ten (every one up to 1e22 is a double exactly). */
const POW10 = swar.POW10;

export const LF = 10;
export const CR = 13;
export const TAB = 9;
export const SPACE = 32;
export const QUOTE = 34;
export const COMMA = 44;

/** How the last `readNumber` or `readScaled` went: `numberStatus()`. */
export const NUMBER_OK = 0;
export const NUMBER_EMPTY = 1;
export const NUMBER_INVALID = 2;
const numberState = new Int32Array(1);

/** `NUMBER_OK`, `NUMBER_EMPTY` or `NUMBER_INVALID`, for the last number read. */
export function numberStatus(): number {
	return numberState[0]!;
}

/** Digits a double holds exactly: past this the slow path (`Number`) rounds correctly. */
const MAX_FAST_DIGITS = 15;

function isBlankByte(b: number): boolean {
	return b === SPACE || b === TAB || b === CR;
}

/**
 * The decimal number in `bytes[start, end)`: optional blanks and one pair of double quotes
 * around it, an optional sign, digits with an optional `.` fraction; an exponent goes through
 * `Number`. NaN when the range is empty (`NUMBER_EMPTY`) or not a finite decimal
 * (`NUMBER_INVALID`: `NaN`, `Infinity`, hex, a comma decimal, text).
 *
 * Up to 15 digits the value is the integer mantissa divided by an exact power of ten: one
 * correctly rounded operation, the same double `Number(text)` gives.
 */
export function readNumber(bytes: Uint8Array, start: number, end: number): number {
	let s = start;
	let e = end;
	while (s < e && isBlankByte(bytes[s]!)) s++;
	while (e > s && isBlankByte(bytes[e - 1]!)) e--;
	if (e - s >= 2 && bytes[s] === QUOTE && bytes[e - 1] === QUOTE) {
		s++;
		e--;
	}
	if (s === e) {
		numberState[0] = NUMBER_EMPTY;
		return Number.NaN;
	}
	let p = s;
	let negative = false;
	let c = bytes[p]!;
	if (c === 45) {
		negative = true;
		p++;
	} else if (c === 43) {
		p++;
	}
	let mantissa = 0;
	let digits = 0;
	let fraction = 0;
	while (p < e) {
		c = bytes[p]! - 48;
		if (c >>> 0 > 9) break;
		mantissa = mantissa * 10 + c;
		p++;
		digits++;
	}
	if (p < e && bytes[p] === 46) {
		p++;
		while (p < e) {
			c = bytes[p]! - 48;
			if (c >>> 0 > 9) break;
			mantissa = mantissa * 10 + c;
			p++;
			fraction++;
		}
		digits += fraction;
	}
	if (p !== e || digits === 0 || digits > MAX_FAST_DIGITS) return readNumberSlow(bytes, s, e);
	numberState[0] = NUMBER_OK;
	const value = fraction === 0 ? mantissa : mantissa / POW10[fraction]!;
	return negative ? -value : value;
}

/**
 * Like `readNumber`, the value times 10^`exponent`, exact when the text has no more decimals
 * than `exponent`: `"1767150797.44"` with 3 gives 1767150797440, not 1767150797440.0002.
 * For times in seconds read as milliseconds.
 */
export function readScaled(
	bytes: Uint8Array,
	start: number,
	end: number,
	exponent: number,
): number {
	let s = start;
	let e = end;
	while (s < e && isBlankByte(bytes[s]!)) s++;
	while (e > s && isBlankByte(bytes[e - 1]!)) e--;
	if (e - s >= 2 && bytes[s] === QUOTE && bytes[e - 1] === QUOTE) {
		s++;
		e--;
	}
	if (s === e) {
		numberState[0] = NUMBER_EMPTY;
		return Number.NaN;
	}
	let p = s;
	let negative = false;
	let c = bytes[p]!;
	if (c === 45) {
		negative = true;
		p++;
	} else if (c === 43) {
		p++;
	}
	let mantissa = 0;
	let digits = 0;
	let fraction = 0;
	while (p < e) {
		c = bytes[p]! - 48;
		if (c >>> 0 > 9) break;
		mantissa = mantissa * 10 + c;
		p++;
		digits++;
	}
	if (p < e && bytes[p] === 46) {
		p++;
		while (p < e) {
			c = bytes[p]! - 48;
			if (c >>> 0 > 9) break;
			mantissa = mantissa * 10 + c;
			p++;
			fraction++;
		}
		digits += fraction;
	}
	if (p !== e || digits === 0 || digits > MAX_FAST_DIGITS) {
		const value = readNumberSlow(bytes, s, e);
		return value * POW10[exponent]!;
	}
	numberState[0] = NUMBER_OK;
	const value =
		fraction <= exponent
			? mantissa * POW10[exponent - fraction]!
			: mantissa / POW10[fraction - exponent]!;
	return negative ? -value : value;
}

/** Exponent forms and long mantissas: only `[+-]digits[.digits][eE[+-]digits]` is a number. */
function readNumberSlow(bytes: Uint8Array, s: number, e: number): number {
	let p = s;
	if (bytes[p] === 43 || bytes[p] === 45) p++;
	let mantissaDigits = 0;
	while (p < e && bytes[p]! >= 48 && bytes[p]! <= 57) {
		p++;
		mantissaDigits++;
	}
	if (p < e && bytes[p] === 46) {
		p++;
		while (p < e && bytes[p]! >= 48 && bytes[p]! <= 57) {
			p++;
			mantissaDigits++;
		}
	}
	if (mantissaDigits > 0 && p < e && (bytes[p] === 101 || bytes[p] === 69)) {
		p++;
		if (p < e && (bytes[p] === 43 || bytes[p] === 45)) p++;
		const exponentStart = p;
		while (p < e && bytes[p]! >= 48 && bytes[p]! <= 57) p++;
		if (p === exponentStart) p = -1;
	}
	if (p !== e || mantissaDigits === 0 || e - s > 64) {
		numberState[0] = NUMBER_INVALID;
		return Number.NaN;
	}
	const value = Number(latin1(bytes, s, e));
	if (!Number.isFinite(value)) {
		numberState[0] = NUMBER_INVALID;
		return Number.NaN;
	}
	numberState[0] = NUMBER_OK;
	return value;
}

/** The bytes as Latin-1 text (one character per byte): for short ASCII pieces. */
export function latin1(bytes: Uint8Array, start: number, end: number): string {
	let text = "";
	for (let at = start; at < end; at += 4096) {
		const stop = Math.min(end, at + 4096);
		text += String.fromCharCode.apply(null, bytes.subarray(at, stop) as unknown as number[]);
	}
	return text;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes as text: UTF-8 when they are valid UTF-8, else Latin-1 (older Windows exports). */
export function decodeText(bytes: Uint8Array, start: number, end: number): string {
	try {
		return utf8.decode(bytes.subarray(start, end));
	} catch {
		return latin1(bytes, start, end);
	}
}

/** Index of the first byte of `bytes[start, end)` that is not a blank (space, tab, CR). */
export function skipBlanks(bytes: Uint8Array, start: number, end: number): number {
	let p = start;
	while (p < end && isBlankByte(bytes[p]!)) p++;
	return p;
}

/** End of `bytes[start, end)` without trailing blanks (space, tab, CR). */
export function trimEnd(bytes: Uint8Array, start: number, end: number): number {
	let e = end;
	while (e > start && isBlankByte(bytes[e - 1]!)) e--;
	return e;
}

/** End of the line that starts at `pos`: the index of its LF, or `bytes.length`. */
export function lineEndOf(bytes: Uint8Array, pos: number): number {
	const at = bytes.indexOf(LF, pos);
	return at < 0 ? bytes.length : at;
}

/** The offending text in quotes, shortened so a huge garbage line cannot flood a report. */
export function quote(text: string, max = 40): string {
	const shown = text.length > max ? `${text.slice(0, max)}…` : text;
	return `"${shown}"`;
}

/** `quote` of the bytes of a field. */
export function quoteBytes(bytes: Uint8Array, start: number, end: number, max = 40): string {
	const stop = Math.min(end, start + max * 4);
	return quote(decodeText(bytes, start, stop) + (stop < end ? "…" : ""), max);
}

/** Formats a number for a report in pt-BR style (decimal comma), `digits` decimals at most. */
export function formatNumber(value: number, digits = 3): string {
	return Number(value.toFixed(digits)).toLocaleString("pt-BR", { maximumFractionDigits: digits });
}
