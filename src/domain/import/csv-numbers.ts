import { COMMA, LF, numberStatus, quoteBytes, readScaled } from "./bytes";
import { type ColumnReader, makeColumnReader } from "./column-reader";
import * as rowShapes from "./row-shape";
import * as swar from "./swar";

// Bound once: under the tsx loader an imported binding is a getter, called on every use.
const nonDigitBytes = swar.nonDigitBytes;
const firstFlagged = swar.firstFlagged;
const fourDigits = swar.fourDigits;
const leadingDigits = swar.leadingDigits;
const SCALE4 = swar.SCALE4;
const POW10 = swar.POW10;
const learnRowShape = rowShapes.learnRowShape;

/**
 * The slot each column is read into (by column position, -1 for a column not read) from
 * `columns[slot]`; a column two slots name goes to the first.
 */
export function slotsOfColumns(columns: readonly number[]): Int32Array {
	const width = columns.reduce((m, c) => Math.max(m, c + 1), 0);
	const slotOf = new Int32Array(width).fill(-1);
	columns.forEach((column, slot) => {
		if (column >= 0 && slotOf[column] === -1) slotOf[column] = slot;
	});
	return slotOf;
}

/**
 * The hot loop of the CSV importers: one pass over a data line that skips the columns nobody
 * reads and converts the wanted ones to numbers as it meets their digits, into `values[slot]`
 * with `states[slot]` (`NUMBER_OK`, `NUMBER_EMPTY`, `NUMBER_INVALID`). No string, no array
 * per line. A plain decimal of up to 15 digits is read here (the value `Number` gives); any
 * other shape (spaces, quotes, an exponent, text) goes through `readScaled`.
 *
 * The loops need no bounds check: every line ends in LF, the sentinel that stops them. The
 * file's last line, when it has no LF, is read from a copy that has one.
 */
export class CsvNumberReader {
	/** Slot of each column (by position), -1 for a column not read. */
	private readonly slotOf: Int32Array;
	/** Power of ten each slot's value is multiplied by, exactly (3: seconds read as ms). */
	private readonly scales: Int32Array;
	readonly values: Float64Array;
	readonly states: Uint8Array;
	/** Column read into each slot (-1: none, or a column an earlier slot already reads). */
	private readonly columnOf: Int32Array;
	/** The bytes the last line was read from (the file, or the copy of its last line). */
	lineBytes: Uint8Array = new Uint8Array(1);
	/** Where the last line starts in `lineBytes`. */
	private lineStart = 0;
	/** Fields on the last line read. */
	fieldCount = 0;
	private buffer: Uint8Array | null = null;
	private lastLf = -1;
	private view: DataView = new DataView(new ArrayBuffer(4));
	/** Whether rows are tried against the layout of earlier rows (`fixedRows`). */
	private readonly fixedRows: boolean;
	/** The layout learnt from an earlier row (`rowShapes.learnRowShape`), or null. */
	private shape: rowShapes.RowShape | null = null;
	/** Lines the layout read since it was learnt. */
	private shapeHits = 0;
	/** Lines to read the general way before learning a layout again, and the next such pause. */
	private learnAfter = 0;
	private learnGap = 0;
	private learnFailed = false;
	/** The reader made for these columns (column-reader.ts), for comma-separated rows. */
	private readonly columns: ColumnReader | null;
	private readonly count = new Int32Array(1);

	/**
	 * `columns[slot]` is the column read into `slot` (-1: none); `scales[slot]` its power of ten.
	 * `separator` SPACE reads blank-separated rows (VBO): runs of spaces and tabs are one
	 * separator and blanks at the start or end of a line are no field. `fixedRows`: the rows
	 * are mostly of one fixed-width layout (row-shape.ts), read by a reader made for it.
	 * `madeReader`: comma-separated rows go through a reader made for these columns
	 * (column-reader.ts) before the general one; false reads every line the general way.
	 */
	constructor(
		columns: readonly number[],
		scales: readonly number[] = [],
		private readonly separator = COMMA,
		fixedRows = false,
		madeReader = true,
	) {
		this.fixedRows = fixedRows;
		this.slotOf = slotsOfColumns(columns);
		this.scales = Int32Array.from(columns, (_, slot) => scales[slot] ?? 0);
		this.values = new Float64Array(columns.length);
		// NUMBER_EMPTY: a slot whose column no line has stays empty; every other slot is
		// written on every line (its cell, or the end-of-line fill), so no reset per line.
		this.states = new Uint8Array(columns.length).fill(1);
		this.columns =
			madeReader && separator === COMMA && !fixedRows
				? makeColumnReader(this.slotOf, this.scales)
				: null;
		this.columnOf = Int32Array.from(columns, (column, slot) =>
			column >= 0 && this.slotOf[column] === slot ? column : -1,
		);
	}

	/**
	 * Reads the line that starts at `pos`. Slots of columns the line lacks are `NUMBER_EMPTY`.
	 * Returns the index of the LF that ends the line (`bytes.length` for a last line without).
	 */
	read(bytes: Uint8Array, pos: number): number {
		if (bytes !== this.buffer) {
			this.buffer = bytes;
			this.lastLf = bytes.lastIndexOf(LF);
			this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		}
		if (pos > this.lastLf) {
			const copy = new Uint8Array(bytes.length - pos + 1);
			copy.set(bytes.subarray(pos));
			copy[copy.length - 1] = LF;
			this.lineBytes = copy;
			this.lineStart = 0;
			const fileView = this.view;
			this.view = new DataView(copy.buffer);
			this.readLine(copy, 0);
			this.view = fileView;
			return bytes.length;
		}
		this.lineBytes = bytes;
		this.lineStart = pos;
		const columns = this.columns;
		if (columns !== null) {
			const lf = columns(
				bytes,
				this.view,
				pos,
				bytes.length - 4,
				this.values,
				this.states,
				this.count,
			);
			if (lf >= 0) {
				this.fieldCount = this.count[0]!;
				return lf;
			}
		}
		if (!this.fixedRows) return this.readLine(bytes, pos);
		const shape = this.shape;
		// The layout's reader looks at most 3 bytes before the line.
		if (shape !== null && pos >= 4 && pos + shape.length <= bytes.length) {
			const lf = shape.read(bytes, this.view, pos, this.values, this.states);
			if (lf >= 0) {
				this.shapeHits++;
				this.fieldCount = shape.fieldCount;
				return lf;
			}
		}
		const lf = this.readLine(bytes, pos);
		this.learnShape(bytes, pos, lf);
		return lf;
	}

	/**
	 * After a line the layout did not read (or with none learnt): learns this line's, unless
	 * the last layout read few lines before it missed; then only after a pause that doubles
	 * each time that happens again, so a file whose rows vary in width costs few attempts.
	 */
	private learnShape(bytes: Uint8Array, pos: number, lf: number): void {
		if (this.learnAfter > 0) {
			this.learnAfter--;
			return;
		}
		if (this.shape !== null || this.learnFailed) {
			if (this.shapeHits < 64) {
				this.learnGap = Math.min(4096, this.learnGap * 2 + 1);
				this.learnAfter = this.learnGap;
				this.learnFailed = false;
				this.shape = null;
				return;
			}
			this.learnGap = 0;
		}
		this.shapeHits = 0;
		this.shape = learnRowShape(bytes, pos, lf, this.slotOf, this.scales, this.separator);
		this.learnFailed = this.shape === null;
	}

	private readLine(bytes: Uint8Array, pos: number): number {
		const slotOf = this.slotOf;
		const width = slotOf.length;
		const values = this.values;
		const states = this.states;
		const scales = this.scales;
		// Byte values and states are literals here: an imported constant is a getter call per
		// use under some module loaders, and even a module constant is reloaded on every use.
		// LF 10, CR 13, space 32, tab 9, quote 34; NUMBER_OK 0, NUMBER_EMPTY 1.
		const sep = this.separator;
		// The second separator byte: 9 when blanks separate, else the separator again.
		const blanks = sep === 32;
		const sep2 = blanks ? 9 : sep;
		const pow10 = POW10;
		const scale4 = SCALE4;
		const view = this.view;
		const safe = bytes.length - 4;
		let x = 0;
		let m = 0;
		let k = 0;
		let col = 0;
		let p = pos;
		let b = 0;
		let d = 0;
		if (blanks) {
			while (bytes[p] === 32 || bytes[p] === 9) p++;
			b = bytes[p]!;
			if (b === 10 || b === 13) {
				while (bytes[p] !== 10) p++;
				values.fill(Number.NaN);
				states.fill(1); // NUMBER_EMPTY
				this.fieldCount = 0;
				return p;
			}
		}
		for (;;) {
			const slot = col < width ? slotOf[col]! : -1;
			const s = p;
			b = bytes[p]!;
			if (b === 34) {
				// A quoted cell: to its closing quote (doubled quotes inside), then to the separator.
				p++;
				for (;;) {
					b = bytes[p]!;
					if (b === 10) break;
					p++;
					if (b !== 34) continue;
					if (bytes[p] !== 34) break;
					p++;
				}
				b = bytes[p]!;
				while (b !== sep && b !== sep2 && b !== 10 && b !== 13) {
					p++;
					b = bytes[p]!;
				}
				if (slot >= 0) this.readSlow(bytes, slot, s, p);
			} else if (slot < 0) {
				// Every byte that ends a field (separator, LF, CR, blank) is below 45 ("-"): four
				// bytes at a time, `m` flags those below 45 (the lowest flag is exact), then a look
				// at the rare low byte that is not an end.
				for (;;) {
					if (p <= safe) {
						x = view.getInt32(p, true);
						m = (x - 0x2d2d2d2d) & ~x & 0x80808080;
						if (m === 0) {
							p += 4;
							continue;
						}
						p += (31 - Math.clz32(m & -m)) >>> 3;
					}
					b = bytes[p]!;
					if (b === sep || b === sep2 || b === 10 || b === 13) break;
					p++;
				}
			} else {
				let negative = false;
				if (b === 45) {
					negative = true;
					p++;
				} else if (b === 43) {
					p++;
				}
				let mantissa = 0;
				let digits = 0;
				let fraction = 0;
				// Digits four at a time (SWAR, as in gps-line-fast.ts): a little-endian word minus
				// "0000"; `m` flags its bytes that are not digits; pairs, then the four, combined
				// with a few integer operations. A byte at a time in the file's last 3 bytes.
				for (;;) {
					if (p <= safe) {
						x = view.getInt32(p, true) ^ 0x30303030;
						m = nonDigitBytes(x);
						if (m === 0) {
							mantissa = mantissa * 10000 + fourDigits(x);
							p += 4;
							digits += 4;
							continue;
						}
						k = firstFlagged(m);
						if (k !== 0) {
							mantissa = mantissa * scale4[k]! + leadingDigits(x, k);
							p += k;
							digits += k;
						}
						d = bytes[p]! - 48;
						break;
					}
					d = bytes[p]! - 48;
					if (d >>> 0 > 9) break;
					mantissa = mantissa * 10 + d;
					p++;
					digits++;
				}
				if (d === -2) {
					p++;
					const before = digits;
					for (;;) {
						if (p <= safe) {
							x = view.getInt32(p, true) ^ 0x30303030;
							m = nonDigitBytes(x);
							if (m === 0) {
								mantissa = mantissa * 10000 + fourDigits(x);
								p += 4;
								digits += 4;
								continue;
							}
							k = firstFlagged(m);
							if (k !== 0) {
								mantissa = mantissa * scale4[k]! + leadingDigits(x, k);
								p += k;
								digits += k;
							}
							d = bytes[p]! - 48;
							break;
						}
						d = bytes[p]! - 48;
						if (d >>> 0 > 9) break;
						mantissa = mantissa * 10 + d;
						p++;
						digits++;
					}
					fraction = digits - before;
				}
				b = d + 48;
				if ((b === sep || b === sep2 || b === 10 || b === 13) && digits > 0 && digits <= 15) {
					const scale = scales[slot]!;
					const value =
						fraction <= scale
							? mantissa * pow10[scale - fraction]!
							: mantissa / pow10[fraction - scale]!;
					values[slot] = negative ? -value : value;
					states[slot] = 0; // NUMBER_OK
				} else {
					while (b !== sep && b !== sep2 && b !== 10 && b !== 13) {
						p++;
						b = bytes[p]!;
					}
					if (p === s) {
						values[slot] = Number.NaN;
						states[slot] = 1; // NUMBER_EMPTY
					} else this.readSlow(bytes, slot, s, p);
				}
			}
			col++;
			if (b !== sep && b !== sep2) break;
			p++;
			if (blanks) {
				while (bytes[p] === 32 || bytes[p] === 9) p++;
				b = bytes[p]!;
				if (b === 10 || b === 13) break;
			}
		}
		while (bytes[p] !== 10) p++;
		for (let c = col; c < width; c++) {
			const slot = slotOf[c]!;
			if (slot >= 0) {
				values[slot] = Number.NaN;
				states[slot] = 1; // NUMBER_EMPTY
			}
		}
		this.fieldCount = col;
		return p;
	}

	private readSlow(bytes: Uint8Array, slot: number, s: number, e: number): void {
		this.values[slot] = readScaled(bytes, s, e, this.scales[slot]!);
		this.states[slot] = numberStatus();
	}

	/**
	 * The cell of `slot` on the last line, quoted for a report (empty when the line has no such
	 * cell). Found by walking the line again as `readLine` splits it: only reports need a
	 * cell's bytes, so the hot loop keeps no range per cell.
	 */
	quoted(slot: number): string {
		const bytes = this.lineBytes;
		const column = this.columnOf[slot] ?? -1;
		const sep = this.separator;
		const blanks = sep === 32;
		const sep2 = blanks ? 9 : sep;
		const isEnd = (b: number) => b === sep || b === sep2 || b === 10 || b === 13;
		let p = this.lineStart;
		let s = p;
		let e = p;
		if (blanks) while (bytes[p] === 32 || bytes[p] === 9) p++;
		for (let col = 0; column >= 0 && !(blanks && (bytes[p] === 10 || bytes[p] === 13)); col++) {
			const start = p;
			if (bytes[p] === 34) {
				p++;
				for (;;) {
					const b = bytes[p]!;
					if (b === 10) break;
					p++;
					if (b !== 34) continue;
					if (bytes[p] !== 34) break;
					p++;
				}
			}
			while (!isEnd(bytes[p]!)) p++;
			if (col === column) {
				s = start;
				e = p;
				break;
			}
			if (bytes[p] !== sep && bytes[p] !== sep2) {
				s = p;
				e = p;
				break;
			}
			p++;
			if (blanks) while (bytes[p] === 32 || bytes[p] === 9) p++;
			s = p;
			e = p;
		}
		if (e - s >= 2 && this.lineBytes[s] === 34 && this.lineBytes[e - 1] === 34) {
			s++;
			e--;
		}
		return quoteBytes(this.lineBytes, s, e);
	}
}

/** Whether `bytes[pos, end)` holds only blanks (an empty line). */
export function isBlankLine(bytes: Uint8Array, pos: number, end: number): boolean {
	for (let p = pos; p < end; p++) {
		const b = bytes[p]!;
		if (b !== 32 && b !== 9 && b !== 13) return false;
	}
	return true;
}
