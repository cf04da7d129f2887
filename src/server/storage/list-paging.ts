import { InvalidListOptionsError } from "./object-storage";

/**
 * Compares two strings in UTF-8 byte order (S3's listing order) without encoding them.
 * UTF-16 code unit order differs from it only for surrogates (code points above U+FFFF),
 * which must sort after U+E000..U+FFFF: shift them to the top of the 16-bit range.
 */
export function compareUtf8(a: string, b: string): number {
	const n = Math.min(a.length, b.length);
	for (let i = 0; i < n; i++) {
		const x = a.charCodeAt(i);
		const y = b.charCodeAt(i);
		if (x !== y) return utf8Rank(x) - utf8Rank(y);
	}
	return a.length - b.length;
}

function utf8Rank(unit: number): number {
	if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
	if (unit >= 0xe000) return unit - 0x800;
	return unit;
}

/** An entry of a listing: an object key, or a rolled-up common prefix (ends with the delimiter). */
export interface ListEntry {
	name: string;
	isPrefix: boolean;
}

/**
 * Rolls keys up into common prefixes S3-style: a key whose remainder after `prefix` contains
 * `delimiter` becomes `prefix + remainder up to and including the delimiter`.
 */
export function rollUpKeys(
	keys: Iterable<string>,
	prefix: string,
	delimiter?: string,
): ListEntry[] {
	const seenPrefixes = new Set<string>();
	const entries: ListEntry[] = [];
	for (const key of keys) {
		if (!key.startsWith(prefix)) continue;
		const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
		if (cut === -1) {
			entries.push({ name: key, isPrefix: false });
			continue;
		}
		const common = key.slice(0, cut + delimiter!.length);
		if (!seenPrefixes.has(common)) {
			seenPrefixes.add(common);
			entries.push({ name: common, isPrefix: true });
		}
	}
	return entries;
}

/**
 * One page of entries strictly after `after`, in UTF-8 order. Entries are unique names
 * (every key below a returned prefix was rolled into it), so "after the last name" is an
 * exact resume point.
 */
export function takePage(
	entries: ListEntry[],
	after: string | undefined,
	maxResults: number,
): { page: ListEntry[]; nextAfter?: string } {
	const remaining =
		after === undefined ? entries : entries.filter((e) => compareUtf8(e.name, after) > 0);
	remaining.sort((a, b) => compareUtf8(a.name, b.name));
	const page = remaining.slice(0, maxResults);
	if (remaining.length <= maxResults) return { page };
	return { page, nextAfter: page[page.length - 1]!.name };
}

const TOKEN_VERSION = 1;

/** Opaque to callers; binds the resume point to the listing it came from. */
export function encodePageToken(after: string, prefix: string, delimiter?: string): string {
	const payload = { v: TOKEN_VERSION, after, prefix, delimiter: delimiter ?? null };
	return Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
}

export function decodePageToken(token: string, prefix: string, delimiter?: string): string {
	let payload: unknown;
	try {
		payload = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
	} catch {
		throw new InvalidListOptionsError("invalid pageToken");
	}
	if (
		typeof payload !== "object" ||
		payload === null ||
		(payload as { v?: unknown }).v !== TOKEN_VERSION ||
		typeof (payload as { after?: unknown }).after !== "string"
	) {
		throw new InvalidListOptionsError("invalid pageToken");
	}
	const p = payload as { after: string; prefix?: unknown; delimiter?: unknown };
	if (p.prefix !== prefix || p.delimiter !== (delimiter ?? null)) {
		throw new InvalidListOptionsError("pageToken belongs to a different listing");
	}
	return p.after;
}
