/**
 * Byte-level primitives shared by the `lap.six` and `gps.six` parsers.
 *
 * Every function reads a half-open range [start, end) of a byte array and never throws.
 * Numbers follow the strict grammar of FORMATS.md: `-?digits(.digits)?` for decimals and
 * `digits` for counters; `NaN`, `Infinity`, hex, exponents, `+`, `.5`, `5.` and empty
 * fields are all invalid.
 */

export const BYTE_LF = 10;
export const BYTE_PIPE = 124;
export const BYTE_COMMA = 44;
const BYTE_DOT = 46;
const BYTE_MINUS = 45;
const BYTE_COLON = 58;
const BYTE_0 = 48;

/** Exact powers of ten: dividing an exact integer by one of them is correctly rounded. */
const POW10 = [
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
	1e18, 1e19, 1e20, 1e21, 1e22,
];

/** Beyond this many digits the mantissa may not be an exact double: fall back to `Number`. */
const MAX_FAST_DIGITS = 15;

/** Space, tab, CR, vertical tab and form feed: trimmed around fields and lines. */
export function isSpaceByte(b: number): boolean {
	return b === 32 || b === 9 || b === 13 || b === 11 || b === 12;
}

export function trimStart(bytes: Uint8Array, start: number, end: number): number {
	while (start < end && isSpaceByte(bytes[start]!)) start++;
	return start;
}

export function trimEnd(bytes: Uint8Array, start: number, end: number): number {
	while (end > start && isSpaceByte(bytes[end - 1]!)) end--;
	return end;
}

/** First index of `byte` in [start, end), or -1. */
export function indexOfByte(bytes: Uint8Array, byte: number, start: number, end: number): number {
	for (let i = start; i < end; i++) if (bytes[i] === byte) return i;
	return -1;
}

/** Length of a UTF-8 byte order mark at the start of the file (0 or 3). */
export function bomLength(bytes: Uint8Array): number {
	return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/**
 * Non-negative integer (`digits`) in the trimmed range; -1 when the text is not one or is
 * above `Number.MAX_SAFE_INTEGER`.
 */
export function parseUnsigned(bytes: Uint8Array, start: number, end: number): number {
	const s = trimStart(bytes, start, end);
	const e = trimEnd(bytes, s, end);
	if (s === e) return -1;
	let value = 0;
	for (let i = s; i < e; i++) {
		const d = bytes[i]! - BYTE_0;
		if (d < 0 || d > 9) return -1;
		// Once the running value passes 2^53 it can never come back below it: rejecting at the
		// end is exact.
		value = value * 10 + d;
	}
	return value <= Number.MAX_SAFE_INTEGER ? value : -1;
}

/** Decimal number (`-?digits(.digits)?`) in the trimmed range; NaN when the text is not one. */
export function parseDecimal(bytes: Uint8Array, start: number, end: number): number {
	let s = trimStart(bytes, start, end);
	const e = trimEnd(bytes, s, end);
	const from = s;
	const negative = s < e && bytes[s] === BYTE_MINUS;
	if (negative) s++;
	let mantissa = 0;
	let i = s;
	for (; i < e; i++) {
		const d = bytes[i]! - BYTE_0;
		if (d < 0 || d > 9) break;
		mantissa = mantissa * 10 + d;
	}
	const intDigits = i - s;
	if (intDigits === 0) return Number.NaN;
	let digits = intDigits;
	let fracDigits = 0;
	if (i < e) {
		if (bytes[i] !== BYTE_DOT) return Number.NaN;
		i++;
		const fracStart = i;
		for (; i < e; i++) {
			const d = bytes[i]! - BYTE_0;
			if (d < 0 || d > 9) return Number.NaN;
			mantissa = mantissa * 10 + d;
		}
		fracDigits = i - fracStart;
		if (fracDigits === 0) return Number.NaN;
		digits += fracDigits;
	}
	if (digits > MAX_FAST_DIGITS) {
		// The grammar is already checked, so `Number` reads exactly what we accepted.
		return Number(asciiText(bytes, from, e));
	}
	// Both operands are exact doubles, so the quotient is the correctly rounded decimal.
	const value = mantissa / POW10[fracDigits]!;
	return negative ? -value : value;
}

/** Two ASCII digits at `at` as a number, or -1. */
function twoDigits(bytes: Uint8Array, at: number): number {
	const a = bytes[at]! - BYTE_0;
	const b = bytes[at + 1]! - BYTE_0;
	if (a < 0 || a > 9 || b < 0 || b > 9) return -1;
	return a * 10 + b;
}

/**
 * UTC time of day in milliseconds from `hhmmss[.d+]` or `hh:mm:ss[.d+]`.
 * NaN for an empty field (the device wrote no time); -1 when the text is malformed.
 */
export function parseTimeOfDay(bytes: Uint8Array, start: number, end: number): number {
	const s = trimStart(bytes, start, end);
	const e = trimEnd(bytes, s, end);
	if (s === e) return Number.NaN;
	const colon = e - s >= 8 && bytes[s + 2] === BYTE_COLON;
	if (colon && bytes[s + 5] !== BYTE_COLON) return -1;
	const step = colon ? 3 : 2;
	if (e - s < (colon ? 8 : 6)) return -1;
	const hh = twoDigits(bytes, s);
	const mm = twoDigits(bytes, s + step);
	const ss = twoDigits(bytes, s + 2 * step);
	if (hh < 0 || mm < 0 || ss < 0 || hh > 23 || mm > 59 || ss > 59) return -1;
	let i = s + 3 * step - (colon ? 1 : 0);
	let fractionMs = 0;
	if (i < e) {
		if (bytes[i] !== BYTE_DOT || i + 1 === e) return -1;
		let digits = 0;
		let mantissa = 0;
		for (i++; i < e; i++) {
			const d = bytes[i]! - BYTE_0;
			if (d < 0 || d > 9) return -1;
			// Digits beyond the 15th are below a femtosecond: ignored, so the mantissa stays exact.
			if (digits < MAX_FAST_DIGITS) {
				mantissa = mantissa * 10 + d;
				digits++;
			}
		}
		fractionMs = timeFractionMs(mantissa, digits);
	}
	return (hh * 3600 + mm * 60 + ss) * 1000 + fractionMs;
}

/**
 * Milliseconds of the decimals `0.<digits>` of a second, given as an integer mantissa: exact
 * for up to 3 decimals (`.25` is 250 ms, not 250.00000000000003), correctly rounded beyond.
 */
export function timeFractionMs(mantissa: number, digits: number): number {
	return digits <= 3 ? mantissa * POW10[3 - digits]! : mantissa / POW10[digits - 3]!;
}

let utf8Decoder: TextDecoder | undefined;

/** Text of the range, UTF-8 (invalid bytes become U+FFFD; never throws). */
export function asciiText(bytes: Uint8Array, start: number, end: number): string {
	if (end - start <= 32) {
		let text = "";
		for (let i = start; i < end; i++) {
			const b = bytes[i]!;
			if (b >= 0x80) return decodeUtf8(bytes, start, end);
			text += String.fromCharCode(b);
		}
		return text;
	}
	return decodeUtf8(bytes, start, end);
}

function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
	utf8Decoder ??= new TextDecoder("utf-8");
	return utf8Decoder.decode(bytes.subarray(start, end));
}

/** Trimmed text of the range. */
export function fieldText(bytes: Uint8Array, start: number, end: number): string {
	const s = trimStart(bytes, start, end);
	return asciiText(bytes, s, trimEnd(bytes, s, end));
}

let utf8Encoder: TextEncoder | undefined;

/** Bytes of the input: strings are encoded once as UTF-8. */
export function toBytes(input: string | Uint8Array): Uint8Array {
	if (typeof input !== "string") return input;
	utf8Encoder ??= new TextEncoder();
	return utf8Encoder.encode(input);
}

/** The largest integer a database `integer` column holds: larger counters are refused. */
export const MAX_STORED_INTEGER = 0x7fffffff;

/** Whether [start, end) holds a NUL byte (text with one cannot be stored). */
export function hasNulByte(bytes: Uint8Array, start: number, end: number): boolean {
	for (let i = start; i < end; i++) if (bytes[i] === 0) return true;
	return false;
}

/** How many leading bytes are looked at to recognise UTF-16 text without a byte order mark. */
const UTF16_SNIFF_BYTES = 64;

/**
 * The reason a file is refused as UTF-16 (FORMATS.md: ASCII/UTF-8 only), or null. Recognised by
 * its byte order mark, or by a NUL in at least half of the leading byte pairs, at the same side.
 */
export function utf16Reason(bytes: Uint8Array): string | null {
	const reason =
		"arquivo em UTF-16: o formato é ASCII/UTF-8; grave o arquivo de novo em UTF-8 e envie outra vez";
	if (bytes.length >= 2) {
		const [a, b] = [bytes[0], bytes[1]];
		if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return reason;
	}
	const n = Math.min(bytes.length, UTF16_SNIFF_BYTES) & ~1;
	if (n < 4) return null;
	let evenNul = 0;
	let oddNul = 0;
	for (let i = 0; i < n; i += 2) {
		if (bytes[i] === 0) evenNul++;
		if (bytes[i + 1] === 0) oddNul++;
	}
	// ASCII/UTF-8 text has no NUL at all; UTF-16 has one in most pairs (all of them for ASCII).
	const pairs = n / 2;
	return evenNul * 2 >= pairs || oddNul * 2 >= pairs ? reason : null;
}
