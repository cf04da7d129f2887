/**
 * Rows of one fixed-width layout (VBO rows as Racelogic and RaceChrono write them: every value
 * zero-padded to its column's width) read by a function made for that layout.
 *
 * `learnRowShape` takes the layout of a line whose read columns are all plain decimals
 * (`[+-]digits[.digits]`, 1 to 15 digits): which byte is a digit, which a sign (`+` or `-`),
 * and which is exactly that byte (separators, dots, the line's end, every non-digit byte of a
 * column not read). It returns a reader for lines of that layout: straight-line code with
 * each byte's place and each number's power of ten written in, no loop and no branch per
 * field. The reader checks every byte of the line against the layout and answers -1 for a
 * line that differs anywhere, which the general reading (`CsvNumberReader`) then reads.
 *
 * A line that has the layout splits into the same fields as the learnt one, each of the same
 * sign/digits/dot shape, so its values are those the general reading gives: the same integer
 * mantissa (exact: at most 15 digits), multiplied or divided once by the same power of ten,
 * then negated for a `-`. The code is made from numbers only (offsets, byte values, powers of
 * ten), never from the file's text.
 */

/** Reads the line at `pos` into `values`/`states`; its LF's index, or -1 when the layout differs. */
export type RowReader = (
	bytes: Uint8Array,
	view: DataView,
	pos: number,
	values: Float64Array,
	states: Uint8Array,
) => number;

export interface RowShape {
	/** Bytes of the line, its LF included. */
	length: number;
	/** Fields of the line. */
	fieldCount: number;
	read: RowReader;
}

/** Bytes of a line a layout covers at most (a longer line is read the general way). */
const MAX_LINE = 512;
/** Digits of a value read from a layout at most (a double holds 15 exactly). */
const MAX_DIGITS = 15;

/**
 * Readers already made, by their code: a file read again (or another file of the same
 * layout) reuses the function V8 has already optimised.
 */
const made = new Map<string, RowReader>();
const MAX_MADE = 64;

/**
 * The layout of the line `bytes[pos, lf]` (`lf` its LF), split as `CsvNumberReader` splits it
 * (`separator`; blanks as one separator when it is a space), read into the slots `slotOf`
 * gives each column, each times 10^`scales[slot]`. Null for a line it does not take: a quote
 * anywhere, a read column that is not a plain decimal, no field, or longer than `MAX_LINE`.
 */
export function learnRowShape(
	bytes: Uint8Array,
	pos: number,
	lf: number,
	slotOf: Int32Array,
	scales: Int32Array,
	separator: number,
): RowShape | null {
	const length = lf - pos + 1;
	// A number's first chunk is read as the 4-byte word ending at its last digit, so up to 3
	// bytes before the line: a line that starts the buffer is read the general way.
	if (length > MAX_LINE || pos < 3) return null;
	const blanks = separator === 32;
	const sep2 = blanks ? 9 : separator;
	const isEnd = (b: number) => b === separator || b === sep2 || b === 10 || b === 13;
	/** Each byte's kind: 0 exact, 1 digit, 2 sign. */
	const kinds = new Uint8Array(length);
	const checks: string[] = [];
	const numbers: string[] = [];
	const stores: string[] = [];
	/** `k` digits ending at `end` (line offset): the word ending there, the others masked off. */
	const window = (end: number, k: number, take: boolean): string => {
		const mask = k === 4 ? -1 : (-1 << ((4 - k) << 3)) | 0;
		checks.push(`t = (view.getInt32(pos + ${end - 4}, true) ^ 0x30303030) & ${mask};`);
		checks.push("bad |= (((t & 0x7f7f7f7f) + 0x76767676) | t) & 0x80808080;");
		if (!take) return "";
		checks.push("u = (Math.imul(t, 10) + (t >>> 8)) & 0xff00ff;");
		return "((Math.imul(u, 100) + (u >>> 16)) & 0xffff)";
	};
	/** The digits of `bytes[s, e)` (all digits) as chunks of up to 4, the first the shortest. */
	const digitRun = (s: number, e: number, take: boolean, into: string): void => {
		const n = e - s;
		let at = s;
		let first = n % 4 === 0 ? 4 : n % 4;
		while (at < e) {
			const chunk = window(at - pos + first, first, take);
			if (take) checks.push(`${into} = ${into} * ${10 ** first} + ${chunk};`);
			at += first;
			first = 4;
		}
	};
	let col = 0;
	let p = pos;
	if (blanks) while (bytes[p] === 32 || bytes[p] === 9) p++;
	if (bytes[p] === 10 || bytes[p] === 13) return null;
	for (;;) {
		const s = p;
		while (!isEnd(bytes[p]!)) {
			if (bytes[p] === 34) return null;
			p++;
		}
		const e = p;
		const slot = col < slotOf.length ? slotOf[col]! : -1;
		if (slot >= 0) {
			let q = s;
			let sign = -1;
			if (bytes[q] === 43 || bytes[q] === 45) {
				sign = q - pos;
				kinds[sign] = 2;
				q++;
			}
			const name = `v${numbers.length}`;
			numbers.push(name);
			checks.push(`${name} = 0;`);
			let digits = 0;
			let fraction = 0;
			let dot = false;
			for (;;) {
				const runStart = q;
				while (q < e && bytes[q]! >= 48 && bytes[q]! <= 57) {
					kinds[q - pos] = 1;
					q++;
				}
				if (q > runStart) digitRun(runStart, q, true, name);
				digits += q - runStart;
				if (dot) fraction += q - runStart;
				if (q === e) break;
				if (bytes[q] !== 46 || dot) return null;
				dot = true;
				q++;
			}
			if (digits === 0 || digits > MAX_DIGITS) return null;
			// As the general reading: times or over one exact power of ten.
			const scale = scales[slot]!;
			const scaled =
				fraction <= scale
					? `${name} * ${10 ** (scale - fraction)}`
					: `${name} / ${10 ** (fraction - scale)}`;
			checks.push(`${name} = ${scaled};`);
			if (sign >= 0) {
				checks.push(`b = bytes[pos + ${sign}];`);
				// `+` (43) or `-` (45): b - 43 is 0 or 2.
				checks.push("bad |= (b - 43) & ~2;");
				checks.push(`if (b === 45) ${name} = -${name};`);
			}
			stores.push(`values[${slot}] = ${name};`, `states[${slot}] = 0;`);
		} else {
			// A column not read: its digits may change, every other byte stays.
			let q = s;
			while (q < e) {
				const runStart = q;
				while (q < e && bytes[q]! >= 48 && bytes[q]! <= 57) {
					kinds[q - pos] = 1;
					q++;
				}
				if (q > runStart) digitRun(runStart, q, false, "");
				if (q < e) q++;
			}
		}
		col++;
		const b = bytes[p]!;
		if (b !== separator && b !== sep2) break;
		p++;
		if (blanks) {
			while (bytes[p] === 32 || bytes[p] === 9) p++;
			if (bytes[p] === 10 || bytes[p] === 13) break;
		}
	}
	// A slot whose column the line lacks is left as it is: the layout is learnt from a line the
	// general reading has just read, which emptied it, and every line of the layout lacks it.
	for (let at = 0; at < length; at++) {
		if (kinds[at] === 0) checks.push(`bad |= bytes[pos + ${at}] ^ ${bytes[pos + at]};`);
	}
	const locals = ["bad = 0", "t = 0", "u = 0", "b = 0", ...numbers.map((n) => `${n} = 0`)];
	const code = [
		`let ${locals.join(", ")};`,
		...checks,
		"if (bad !== 0) return -1;",
		...stores,
		`return pos + ${length - 1};`,
	].join("\n");
	let read = made.get(code);
	if (!read) {
		if (made.size >= MAX_MADE) made.clear();
		read = new Function("bytes", "view", "pos", "values", "states", code) as RowReader;
		made.set(code, read);
	}
	return { length, fieldCount: col, read };
}
