import type { GpsColumnsBuilder } from "./gps-columns";
import { type GpsScanState, readLapFlagBattery } from "./gps-scan-state";

/**
 * One-pass reader of `gps.six` lines in their common shape: the hot path of `parseGpsFile`.
 *
 * One function reads line after line with no call per line or field and the columns in
 * locals. Digits are read four at a time: a little-endian 32-bit word minus "0000" is checked
 * and converted with a few integer operations (SWAR), a quarter of the work of a byte loop.
 * Numbers are literals: V8 reloads and rechecks a module constant on every use.
 *
 * It is stricter than FORMATS.md: a shape it does not recognise (a `hh:mm:ss` time, more
 * than 15 digits, a sign where none can be, an empty field, spaces, a value out of range)
 * stops it before that line, which `readGpsLineByRanges`, the reference reading, then reads.
 * What it accepts has the reference's values: an exact integer mantissa divided by an exact
 * power of ten, time decimals as in `timeFractionMs`.
 */

/** Exact powers of ten up to 1e15 (the most digits read here). */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** 10^k for the last k digits of a run, as int32 so a short number stays int32. */
const SCALE4 = new Int32Array([1, 10, 100, 1000, 10000]);

/** Scratch for `readLapFlagBattery`. */
const digitsOut = new Float64Array(2);

/**
 * Reads lines from `pos` into the columns (counting them) while they have the common shape,
 * end at or before `lastLf` (see `lastFastLf`: every digit run stops at the LF, so no word
 * starts far past it) and at most `maxRows` fit. Returns the index of the first line not
 * read: the caller grows the columns or reads that line with the reference reading, then
 * calls again. The old 7-field variant stores NaN as roll, lean and distance.
 */
export function readGpsLinesFast(
	bytes: Uint8Array,
	view: DataView,
	pos: number,
	lastLf: number,
	cols: GpsColumnsBuilder,
	state: GpsScanState,
	maxRows: number,
): number {
	const lat = cols.lat;
	const lon = cols.lon;
	const speed = cols.speedKmh;
	const satellites = cols.satellites;
	const time = cols.timeOfDayMs;
	const lapCount = cols.lapCount;
	const flag = cols.timingFlag;
	const roll = cols.roll;
	const lean = cols.filteredLean;
	const distance = cols.distanceM;
	const lineCol = cols.line;
	const pow10 = POW10;
	const scale4 = SCALE4;
	const capacity = Math.min(cols.capacity, cols.length + maxRows);
	let row = cols.length;
	let lineNo = state.lineNo;
	let batteryText = state.batteryText;
	let lineStart = pos;

	// Scratch: `x` a word minus "0000"; `m` its bytes that are not digits, bit 8i for byte i
	// (adding 0x76 to a byte sets its top bit above 9, `| x` flags bytes of 0x80 and more);
	// `k` the digits before the first such byte, `b` that byte minus "0" (`.` 0x1e, `,` 0x1c,
	// `|` 0x4c); `y` a word half converted (pairs of digits); `mant` the digits of a number;
	// `dot` where its `.` is (-1: none).
	let p = 0;
	let x = 0;
	let m = 0;
	let k = 0;
	let y = 0;
	let b = 0;
	let s = 0;
	let mant = 0;
	let dot = 0;
	let sign = 0;
	let value = 0;
	// The lap count, flag and battery bytes of the last line that read them, and their values.
	let segStart = 0;
	let segLength = 0;
	let segLap = 0;
	let segFlag = 0;

	while (row < capacity && lineStart <= lastLf) {
		p = lineStart;

		// latitude
		sign = ((bytes[p]! ^ 45) - 1) >>> 31;
		p += sign;
		s = p;
		dot = -1;
		mant = 0;
		for (;;) {
			x = view.getInt32(p, true) ^ 0x30303030;
			m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
			if (m === 0) {
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * 10000 + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += 4;
				continue;
			}
			k = (31 - Math.clz32(m & -m)) >>> 3;
			b = (x >>> (k << 3)) & 0xff;
			if (k !== 0) {
				x <<= 32 - (k << 3);
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * scale4[k]! + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += k;
			}
			if (dot >= 0 || b !== 0x1e) break;
			dot = p++;
		}
		// Digits before the dot and, with a dot, after it; at most 15 in all.
		k = dot < 0 ? 0 : p - dot - 1;
		if ((dot < 0 ? p : dot) === s || (dot >= 0 && k === 0) || p - s > (dot < 0 ? 15 : 16)) break;
		if (b !== 0x1c) break;
		p++;
		value = mant / pow10[k]!;
		if (sign !== 0) value = -value;
		if (value > 90 || value < -90) break;
		lat[row] = value;

		// longitude
		sign = ((bytes[p]! ^ 45) - 1) >>> 31;
		p += sign;
		s = p;
		dot = -1;
		mant = 0;
		for (;;) {
			x = view.getInt32(p, true) ^ 0x30303030;
			m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
			if (m === 0) {
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * 10000 + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += 4;
				continue;
			}
			k = (31 - Math.clz32(m & -m)) >>> 3;
			b = (x >>> (k << 3)) & 0xff;
			if (k !== 0) {
				x <<= 32 - (k << 3);
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * scale4[k]! + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += k;
			}
			if (dot >= 0 || b !== 0x1e) break;
			dot = p++;
		}
		// Digits before the dot and, with a dot, after it; at most 15 in all.
		k = dot < 0 ? 0 : p - dot - 1;
		if ((dot < 0 ? p : dot) === s || (dot >= 0 && k === 0) || p - s > (dot < 0 ? 15 : 16)) break;
		if (b !== 0x4c) break;
		p++;
		value = mant / pow10[k]!;
		if (sign !== 0) value = -value;
		if (value > 180 || value < -180) break;
		// 0,0 is "no fix": rejected by the reference reading.
		if (value === 0 && lat[row] === 0) break;
		lon[row] = value;

		// speed (a sign goes to the reference reading: `-0` is valid, `-1` is not)
		s = p;
		dot = -1;
		mant = 0;
		for (;;) {
			x = view.getInt32(p, true) ^ 0x30303030;
			m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
			if (m === 0) {
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * 10000 + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += 4;
				continue;
			}
			k = (31 - Math.clz32(m & -m)) >>> 3;
			b = (x >>> (k << 3)) & 0xff;
			if (k !== 0) {
				x <<= 32 - (k << 3);
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * scale4[k]! + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += k;
			}
			if (dot >= 0 || b !== 0x1e) break;
			dot = p++;
		}
		// Digits before the dot and, with a dot, after it; at most 15 in all.
		k = dot < 0 ? 0 : p - dot - 1;
		if ((dot < 0 ? p : dot) === s || (dot >= 0 && k === 0) || p - s > (dot < 0 ? 15 : 16)) break;
		if (b !== 0x4c) break;
		p++;
		value = mant / pow10[k]!;
		speed[row] = value;

		// satellites
		s = p;
		mant = 0;
		for (;;) {
			x = view.getInt32(p, true) ^ 0x30303030;
			m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
			if (m !== 0) break;
			y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
			mant = mant * 10000 + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
			p += 4;
		}
		k = (31 - Math.clz32(m & -m)) >>> 3;
		b = (x >>> (k << 3)) & 0xff;
		if (k !== 0) {
			x <<= 32 - (k << 3);
			y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
			mant = mant * scale4[k]! + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
			p += k;
		}
		if (p === s || p - s > 15) break;
		if (b !== 0x4c) break;
		p++;
		if (mant > 0xffff) break;
		satellites[row] = mant;

		// time hhmmss(.d+)?
		x = view.getInt32(p, true) ^ 0x30303030;
		if (((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) !== 0) break;
		y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
		b = bytes[p + 4]! - 48;
		s = bytes[p + 5]! - 48;
		if (b >>> 0 > 9 || s >>> 0 > 9) break;
		s += b * 10;
		if ((y & 0xff) > 23 || y >>> 16 > 59 || s > 59) break;
		value = ((y & 0xff) * 3600 + (y >>> 16) * 60 + s) * 1000;
		p += 6;
		b = bytes[p]!;
		if (b === 46) {
			s = ++p;
			mant = 0;
			for (;;) {
				x = view.getInt32(p, true) ^ 0x30303030;
				m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
				if (m !== 0) break;
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * 10000 + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += 4;
			}
			k = (31 - Math.clz32(m & -m)) >>> 3;
			b = ((x >>> (k << 3)) & 0xff) ^ 0x30;
			if (k !== 0) {
				x <<= 32 - (k << 3);
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * scale4[k]! + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += k;
			}
			k = p - s;
			if (k === 0 || k > 15) break;
			value += k <= 3 ? mant * pow10[3 - k]! : mant / pow10[k - 3]!;
		}
		if (b !== 124) break;
		p++;
		time[row] = value;

		// lap count, timing flag and battery: most lines repeat the bytes of the line before
		// here (up to 16, compared as words, the last one overlapping the others)
		k = segLength;
		if (
			k !== 0 &&
			view.getInt32(p, true) === view.getInt32(segStart, true) &&
			view.getInt32(p + k - 4, true) === view.getInt32(segStart + k - 4, true) &&
			(k <= 8 || view.getInt32(p + 4, true) === view.getInt32(segStart + 4, true)) &&
			(k <= 12 || view.getInt32(p + 8, true) === view.getInt32(segStart + 8, true))
		) {
			lapCount[row] = segLap;
			flag[row] = segFlag;
			p += k - 1;
			b = 124;
		} else {
			segStart = p;
			p = readLapFlagBattery(bytes, view, p, state, digitsOut);
			if (p < 0) break;
			segLap = digitsOut[0]!;
			segFlag = digitsOut[1]!;
			lapCount[row] = segLap;
			flag[row] = segFlag;
			batteryText = state.batteryText;
			b = bytes[p]!;
			segLength = b === 124 && p + 1 - segStart <= 16 ? p + 1 - segStart : 0;
		}
		if (b === 10) {
			roll[row] = Number.NaN;
			lean[row] = Number.NaN;
			distance[row] = Number.NaN;
		} else {
			p++;

			// roll
			sign = ((bytes[p]! ^ 45) - 1) >>> 31;
			p += sign;
			s = p;
			dot = -1;
			mant = 0;
			for (;;) {
				x = view.getInt32(p, true) ^ 0x30303030;
				m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
				if (m === 0) {
					y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
					mant = mant * 10000 + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
					p += 4;
					continue;
				}
				k = (31 - Math.clz32(m & -m)) >>> 3;
				b = (x >>> (k << 3)) & 0xff;
				if (k !== 0) {
					x <<= 32 - (k << 3);
					y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
					mant = mant * scale4[k]! + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
					p += k;
				}
				if (dot >= 0 || b !== 0x1e) break;
				dot = p++;
			}
			// Digits before the dot and, with a dot, after it; at most 15 in all.
			k = dot < 0 ? 0 : p - dot - 1;
			if ((dot < 0 ? p : dot) === s || (dot >= 0 && k === 0) || p - s > (dot < 0 ? 15 : 16)) break;
			if (b !== 0x4c) break;
			p++;
			value = mant / pow10[k]!;
			if (sign !== 0) value = -value;
			roll[row] = value;

			// filtered lean
			sign = ((bytes[p]! ^ 45) - 1) >>> 31;
			p += sign;
			s = p;
			dot = -1;
			mant = 0;
			for (;;) {
				x = view.getInt32(p, true) ^ 0x30303030;
				m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
				if (m === 0) {
					y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
					mant = mant * 10000 + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
					p += 4;
					continue;
				}
				k = (31 - Math.clz32(m & -m)) >>> 3;
				b = (x >>> (k << 3)) & 0xff;
				if (k !== 0) {
					x <<= 32 - (k << 3);
					y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
					mant = mant * scale4[k]! + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
					p += k;
				}
				if (dot >= 0 || b !== 0x1e) break;
				dot = p++;
			}
			// Digits before the dot and, with a dot, after it; at most 15 in all.
			k = dot < 0 ? 0 : p - dot - 1;
			if ((dot < 0 ? p : dot) === s || (dot >= 0 && k === 0) || p - s > (dot < 0 ? 15 : 16)) break;
			if (b !== 0x4c) break;
			p++;
			value = mant / pow10[k]!;
			if (sign !== 0) value = -value;
			lean[row] = value;

			// distance
			s = p;
			mant = 0;
			for (;;) {
				x = view.getInt32(p, true) ^ 0x30303030;
				m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
				if (m !== 0) break;
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * 10000 + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += 4;
			}
			k = (31 - Math.clz32(m & -m)) >>> 3;
			b = (x >>> (k << 3)) & 0xff;
			if (k !== 0) {
				x <<= 32 - (k << 3);
				y = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
				mant = mant * scale4[k]! + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
				p += k;
			}
			if (p === s || p - s > 15) break;
			b = bytes[p]!;
			if (b === 13) b = bytes[++p]!;
			if (b !== 10) break;
			distance[row] = mant;
		}

		lineStart = p + 1;
		lineNo++;
		lineCol[row] = lineNo;
		if (batteryText !== cols.batteryText) cols.startBatteryRun(row, batteryText);
		row++;
	}

	cols.length = row;
	state.lineNo = lineNo;
	return lineStart;
}
