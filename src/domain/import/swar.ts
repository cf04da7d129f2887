/**
 * Digits read four at a time (SWAR, "SIMD within a register"), shared by the importers' fast
 * readers (csv-numbers.ts, nmea-fast.ts; the gps.six reader, six/gps-line-fast.ts, keeps its
 * own inline copy, and the readers made at run time, row-shape.ts and column-reader.ts, write
 * `nonDigitBytes` and `fourDigits` out as the text of the code they make): a little-endian 32-bit word of the bytes XOR "0000" (0x30303030), so a
 * digit byte becomes its value 0-9. The functions are tiny so V8 inlines them where they are
 * called.
 */

/** XOR this with a word of bytes: digits become 0-9. */
export const ZEROS = 0x30303030;

/**
 * 0x80 in each byte of `x` (a word XOR `ZEROS`) that was not a digit: adding 0x76 sets a
 * byte's top bit above 9, `| x` flags the bytes of 0x80 and more.
 */
export function nonDigitBytes(x: number): number {
	return (((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080;
}

/**
 * The index (0-3) of the first byte flagged (0x80) in `mask`, non-zero: for `nonDigitBytes`,
 * how many digits come before the first non-digit.
 */
export function firstFlagged(mask: number): number {
	return (31 - Math.clz32(mask & -mask)) >>> 3;
}

/** The values of the first and second pairs of digits of `x` (a word XOR `ZEROS`), in bytes 0 and 2. */
export function digitPairs(x: number): number {
	return (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
}

/** The value of the four digits of `x` (a word XOR `ZEROS`, every byte 0-9): pairs, then all. */
export function fourDigits(x: number): number {
	// `digitPairs` written out: a call inside would cost the callers' inlining budget.
	const y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
	return (Math.imul(y, 100) + (y >>> 16)) & 0xffff;
}

/** The value of the first `k` (1-3) digits of `x`: shifted up, the others become leading zeros. */
export function leadingDigits(x: number, k: number): number {
	return fourDigits(x << (32 - (k << 3)));
}

/** Exact powers of ten (each one up to 1e22 is a double exactly). */
export const POW10: readonly number[] = [
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
	1e18, 1e19, 1e20, 1e21, 1e22,
];

/** 10^k for the last k (0-4) digits of a word, as doubles: a mantissa is one. */
export const SCALE4 = new Float64Array([1, 10, 100, 1000, 10000]);
