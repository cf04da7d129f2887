/**
 * Digits read four at a time (SWAR, "SIMD within a register"), shared by the importers' fast
 * readers (csv-numbers.ts, nmea-fast.ts; the gps.six reader in
 * six/gps-line-fast.ts keeps its own inline copy): a little-endian 32-bit word of the bytes,
 * XOR "0000" (0x30303030), so a digit byte becomes its value 0-9. The functions are tiny so
 * V8 inlines them where they are called.
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

/** How many digits come before the first non-digit flagged in `mask` (non-zero): 0-3. */
export function digitsBefore(mask: number): number {
	return (31 - Math.clz32(mask & -mask)) >>> 3;
}

/** The value of the four digits of `x` (a word XOR `ZEROS`, every byte 0-9): pairs, then all. */
export function fourDigits(x: number): number {
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

/** What the last `readDecimal` read: all its digits as one integer, their count, the count after the dot (-1: no dot). */
export const decimal = { mantissa: 0, digits: 0, fraction: -1 };

/**
 * Reads `digits[.digits]` from `p` into `decimal` and returns the index of the byte that
 * stopped it (a second dot stops it too). Words while `p <= safe` (four bytes readable from
 * there), then a byte at a time. Past 15 digits the mantissa is no longer exact: callers check
 * `decimal.digits`.
 */
export function readDecimal(bytes: Uint8Array, view: DataView, at: number, safe: number): number {
	let p = at;
	let mantissa = 0;
	let digits = 0;
	let fraction = -1;
	let x = 0;
	let m = 0;
	let k = 0;
	for (;;) {
		if (p <= safe) {
			x = view.getInt32(p, true) ^ ZEROS;
			m = nonDigitBytes(x);
			if (m === 0) {
				mantissa = mantissa * 10000 + fourDigits(x);
				p += 4;
				digits += 4;
				continue;
			}
			k = digitsBefore(m);
			if (k !== 0) {
				mantissa = mantissa * SCALE4[k]! + leadingDigits(x, k);
				p += k;
				digits += k;
			}
		} else {
			const d = p < bytes.length ? bytes[p]! - 48 : -1;
			if (d >>> 0 <= 9) {
				mantissa = mantissa * 10 + d;
				p++;
				digits++;
				continue;
			}
		}
		if (fraction >= 0 || bytes[p] !== 46 /* . */) break;
		fraction = digits;
		p++;
	}
	decimal.mantissa = mantissa;
	decimal.digits = digits;
	decimal.fraction = fraction < 0 ? -1 : digits - fraction;
	return p;
}
