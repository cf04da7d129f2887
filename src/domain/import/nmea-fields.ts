/**
 * The values of NMEA fields, from the numbers the readers take out of the bytes: one
 * definition for the general reading (nmea.ts) and the fast one (nmea-fast.ts), so both give
 * the same value for the same field.
 */
import * as swar from "./swar";

// Bound once: under the tsx loader an imported binding is a getter, called on every use.
const POW10 = swar.POW10;

/**
 * A field read as `[-]digits[.digits]`: `digits` its digit count (0 or less: empty or not a
 * plain decimal), `fraction` the digits after the dot (-1: no dot). NaN past 15 digits.
 */
export function plainValue(
	mantissa: number,
	digits: number,
	fraction: number,
	negative: number,
): number {
	if (digits <= 0 || digits > 15) return Number.NaN;
	const value = fraction <= 0 ? mantissa : mantissa / POW10[fraction]!;
	return negative !== 0 ? -value : value;
}

/** A field as `hhmmss[.sss]` (read as `plainValue` does): ms of the day, NaN when not a time. */
export function timeOfDayMs(
	mantissa: number,
	digits: number,
	fraction: number,
	negative: number,
): number {
	if (digits <= 0 || digits > 15 || negative !== 0) return Number.NaN;
	const packed =
		fraction <= 0
			? mantissa * 1000
			: fraction <= 3
				? mantissa * POW10[3 - fraction]!
				: Math.round(mantissa / POW10[fraction - 3]!);
	let hours: number;
	let minutes: number;
	let secondsMs: number;
	if ((packed | 0) === packed) {
		// Whole ms (nearly every time): integer division, no floating modulo; the same values.
		const hhmm = (packed / 100_000) | 0;
		hours = (hhmm / 100) | 0;
		minutes = hhmm - hours * 100;
		secondsMs = packed - hhmm * 100_000;
	} else {
		hours = Math.floor(packed / 10_000_000);
		minutes = Math.floor(packed / 100_000) % 100;
		secondsMs = packed % 100_000;
	}
	if (hours > 23 || minutes > 59 || secondsMs >= 61_000) return Number.NaN;
	return hours * 3_600_000 + minutes * 60_000 + secondsMs;
}

/** The last `ddmmyy` read (as a number) and its value. */
const lastDate = new Float64Array([-1, Number.NaN]);

/** `ddmmyy` (as its number) as the UTC midnight of that day (years 80-99 are 19xx), or NaN. */
export function readDate(v: number): number {
	// Every sentence of a day repeats its date: the last one read is kept.
	if (v === lastDate[0]) return lastDate[1]!;
	const day = Math.floor(v / 10_000);
	const month = Math.floor(v / 100) % 100;
	const yy = v % 100;
	let result = Number.NaN;
	if (day >= 1 && day <= 31 && month >= 1 && month <= 12) {
		const year = yy >= 80 ? 1900 + yy : 2000 + yy;
		const ms = Date.UTC(year, month - 1, day);
		if (new Date(ms).getUTCDate() === day) result = ms;
	}
	lastDate[0] = v;
	lastDate[1] = result;
	return result;
}

/**
 * `dddmm.mmmm` (read as a number) with its one-letter hemisphere field (`positive` or
 * `negative`; `hemisphereWidth` the field's width plus its comma) as signed degrees.
 */
export function coordinate(
	value: number,
	hemisphere: number,
	hemisphereWidth: number,
	positive: number,
	negative: number,
): number {
	if (!(value >= 0) || hemisphereWidth !== 2) return Number.NaN;
	const degrees = Math.floor(value / 100);
	const minutes = value - degrees * 100;
	if (minutes >= 60) return Number.NaN;
	const result = degrees + minutes / 60;
	if (hemisphere === positive) return result;
	if (hemisphere === negative) return -result;
	return Number.NaN;
}

export function validPosition(lat: number, lon: number): boolean {
	return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180 && !(lat === 0 && lon === 0);
}

/**
 * The checksum of `bytes[from, to)`: their XOR, four bytes at a time (sixteen per turn, fewer
 * turns for a sentence of 60-80 bytes), folded to one byte.
 */
export function xorOf(bytes: Uint8Array, view: DataView, from: number, to: number): number {
	let q = from;
	let words = 0;
	for (; q + 16 <= to; q += 16) {
		words ^=
			view.getInt32(q, true) ^
			view.getInt32(q + 4, true) ^
			view.getInt32(q + 8, true) ^
			view.getInt32(q + 12, true);
	}
	if (q + 8 <= to) {
		words ^= view.getInt32(q, true) ^ view.getInt32(q + 4, true);
		q += 8;
	}
	if (q + 4 <= to) {
		words ^= view.getInt32(q, true);
		q += 4;
	}
	let sum = (words ^ (words >>> 8) ^ (words >>> 16) ^ (words >>> 24)) & 0xff;
	for (; q < to; q++) sum ^= bytes[q]!;
	return sum;
}

/** Each byte's value as a hex digit; a large negative number for any other byte. */
export const HEX = new Int16Array(256).fill(-1000);
for (let b = 0; b < 10; b++) HEX[48 + b] = b;
for (let b = 0; b < 6; b++) {
	HEX[65 + b] = 10 + b;
	HEX[97 + b] = 10 + b;
}

/** A hex digit's value; a large negative number for any other byte. */
export function hexValue(b: number): number {
	return HEX[b]!;
}
