/**
 * A small, strict XML 1.0 reader for the exporters' tests: it accepts only well-formed
 * documents (one root, balanced tags, quoted attributes, no duplicate attribute, only the five
 * predefined entities and character references, no `<` or stray `&` in text or attributes, no
 * character XML forbids) and throws with the offset of the first fault. It returns the element
 * tree with namespace prefixes resolved, enough to check GPX and KML structure.
 */

export interface XmlElement {
	/** Qualified name as written (`gpxtpx:speed`). */
	name: string;
	/** Local name (`speed`). */
	local: string;
	/** Namespace URI the prefix (or default namespace) resolves to; "" when none. */
	namespace: string;
	attributes: Record<string, string>;
	children: XmlElement[];
	/** Text directly inside the element, entities decoded. */
	text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids.
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

function decode(raw: string, at: number): string {
	if (raw.includes("<")) throw new Error(`'<' in text or attribute at ${at}`);
	return raw.replace(/&([^;]*);?/g, (match, body: string) => {
		if (!match.endsWith(";")) throw new Error(`unterminated '&' at ${at}`);
		if (body in PREDEFINED) return PREDEFINED[body]!;
		const numeric = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(body);
		if (!numeric) throw new Error(`unknown entity &${body}; at ${at}`);
		const code = numeric[1]!.startsWith("x")
			? Number.parseInt(numeric[1]!.slice(1), 16)
			: Number(numeric[1]);
		return String.fromCodePoint(code);
	});
}

function parseAttributes(source: string, at: number): Record<string, string> {
	const attributes: Record<string, string> = {};
	const pattern = /\s*([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/y;
	let index = 0;
	while (index < source.length) {
		if (/^\s*$/.test(source.slice(index))) break;
		pattern.lastIndex = index;
		const match = pattern.exec(source);
		if (!match)
			throw new Error(`malformed attribute near ${at + index}: ${source.slice(index, index + 30)}`);
		const name = match[1]!;
		if (!NAME.test(name)) throw new Error(`bad attribute name ${name} at ${at + index}`);
		if (name in attributes) throw new Error(`duplicate attribute ${name} at ${at + index}`);
		attributes[name] = decode(match[3] ?? match[4] ?? "", at + index);
		index = pattern.lastIndex;
	}
	return attributes;
}

function resolve(element: XmlElement, scopes: Record<string, string>[]): void {
	const colon = element.name.indexOf(":");
	const prefix = colon < 0 ? "" : element.name.slice(0, colon);
	element.local = colon < 0 ? element.name : element.name.slice(colon + 1);
	for (let k = scopes.length - 1; k >= 0; k--) {
		const uri = scopes[k]![prefix];
		if (uri !== undefined) {
			element.namespace = uri;
			return;
		}
	}
	if (prefix !== "") throw new Error(`undeclared prefix ${prefix} on <${element.name}>`);
}

export function parseXml(text: string): XmlElement {
	if (FORBIDDEN_CHAR.test(text))
		throw new Error(`forbidden character at ${text.search(FORBIDDEN_CHAR)}`);
	let index = 0;
	if (text.startsWith("<?xml")) {
		const end = text.indexOf("?>");
		if (end < 0) throw new Error("unterminated XML declaration");
		index = end + 2;
	}
	const stack: XmlElement[] = [];
	const scopes: Record<string, string>[] = [{ xml: "http://www.w3.org/XML/1998/namespace" }];
	let root: XmlElement | null = null;
	while (index < text.length) {
		const open = text.indexOf("<", index);
		const chunk = open < 0 ? text.slice(index) : text.slice(index, open);
		if (chunk.length > 0) {
			const decoded = decode(chunk, index);
			const parent = stack.at(-1);
			if (parent) parent.text += decoded;
			else if (decoded.trim() !== "") throw new Error(`text outside the root at ${index}`);
		}
		if (open < 0) break;
		if (text.startsWith("<!--", open)) {
			const end = text.indexOf("-->", open);
			if (end < 0) throw new Error(`unterminated comment at ${open}`);
			index = end + 3;
			continue;
		}
		if (text.startsWith("<![CDATA[", open)) {
			const end = text.indexOf("]]>", open);
			if (end < 0 || stack.length === 0) throw new Error(`bad CDATA at ${open}`);
			stack.at(-1)!.text += text.slice(open + 9, end);
			index = end + 3;
			continue;
		}
		const close = text.indexOf(">", open);
		if (close < 0) throw new Error(`unterminated tag at ${open}`);
		const tag = text.slice(open + 1, close);
		index = close + 1;
		if (tag.startsWith("/")) {
			const name = tag.slice(1).trim();
			const element = stack.pop();
			scopes.pop();
			if (!element || element.name !== name) {
				throw new Error(`</${name}> at ${open} closes <${element?.name ?? "nothing"}>`);
			}
			continue;
		}
		const selfClosing = tag.endsWith("/");
		const body = selfClosing ? tag.slice(0, -1) : tag;
		const nameEnd = body.search(/\s|$/);
		const name = body.slice(0, nameEnd);
		if (!NAME.test(name)) throw new Error(`bad element name "${name}" at ${open}`);
		const attributes = parseAttributes(body.slice(nameEnd), open + 1 + nameEnd);
		const scope: Record<string, string> = {};
		for (const [key, value] of Object.entries(attributes)) {
			if (key === "xmlns") scope[""] = value;
			else if (key.startsWith("xmlns:")) scope[key.slice(6)] = value;
		}
		const element: XmlElement = {
			name,
			local: name,
			namespace: "",
			attributes,
			children: [],
			text: "",
		};
		scopes.push(scope);
		resolve(element, scopes);
		const parent = stack.at(-1);
		if (parent) parent.children.push(element);
		else if (root) throw new Error(`second root element <${name}> at ${open}`);
		else root = element;
		if (selfClosing) scopes.pop();
		else stack.push(element);
	}
	if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
	if (!root) throw new Error("no root element");
	return root;
}

/** Every descendant (depth first) whose local name is `local`. */
export function descendants(element: XmlElement, local: string): XmlElement[] {
	const found: XmlElement[] = [];
	const walk = (node: XmlElement) => {
		for (const child of node.children) {
			if (child.local === local) found.push(child);
			walk(child);
		}
	};
	walk(element);
	return found;
}

export function child(element: XmlElement, local: string): XmlElement | undefined {
	return element.children.find((c) => c.local === local);
}

/**
 * Whether `names` follows `order` (each name from `order`, in its order; a name may repeat
 * only where `repeatable` says so); returns the first name out of place, or null.
 */
export function outOfOrder(
	names: readonly string[],
	order: readonly string[],
	repeatable: readonly string[] = [],
): string | null {
	let position = -1;
	for (const name of names) {
		const at = order.indexOf(name);
		if (at < 0 || at < position || (at === position && !repeatable.includes(name))) return name;
		position = at;
	}
	return null;
}
