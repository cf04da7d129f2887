/**
 * Comma-separated rows read by a function made for the file's columns: the general loop of
 * `CsvNumberReader.readLine` unrolled, one block of code per column up to the last one read,
 * each a skip or a number read into its slot with its power of ten written in. Nothing is
 * looked up per field (which column, which slot, which scale), and each column's branches sit
 * at their own place in the code, so the processor predicts them per column: a column's
 * width and shape change little from row to row, while the next column's differ.
 *
 * The made function reads the common cells: with no quote, and in read columns a plain decimal
 * of up to 15 digits (`[+-]digits[.digits]`) or nothing. It answers -1 at a quote anywhere, or
 * at a read cell of any other kind (an exponent, text, blanks), and the general reading reads
 * the line instead, so what a line gives never depends on which of the two read it: each cell is split
 * and converted by the same steps as there (the same words, masks and exact power of ten).
 * The code is made from numbers only (slots, powers of ten), never from the file's text.
 */
import { POW10, SCALE4 } from "./swar";

/**
 * Reads the line at `pos` into `values`/`states` and its field count into `count[0]`; the
 * index of its LF, or -1 for a line the general reading must read. `safe` is the last index
 * a 4-byte word may start at. The line must end in an LF.
 */
export type ColumnReader = (
	bytes: Uint8Array,
	view: DataView,
	pos: number,
	safe: number,
	values: Float64Array,
	states: Uint8Array,
	count: Int32Array,
) => number;

/** Columns a made reader covers at most (a wider plan is read the general way). */
const MAX_COLUMNS = 256;

const made = new Map<string, ColumnReader>();
const MAX_MADE = 64;

/** The words of a field's bytes up to its end (comma, LF, CR), as the general reading skips them. */
function skipField(): string {
	return `for (;;) {
	if (p <= safe) {
		x = view.getInt32(p, true);
		m = (x - 0x2d2d2d2d) & ~x & 0x80808080;
		if (m === 0) { p += 4; continue; }
		p += (31 - Math.clz32(m & -m)) >>> 3;
	}
	b = bytes[p];
	if (b === 44 || b === 10 || b === 13) break;
	if (b === 34) return -1;
	p++;
}`;
}

/** Digits from `p` into `mantissa`/`digits`, four at a time; `d` the byte after them minus "0". */
const DIGITS = `for (;;) {
	if (p <= safe) {
		x = view.getInt32(p, true) ^ 0x30303030;
		m = (((x & 0x7f7f7f7f) + 0x76767676) | x) & 0x80808080;
		if (m === 0) {
			u = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
			mantissa = mantissa * 10000 + ((Math.imul(u, 100) + (u >>> 16)) & 0xffff);
			p += 4;
			digits += 4;
			continue;
		}
		k = (31 - Math.clz32(m & -m)) >>> 3;
		if (k !== 0) {
			x = x << (32 - (k << 3));
			u = (Math.imul(x, 10) + (x >>> 8)) & 0xff00ff;
			mantissa = mantissa * scale4[k] + ((Math.imul(u, 100) + (u >>> 16)) & 0xffff);
			p += k;
			digits += k;
		}
		d = bytes[p] - 48;
		break;
	}
	d = bytes[p] - 48;
	if (d >>> 0 > 9) break;
	mantissa = mantissa * 10 + d;
	p++;
	digits++;
}`;

/** A plain decimal (or nothing) into `slot`, times 10^`scale`; -1 for any other cell. */
function readField(slot: number, scale: number): string {
	return `s = p;
negative = false;
if (b === 45) { negative = true; p++; } else if (b === 43) { p++; }
mantissa = 0;
digits = 0;
fraction = 0;
${DIGITS}
if (d === -2) {
	p++;
	before = digits;
	${DIGITS}
	fraction = digits - before;
}
b = d + 48;
if ((b === 44 || b === 10 || b === 13) && digits > 0 && digits <= 15) {
	value = fraction <= ${scale} ? mantissa * pow10[${scale} - fraction] : mantissa / pow10[fraction - ${scale}];
	values[${slot}] = negative ? -value : value;
	states[${slot}] = 0;
} else if (p === s && (b === 44 || b === 10 || b === 13)) {
	values[${slot}] = NaN;
	states[${slot}] = 1;
} else return -1;`;
}

/**
 * A reader for comma-separated lines whose column `c` goes into slot `slotOf[c]` (-1: not
 * read) times 10^`scales[slot]`; null for a plan too wide to unroll.
 */
export function makeColumnReader(slotOf: Int32Array, scales: Int32Array): ColumnReader | null {
	const width = slotOf.length;
	if (width === 0 || width > MAX_COLUMNS) return null;
	const parts: string[] = ["done: {"];
	for (let c = 0; c < width; c++) {
		const slot = slotOf[c]!;
		parts.push(`// column ${c}`);
		parts.push(slot >= 0 ? `b = bytes[p];\n${readField(slot, scales[slot]!)}` : skipField());
		parts.push(`if (b !== 44) { col = ${c + 1}; break done; }`, "p++;");
	}
	// Columns after the last one read: counted, not read.
	parts.push(
		`col = ${width};`,
		"for (;;) {",
		skipField(),
		"col++;",
		"if (b !== 44) break;",
		"p++;",
		"}",
		"}",
	);
	// Slots of the columns a short line lacks are empty.
	const fills: string[] = [];
	for (let c = width - 1; c >= 1; c--) {
		const slot = slotOf[c]!;
		if (slot < 0) continue;
		fills.push(`if (col <= ${c}) { values[${slot}] = NaN; states[${slot}] = 1; }`);
	}
	const code = [
		"let p = pos, b = 0, x = 0, m = 0, k = 0, d = 0, u = 0, s = 0, col = 0;",
		"let mantissa = 0, digits = 0, fraction = 0, before = 0, value = 0, negative = false;",
		...parts,
		"while (bytes[p] !== 10) p++;",
		...(fills.length > 0 ? [`if (col < ${width}) {`, ...fills, "}"] : []),
		"count[0] = col;",
		"return p;",
	].join("\n");
	let read = made.get(code);
	if (!read) {
		if (made.size >= MAX_MADE) made.clear();
		const factory = new Function(
			"pow10",
			"scale4",
			`return function readColumns(bytes, view, pos, safe, values, states, count) {\n${code}\n};`,
		);
		read = factory(POW10, SCALE4) as ColumnReader;
		made.set(code, read);
	}
	return read;
}
