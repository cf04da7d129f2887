/**
 * A parser for RFC 8941 (RFC 9651) structured-field dictionaries, enough to read
 * `Content-Digest` (RFC 9530) the way the RFC says: members may be listed in any order, carry
 * parameters, and be of any item type, and a badly formed header is refused as a whole.
 */

export type BareItem =
	| { type: "integer"; value: number }
	| { type: "decimal"; value: number }
	| { type: "string"; value: string }
	| { type: "token"; value: string }
	| { type: "bytes"; value: Uint8Array }
	| { type: "boolean"; value: boolean }
	| { type: "date"; value: number }
	| { type: "displayString"; value: string };

export type Parameters = Map<string, BareItem>;
export interface Item {
	kind: "item";
	item: BareItem;
	params: Parameters;
}
export interface InnerList {
	kind: "innerList";
	items: Item[];
	params: Parameters;
}
export type DictionaryMember = Item | InnerList;

export class StructuredFieldError extends Error {
	override name = "StructuredFieldError";
}

const KEY_FIRST = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const TOKEN_FIRST = /[A-Za-z*]/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;
const BASE64_CHAR = /[A-Za-z0-9+/=]/;
const DIGIT = /[0-9]/;

class Cursor {
	pos = 0;
	constructor(readonly text: string) {}
	peek(): string {
		return this.text[this.pos] ?? "";
	}
	done(): boolean {
		return this.pos >= this.text.length;
	}
	take(): string {
		const char = this.peek();
		this.pos += 1;
		return char;
	}
	skipSpaces(): void {
		while (this.peek() === " ") this.pos += 1;
	}
	skipOws(): void {
		while (this.peek() === " " || this.peek() === "\t") this.pos += 1;
	}
	fail(what: string): never {
		throw new StructuredFieldError(`${what} at position ${this.pos}`);
	}
}

function parseKey(cur: Cursor): string {
	if (!KEY_FIRST.test(cur.peek())) cur.fail("expected a key");
	let key = "";
	while (!cur.done() && KEY_CHAR.test(cur.peek())) key += cur.take();
	return key;
}

function parseNumber(cur: Cursor): BareItem {
	let sign = 1;
	if (cur.peek() === "-") {
		cur.take();
		sign = -1;
	}
	if (!DIGIT.test(cur.peek())) cur.fail("expected a digit");
	let text = "";
	let isDecimal = false;
	while (!cur.done()) {
		const char = cur.peek();
		if (DIGIT.test(char)) {
			text += cur.take();
		} else if (char === "." && !isDecimal) {
			if (text.length > 12) cur.fail("decimal with too many integer digits");
			isDecimal = true;
			text += cur.take();
		} else {
			break;
		}
		if (!isDecimal && text.length > 15) cur.fail("integer too long");
		if (isDecimal && text.length > 16) cur.fail("decimal too long");
	}
	if (!isDecimal) return { type: "integer", value: sign * Number(text) };
	if (text.endsWith(".")) cur.fail("decimal without fraction");
	if (text.length - text.indexOf(".") - 1 > 3) cur.fail("decimal with more than 3 fraction digits");
	return { type: "decimal", value: sign * Number(text) };
}

function parseString(cur: Cursor): BareItem {
	cur.take();
	let value = "";
	for (;;) {
		if (cur.done()) cur.fail("unterminated string");
		const char = cur.take();
		if (char === "\\") {
			const next = cur.take();
			if (next !== '"' && next !== "\\") cur.fail("bad escape in string");
			value += next;
		} else if (char === '"') {
			return { type: "string", value };
		} else {
			const code = char.charCodeAt(0);
			if (code < 0x20 || code > 0x7e) cur.fail("non-printable character in string");
			value += char;
		}
	}
}

function parseToken(cur: Cursor): BareItem {
	let value = cur.take();
	while (!cur.done() && TOKEN_CHAR.test(cur.peek())) value += cur.take();
	return { type: "token", value };
}

function parseBytes(cur: Cursor): BareItem {
	cur.take();
	let text = "";
	for (;;) {
		if (cur.done()) cur.fail("unterminated byte sequence");
		const char = cur.take();
		if (char === ":") break;
		if (!BASE64_CHAR.test(char)) cur.fail("invalid base64 in byte sequence");
		text += char;
	}
	// Strict base64: padding only at the end and a length that decodes exactly.
	if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1)
		cur.fail("invalid base64 in byte sequence");
	return { type: "bytes", value: new Uint8Array(Buffer.from(text, "base64")) };
}

function parseBoolean(cur: Cursor): BareItem {
	cur.take();
	const char = cur.take();
	if (char !== "0" && char !== "1") cur.fail("invalid boolean");
	return { type: "boolean", value: char === "1" };
}

function parseDate(cur: Cursor): BareItem {
	cur.take();
	const number = parseNumber(cur);
	if (number.type !== "integer") cur.fail("date must be an integer");
	return { type: "date", value: number.value };
}

function parseDisplayString(cur: Cursor): BareItem {
	cur.take();
	if (cur.take() !== '"') cur.fail('display string must start with %"');
	const bytes: number[] = [];
	for (;;) {
		if (cur.done()) cur.fail("unterminated display string");
		const char = cur.take();
		const code = char.charCodeAt(0);
		if (code < 0x20 || code > 0x7e) cur.fail("non-printable character in display string");
		if (char === '"') break;
		if (char === "%") {
			const hex = cur.take() + cur.take();
			if (!/^[0-9a-f]{2}$/.test(hex)) cur.fail("invalid percent-encoding in display string");
			bytes.push(Number.parseInt(hex, 16));
		} else {
			bytes.push(code);
		}
	}
	try {
		return {
			type: "displayString",
			value: new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes)),
		};
	} catch {
		return cur.fail("display string is not UTF-8");
	}
}

function parseBareItem(cur: Cursor): BareItem {
	const char = cur.peek();
	if (char === "-" || DIGIT.test(char)) return parseNumber(cur);
	if (char === '"') return parseString(cur);
	if (char === ":") return parseBytes(cur);
	if (char === "?") return parseBoolean(cur);
	if (char === "@") return parseDate(cur);
	if (char === "%") return parseDisplayString(cur);
	if (TOKEN_FIRST.test(char)) return parseToken(cur);
	return cur.fail("expected an item");
}

function parseParameters(cur: Cursor): Parameters {
	const params: Parameters = new Map();
	while (cur.peek() === ";") {
		cur.take();
		cur.skipSpaces();
		const key = parseKey(cur);
		let value: BareItem = { type: "boolean", value: true };
		if (cur.peek() === "=") {
			cur.take();
			value = parseBareItem(cur);
		}
		params.set(key, value);
	}
	return params;
}

function parseItem(cur: Cursor): Item {
	const item = parseBareItem(cur);
	return { kind: "item", item, params: parseParameters(cur) };
}

function parseInnerList(cur: Cursor): InnerList {
	cur.take();
	const items: Item[] = [];
	for (;;) {
		cur.skipSpaces();
		if (cur.done()) cur.fail("unterminated inner list");
		if (cur.peek() === ")") {
			cur.take();
			return { kind: "innerList", items, params: parseParameters(cur) };
		}
		items.push(parseItem(cur));
		if (cur.peek() !== " " && cur.peek() !== ")") cur.fail("expected space or ) in inner list");
	}
}

/** Parses a dictionary; a later duplicate key replaces the earlier one, as RFC 8941 says. */
export function parseDictionary(text: string): Map<string, DictionaryMember> {
	const cur = new Cursor(text);
	const dict = new Map<string, DictionaryMember>();
	cur.skipSpaces();
	if (cur.done()) return dict;
	for (;;) {
		const key = parseKey(cur);
		let member: DictionaryMember;
		if (cur.peek() === "=") {
			cur.take();
			member = cur.peek() === "(" ? parseInnerList(cur) : parseItem(cur);
		} else {
			member = {
				kind: "item",
				item: { type: "boolean", value: true },
				params: parseParameters(cur),
			};
		}
		dict.delete(key);
		dict.set(key, member);
		cur.skipOws();
		if (cur.done()) return dict;
		if (cur.take() !== ",") cur.fail("expected ,");
		cur.skipOws();
		if (cur.done()) cur.fail("trailing comma");
	}
}
