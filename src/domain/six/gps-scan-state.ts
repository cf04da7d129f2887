import { asciiText, MAX_STORED_INTEGER } from "./scan";

/** What the line readers of `parseGpsFile` share between lines. */
export class GpsScanState {
	/** Lines consumed so far (accepted, rejected or blank). */
	lineNo = 0;
	/** Battery text of the last accepted line, and the byte range it was decoded from. */
	batteryText = "";
	batteryStart = 0;
	batteryEnd = -1;

	/** The battery text for the bytes [start, end): decoded only when they differ from the last. */
	batteryFor(bytes: Uint8Array, start: number, end: number): string {
		const length = end - start;
		if (
			length !== this.batteryEnd - this.batteryStart ||
			!sameBytes(bytes, start, this.batteryStart, length)
		) {
			this.batteryText = asciiText(bytes, start, end);
			this.batteryStart = start;
			this.batteryEnd = end;
		}
		return this.batteryText;
	}
}

/** Whether the `length` bytes at `a` and at `b` are the same. */
export function sameBytes(bytes: Uint8Array, a: number, b: number, length: number): boolean {
	for (let i = 0; i < length; i++) if (bytes[a + i] !== bytes[b + i]) return false;
	return true;
}

/**
 * Index of the last LF the fast reading may end a line at: it reads whole 32-bit words, so
 * it needs 16 bytes after the LF of every line it reads (no word starts more than 12 bytes
 * past that LF). -1 when there is none.
 */
export function lastFastLf(bytes: Uint8Array): number {
	return bytes.length > 16 ? bytes.lastIndexOf(10, bytes.length - 17) : -1;
}

/**
 * Reads `lapCount|flag|battery` at `p` for `readGpsLinesFast`, which reads these fields
 * only when their bytes differ from the line before: lap count and flag into `out[0]` and
 * `out[1]`, the battery text through `state.batteryFor`. Returns the index of the byte that
 * ends the battery (`|` or LF), or -1 when the fields are not in the common shape.
 */
export function readLapFlagBattery(
	bytes: Uint8Array,
	view: DataView,
	p: number,
	state: GpsScanState,
	out: Float64Array,
): number {
	const start = p;
	p = readDigits(view, p, out);
	const lapCount = out[0]!;
	if (p === start || p - start > 15 || bytes[p] !== 124 || lapCount > MAX_STORED_INTEGER) return -1;
	const flag = bytes[p + 1]! - 48;
	if (flag >>> 0 > 1 || bytes[p + 2] !== 124) return -1;
	// The battery: up to `|` or the end of the line (a CR before it is trimmed).
	p += 3;
	const batteryStart = p;
	let b = bytes[p]!;
	while (b > 32 && b !== 124) b = bytes[++p]!;
	const batteryEnd = p;
	if (b === 13) b = bytes[++p]!;
	if (b !== 124 && b !== 10) return -1;
	state.batteryFor(bytes, batteryStart, batteryEnd);
	out[0] = lapCount;
	out[1] = flag;
	return p;
}

/** Reads the digits at `p` four at a time into `out[0]` (exact up to 2^53); returns the end. */
function readDigits(view: DataView, p: number, out: Float64Array): number {
	let value = 0;
	let k = 4;
	while (k === 4) {
		const x = view.getInt32(p, true) ^ 0x30303030;
		const m = ((((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080) >>> 7;
		k = m === 0 ? 4 : (31 - Math.clz32(m & -m)) >>> 3;
		// The k digits moved to the end of the word (k = 0 leaves none).
		const digits = k === 0 ? 0 : x << (32 - (k << 3));
		const y = (Math.imul(digits, 10) + (digits >>> 8)) & 0xff00ff;
		value = value * 10 ** k + ((Math.imul(y, 100) + (y >>> 16)) & 0xffff);
		p += k;
	}
	out[0] = value;
	return p;
}
