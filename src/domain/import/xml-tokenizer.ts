import { decodeText } from "./bytes";

export const XML_EOF = 0;
export const XML_START = 1;
export const XML_END = 2;
export const XML_TEXT = 3;
export const XML_ERROR = 4;

/** Deeper nesting than any GPX needs: a bound, so a hostile file cannot grow the stack. */
const MAX_DEPTH = 128;
/** Attributes read per element (the rest are skipped). */
const MAX_ATTRIBUTES = 32;

/**
 * A small, strict pull tokenizer of XML bytes: no DOM, no string per element, one pass,
 * state in the object (so it could be fed chunk by chunk). `next()` gives element starts
 * (with attribute ranges), ends (a self-closing element gives both), and text with any
 * non-blank byte. Comments, processing instructions and CDATA are handled; a DOCTYPE is
 * skipped whole and no entity it declares is ever expanded (only the five predefined ones
 * and character references are, by `decodeXmlText`): no external entity, no billion laughs.
 * Not well-formed input (an end tag that does not match, a file that ends inside an element,
 * an unquoted attribute) gives `XML_ERROR` with `error` set; the caller stops there.
 */
export class XmlTokenizer {
	pos = 0;
	/** Element name of the current start or end tag; `colon` is its `:` or -1. */
	nameStart = 0;
	nameEnd = 0;
	colon = -1;
	/** Where the current token begins (its `<`, or its first text byte). */
	tokenStart = 0;
	attributeCount = 0;
	readonly attrNameStart = new Int32Array(MAX_ATTRIBUTES);
	readonly attrNameEnd = new Int32Array(MAX_ATTRIBUTES);
	readonly attrValueStart = new Int32Array(MAX_ATTRIBUTES);
	readonly attrValueEnd = new Int32Array(MAX_ATTRIBUTES);
	textStart = 0;
	textEnd = 0;
	/** The text came from a CDATA section (no entities in it). */
	cdata = false;
	/** A DOCTYPE was skipped; `declaresEntities` when it declared any (never expanded). */
	sawDoctype = false;
	declaresEntities = false;
	error = "";
	depth = 0;
	private readonly stackStart = new Int32Array(MAX_DEPTH);
	private readonly stackEnd = new Int32Array(MAX_DEPTH);
	private pendingEnd = false;
	private lineCountedTo = 0;
	private lineCount = 1;
	private nextLf = -2;

	constructor(
		readonly bytes: Uint8Array,
		start = 0,
	) {
		this.pos = start;
		this.lineCountedTo = start;
	}

	/**
	 * 1-based line of byte `at`. It counts forward from the last call (one `indexOf` per line
	 * of the file in all), so calls should not go backwards (they restart from the top).
	 */
	lineAt(at: number): number {
		const bytes = this.bytes;
		if (at < this.lineCountedTo) {
			this.lineCountedTo = 0;
			this.lineCount = 1;
			this.nextLf = -2;
		}
		if (this.nextLf === -2 || (this.nextLf >= 0 && this.nextLf < this.lineCountedTo)) {
			this.nextLf = bytes.indexOf(10, this.lineCountedTo);
		}
		// `nextLf` is the first LF at or after `lineCountedTo` (-1: none).
		while (this.nextLf >= 0 && this.nextLf < at) {
			this.lineCount++;
			this.lineCountedTo = this.nextLf + 1;
			this.nextLf = bytes.indexOf(10, this.lineCountedTo);
		}
		return this.lineCount;
	}

	/**
	 * Records that byte `at` is on line `line`, which the caller counted itself (a run of
	 * points whose line ends it knows): later calls count on from there.
	 */
	setLineAt(at: number, line: number): void {
		this.lineCountedTo = at;
		this.lineCount = line;
		this.nextLf = -2;
	}

	next(): number {
		if (this.pendingEnd) {
			this.pendingEnd = false;
			this.depth--;
			return XML_END;
		}
		const bytes = this.bytes;
		const n = bytes.length;
		for (;;) {
			let p = this.pos;
			if (p >= n) {
				if (this.depth > 0) {
					const open = decodeText(
						bytes,
						this.stackStart[this.depth - 1]!,
						this.stackEnd[this.depth - 1]!,
					);
					return this.fail(p, `arquivo termina dentro de <${open}> (cortado?)`);
				}
				return XML_EOF;
			}
			if (bytes[p] !== 60 /* < */) {
				const start = p;
				let stop = bytes.indexOf(60, p);
				if (stop < 0) stop = n;
				// Text up to the next tag: skipped when it is only blanks.
				while (p < stop && isSpace(bytes[p]!)) p++;
				const blank = p === stop;
				p = stop;
				this.pos = p;
				if (blank) continue;
				this.tokenStart = start;
				this.textStart = start;
				this.textEnd = p;
				this.cdata = false;
				return XML_TEXT;
			}
			this.tokenStart = p;
			const b1 = bytes[p + 1];
			if (b1 === 63 /* ? */) {
				const close = indexOfPair(bytes, p + 2, 63, 62);
				if (close < 0) return this.fail(p, "instrução <? sem ?>");
				this.pos = close + 2;
				continue;
			}
			if (b1 === 33 /* ! */) {
				if (bytes[p + 2] === 45 && bytes[p + 3] === 45) {
					const close = indexOfTriple(bytes, p + 4, 45, 45, 62);
					if (close < 0) return this.fail(p, "comentário <!-- sem -->");
					this.pos = close + 3;
					continue;
				}
				if (startsWith(bytes, p + 2, "[CDATA[")) {
					const close = indexOfTriple(bytes, p + 9, 93, 93, 62);
					if (close < 0) return this.fail(p, "CDATA sem ]]>");
					this.pos = close + 3;
					this.textStart = p + 9;
					this.textEnd = close;
					this.cdata = true;
					return XML_TEXT;
				}
				if (startsWith(bytes, p + 2, "DOCTYPE")) {
					const close = this.skipDoctype(p + 9);
					if (close < 0) return this.fail(p, "DOCTYPE sem fim");
					this.pos = close;
					continue;
				}
				return this.fail(p, "declaração <! desconhecida");
			}
			if (b1 === 47 /* / */) return this.readEndTag(p + 2);
			return this.readStartTag(p + 1);
		}
	}

	private readStartTag(at: number): number {
		const bytes = this.bytes;
		const n = bytes.length;
		let p = at;
		this.nameStart = p;
		this.colon = -1;
		// One table lookup per byte: 1 ends the name (blank, `>`, `/`), 2 is the prefix's `:`.
		const kinds = NAME_BYTE;
		let kind = 0;
		while (p < n) {
			kind = kinds[bytes[p]!]!;
			if (kind === 1) break;
			if (kind === 2 && this.colon < 0) this.colon = p;
			p++;
		}
		if (p >= n) return this.fail(at - 1, "etiqueta cortada no fim do arquivo");
		this.nameEnd = p;
		if (p === at) return this.fail(at - 1, "etiqueta sem nome");
		let count = 0;
		for (;;) {
			while (p < n && isSpace(bytes[p]!)) p++;
			const b = bytes[p];
			if (b === undefined) return this.fail(at - 1, "etiqueta cortada no fim do arquivo");
			if (b === 62) {
				p++;
				break;
			}
			if (b === 47) {
				if (bytes[p + 1] !== 62) return this.fail(p, "esperado /> ");
				p += 2;
				this.pendingEnd = true;
				break;
			}
			const nameStart = p;
			while (p < n) {
				const c = bytes[p]!;
				if (c === 61 || isSpace(c) || c === 62 || c === 47) break;
				p++;
			}
			const nameEnd = p;
			while (p < n && isSpace(bytes[p]!)) p++;
			if (bytes[p] !== 61) return this.fail(nameStart, "atributo sem =");
			p++;
			while (p < n && isSpace(bytes[p]!)) p++;
			const quote = bytes[p];
			if (quote !== 34 && quote !== 39) return this.fail(p, "valor de atributo sem aspas");
			const close = bytes.indexOf(quote, p + 1);
			if (close < 0) return this.fail(p, "valor de atributo sem fecho");
			if (count < MAX_ATTRIBUTES) {
				this.attrNameStart[count] = nameStart;
				this.attrNameEnd[count] = nameEnd;
				this.attrValueStart[count] = p + 1;
				this.attrValueEnd[count] = close;
				count++;
			}
			p = close + 1;
		}
		this.attributeCount = count;
		this.pos = p;
		if (this.depth >= MAX_DEPTH) return this.fail(at - 1, "aninhamento profundo demais");
		this.stackStart[this.depth] = this.nameStart;
		this.stackEnd[this.depth] = this.nameEnd;
		this.depth++;
		return XML_START;
	}

	private readEndTag(at: number): number {
		const bytes = this.bytes;
		let p = at;
		while (p < bytes.length && bytes[p] !== 62 && !isSpace(bytes[p]!)) p++;
		this.nameStart = at;
		this.nameEnd = p;
		this.colon = -1;
		for (let q = at; q < p; q++) {
			if (bytes[q] === 58) {
				this.colon = q;
				break;
			}
		}
		while (p < bytes.length && isSpace(bytes[p]!)) p++;
		if (bytes[p] !== 62) return this.fail(at - 2, "etiqueta de fechamento cortada");
		this.pos = p + 1;
		if (this.depth === 0) return this.fail(at - 2, "etiqueta de fechamento sem abertura");
		const openStart = this.stackStart[this.depth - 1]!;
		const openEnd = this.stackEnd[this.depth - 1]!;
		if (!sameRange(bytes, openStart, openEnd, at, this.nameEnd)) {
			return this.fail(
				at - 2,
				`</${decodeText(bytes, at, this.nameEnd)}> não fecha <${decodeText(bytes, openStart, openEnd)}>`,
			);
		}
		this.depth--;
		return XML_END;
	}

	/** After `<!DOCTYPE`: to the `>` that ends it, past an internal subset in brackets. */
	private skipDoctype(at: number): number {
		const bytes = this.bytes;
		this.sawDoctype = true;
		let p = at;
		let quote = 0;
		let inSubset = false;
		while (p < bytes.length) {
			const b = bytes[p]!;
			if (quote !== 0) {
				if (b === quote) quote = 0;
			} else if (b === 34 || b === 39) quote = b;
			else if (b === 91) inSubset = true;
			else if (b === 93) inSubset = false;
			else if (b === 60 && startsWith(bytes, p, "<!ENTITY")) this.declaresEntities = true;
			else if (b === 62 && !inSubset) return p + 1;
			p++;
		}
		return -1;
	}

	private fail(at: number, message: string): number {
		this.error = message;
		this.tokenStart = at;
		this.pos = this.bytes.length;
		this.depth = 0;
		return XML_ERROR;
	}

	/** Whether the current element's local name (after any prefix) is `name` (ASCII). */
	localNameIs(name: Uint8Array): boolean {
		const s = this.colon >= 0 ? this.colon + 1 : this.nameStart;
		if (this.nameEnd - s !== name.length) return false;
		const bytes = this.bytes;
		for (let i = 0; i < name.length; i++) if (bytes[s + i] !== name[i]) return false;
		return true;
	}

	/** Index of the attribute named exactly `name`, or -1. */
	attribute(name: Uint8Array): number {
		const bytes = this.bytes;
		for (let a = 0; a < this.attributeCount; a++) {
			const s = this.attrNameStart[a]!;
			if (this.attrNameEnd[a]! - s !== name.length) continue;
			let same = true;
			for (let i = 0; i < name.length; i++) {
				if (bytes[s + i] !== name[i]) {
					same = false;
					break;
				}
			}
			if (same) return a;
		}
		return -1;
	}
}

/** Text with the five predefined entities and character references decoded; others kept as written. */
export function decodeXmlText(bytes: Uint8Array, start: number, end: number): string {
	const text = decodeText(bytes, start, end);
	if (!text.includes("&")) return text;
	return text.replace(
		/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g,
		(whole, body: string) => {
			switch (body) {
				case "lt":
					return "<";
				case "gt":
					return ">";
				case "amp":
					return "&";
				case "quot":
					return '"';
				case "apos":
					return "'";
				default: {
					const code =
						body[1] === "x"
							? Number.parseInt(body.slice(2), 16)
							: Number.parseInt(body.slice(1), 10);
					return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
				}
			}
		},
	);
}

/** ASCII bytes of a name, for `localNameIs` and `attribute`. */
export function asciiBytes(text: string): Uint8Array {
	const out = new Uint8Array(text.length);
	for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
	return out;
}

/** For element names: 1 at the bytes that end one, 2 at `:`, 0 elsewhere. */
const NAME_BYTE = new Uint8Array(256);
for (const b of [32, 10, 13, 9, 62, 47]) NAME_BYTE[b] = 1;
NAME_BYTE[58] = 2;

function isSpace(b: number): boolean {
	return b === 32 || b === 10 || b === 13 || b === 9;
}

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
	for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
	return true;
}

function sameRange(bytes: Uint8Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
	if (aEnd - a !== bEnd - b) return false;
	for (let i = 0; i < aEnd - a; i++) if (bytes[a + i] !== bytes[b + i]) return false;
	return true;
}

function indexOfPair(bytes: Uint8Array, from: number, x: number, y: number): number {
	let p = bytes.indexOf(x, from);
	while (p >= 0) {
		if (bytes[p + 1] === y) return p;
		p = bytes.indexOf(x, p + 1);
	}
	return -1;
}

function indexOfTriple(bytes: Uint8Array, from: number, x: number, y: number, z: number): number {
	let p = bytes.indexOf(x, from);
	while (p >= 0) {
		if (bytes[p + 1] === y && bytes[p + 2] === z) return p;
		p = bytes.indexOf(x, p + 1);
	}
	return -1;
}
