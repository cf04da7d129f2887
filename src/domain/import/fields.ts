import { CR, decodeText, QUOTE, SPACE, TAB } from "./bytes";

/**
 * The fields of one line as byte ranges (`starts[i]`, `ends[i]`), reused line after line: no
 * string and no array per row. A quoted field's range is inside its quotes (a doubled quote
 * stays doubled: `fieldText` undoes it for the few text fields).
 */
export class LineFields {
	readonly starts: Int32Array;
	readonly ends: Int32Array;
	/** Fields on the line (may exceed `maxFields`: the extra ones have no range). */
	count = 0;

	constructor(readonly maxFields = 1024) {
		this.starts = new Int32Array(maxFields);
		this.ends = new Int32Array(maxFields);
	}

	/** Splits `bytes[pos, end)` at every `separator` outside quotes; a trailing CR is dropped. */
	split(bytes: Uint8Array, pos: number, end: number, separator: number): number {
		const starts = this.starts;
		const ends = this.ends;
		const max = this.maxFields;
		let stop = end;
		if (stop > pos && bytes[stop - 1] === CR) stop--;
		let n = 0;
		let p = pos;
		for (;;) {
			let s = p;
			let e: number;
			if (p < stop && bytes[p] === QUOTE) {
				let q = p + 1;
				for (;;) {
					while (q < stop && bytes[q] !== QUOTE) q++;
					if (q + 1 < stop && bytes[q + 1] === QUOTE) {
						q += 2;
						continue;
					}
					break;
				}
				s = p + 1;
				e = q;
				p = q < stop ? q + 1 : stop;
				while (p < stop && bytes[p] !== separator) p++;
			} else {
				while (p < stop && bytes[p] !== separator) p++;
				e = p;
			}
			if (n < max) {
				starts[n] = s;
				ends[n] = e;
			}
			n++;
			if (p >= stop) break;
			p++;
		}
		this.count = n;
		return n;
	}

	/** Splits `bytes[pos, end)` at runs of spaces and tabs (VBO rows); no empty fields. */
	splitBlanks(bytes: Uint8Array, pos: number, end: number): number {
		const starts = this.starts;
		const ends = this.ends;
		const max = this.maxFields;
		let n = 0;
		let p = pos;
		for (;;) {
			while (p < end && isFieldBlank(bytes[p]!)) p++;
			if (p >= end) break;
			const s = p;
			while (p < end && !isFieldBlank(bytes[p]!)) p++;
			if (n < max) {
				starts[n] = s;
				ends[n] = p;
			}
			n++;
		}
		this.count = n;
		return n;
	}

	/** Whether field `i` exists on the line. */
	has(i: number): boolean {
		return i >= 0 && i < this.count && i < this.maxFields;
	}

	/** Field `i` as trimmed text (a doubled quote read as one); "" when absent. */
	text(bytes: Uint8Array, i: number): string {
		if (!this.has(i)) return "";
		return fieldText(bytes, this.starts[i]!, this.ends[i]!);
	}
}

function isFieldBlank(b: number): boolean {
	return b === SPACE || b === TAB || b === CR;
}

/** The text of a field's bytes, trimmed, doubled quotes undone. */
export function fieldText(bytes: Uint8Array, start: number, end: number): string {
	const text = decodeText(bytes, start, end).trim();
	return text.includes('""') ? text.replaceAll('""', '"') : text;
}
