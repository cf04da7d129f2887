import * as bytesModule from "./bytes";
import * as namespaces from "./gpx-namespaces";
import * as isoTime from "./iso-time";
import * as swar from "./swar";

// Bound once: under the tsx loader an imported binding is a getter, called on every use.
const readNumber = bytesModule.readNumber;
const numberStatus = bytesModule.numberStatus;
const NUMBER_OK = bytesModule.NUMBER_OK;
const readIsoTime = isoTime.readIsoTime;
const isoZoneMissing = isoTime.isoZoneMissing;
const NS_GPX = namespaces.NS_GPX;
const NS_GPX10 = namespaces.NS_GPX10;
const NS_LAPSIX = namespaces.NS_LAPSIX;
const NS_TPX = namespaces.NS_TPX;
const POW10 = swar.POW10;

/** Slots of `readPointFast`'s output. */
export const POINT_LAT = 0;
export const POINT_LON = 1;
export const POINT_TIME = 2;
export const POINT_ELE = 3;
export const POINT_SPEED_MPS = 4;
export const POINT_COURSE = 5;
/** Measured lean (NaN when none or estimated). */
export const POINT_LEAN = 6;
/** 1 when the point had an estimated lean (set aside). */
export const POINT_ESTIMATED_LEAN = 7;

/** Kinds of the values a point's bytes hold, in document order (for `PointTemplate`). */
const V_LAT = 0;
const V_LON = 1;
const V_TIME = 2;
const V_ELE = 3;
const V_SPEED = 4;
const V_COURSE = 5;
const V_LEAN = 6;
const V_LEAN_ESTIMATED = 7;
const V_IGNORED = 8;
const MAX_VALUES = 32;
/** The values of the last point `readPointFast` read: ranges and kinds (-1 count: too many). */
const recorded = {
	count: 0,
	start: new Int32Array(MAX_VALUES),
	end: new Int32Array(MAX_VALUES),
	kind: new Int32Array(MAX_VALUES),
};

function record(start: number, end: number, kind: number): void {
	if (recorded.count < 0) return;
	if (recorded.count === MAX_VALUES) {
		recorded.count = -1;
		return;
	}
	recorded.start[recorded.count] = start;
	recorded.end[recorded.count] = end;
	recorded.kind[recorded.count] = kind;
	recorded.count++;
}

/** Element depth inside a `trkpt` the fast path follows (`extensions` > extension > value). */
const MAX_DEPTH = 8;
const stackStart = new Int32Array(MAX_DEPTH);
const stackEnd = new Int32Array(MAX_DEPTH);

/** 1 at the bytes that end an element or attribute name (blank, `>`, `/`, `=`), 2 at `:`. */
const NAME_BYTE = new Uint8Array(256);
for (const b of [32, 10, 13, 9, 62, 47, 61]) NAME_BYTE[b] = 1;
NAME_BYTE[58] = 2;

function isSpace(b: number): boolean {
	return b === 32 || b === 10 || b === 13 || b === 9;
}

/** Whether `bytes[s, e)` is the ASCII `word`. */
function is(bytes: Uint8Array, s: number, e: number, word: string): boolean {
	if (e - s !== word.length) return false;
	for (let i = 0; i < word.length; i++) if (bytes[s + i] !== word.charCodeAt(i)) return false;
	return true;
}

/** What `readStartTag` read: the name, its `:`, and whether the tag closed itself. */
const tag = { nameStart: 0, nameEnd: 0, colon: -1, selfClosing: false, estimated: -1 };

/**
 * A start tag from its `<` at `at`: name, attributes (`lat`/`lon` into `out` when `point`,
 * `estimated`), `>` or `/>`. Returns the index after it, or -1 for anything the fast path
 * leaves to the general one (a namespace declaration, an entity, an unreadable lat/lon).
 */
function readStartTag(bytes: Uint8Array, at: number, point: boolean, out: Float64Array): number {
	const n = bytes.length;
	const kinds = NAME_BYTE;
	let p = at + 1;
	tag.nameStart = p;
	tag.colon = -1;
	tag.estimated = -1;
	while (p < n) {
		const k = kinds[bytes[p]!]!;
		if (k === 1) break;
		if (k === 2 && tag.colon < 0) tag.colon = p;
		p++;
	}
	tag.nameEnd = p;
	if (p === tag.nameStart) return -1;
	for (;;) {
		while (p < n && isSpace(bytes[p]!)) p++;
		if (p >= n) return -1;
		const b = bytes[p]!;
		if (b === 62 /* > */) {
			tag.selfClosing = false;
			return p + 1;
		}
		if (b === 47 /* / */) {
			if (bytes[p + 1] !== 62) return -1;
			tag.selfClosing = true;
			return p + 2;
		}
		const as = p;
		while (p < n && kinds[bytes[p]!] === 0) p++;
		const ae = p;
		if (ae === as || (ae - as >= 5 && is(bytes, as, as + 5, "xmlns"))) return -1;
		while (p < n && isSpace(bytes[p]!)) p++;
		if (bytes[p] !== 61 /* = */) return -1;
		p++;
		while (p < n && isSpace(bytes[p]!)) p++;
		const quote = bytes[p];
		if (quote !== 34 && quote !== 39) return -1;
		const vs = p + 1;
		let ve = vs;
		for (;;) {
			if (ve >= n) return -1;
			const c = bytes[ve]!;
			if (c === quote) break;
			if (c === 38 /* & */ || c === 60) return -1;
			ve++;
		}
		p = ve + 1;
		if (point && is(bytes, as, ae, "lat")) {
			out[POINT_LAT] = readNumber(bytes, vs, ve);
			if (numberStatus() !== NUMBER_OK) return -1;
			record(vs, ve, V_LAT);
		} else if (point && is(bytes, as, ae, "lon")) {
			out[POINT_LON] = readNumber(bytes, vs, ve);
			if (numberStatus() !== NUMBER_OK) return -1;
			record(vs, ve, V_LON);
		} else if (!point && is(bytes, as, ae, "estimated")) {
			// Its value changes what the element means: part of the template, not a value.
			tag.estimated = is(bytes, vs, ve, "true") ? 1 : 0;
		} else record(vs, ve, V_IGNORED);
	}
}

/**
 * The hot path of the GPX importer: one `<trkpt …>…</trkpt>` read straight from the bytes,
 * with no token per element, in the shape nearly every file has: attributes in quotes,
 * children that are either containers or text without entities, nothing but blanks between
 * them. It is as strict as the tokenizer (end tags must match) and reads what the general
 * path reads; anything else (a namespace declaration, an entity, a comment or CDATA, text it
 * cannot read, a point without time or a time without zone) makes it give up (-1) before
 * anything is kept, and the general path reads the point and reports what it must.
 *
 * `at` is the `<` of the trkpt; `resolve(prefixStart, prefixEnd)` gives the namespace of a
 * prefix in scope (`resolve(0, 0)` the default one). Returns the index after `</trkpt>`.
 */
export function readPointFast(
	bytes: Uint8Array,
	at: number,
	resolve: (prefixStart: number, prefixEnd: number) => number,
	out: Float64Array,
): number {
	const n = bytes.length;
	out.fill(Number.NaN);
	out[POINT_ESTIMATED_LEAN] = 0;
	recorded.count = 0;
	let p = readStartTag(bytes, at, true, out);
	if (p < 0 || tag.selfClosing) return -1;
	let depth = 0;
	stackStart[0] = tag.nameStart;
	stackEnd[0] = tag.nameEnd;
	for (;;) {
		while (p < n && isSpace(bytes[p]!)) p++;
		if (p >= n || bytes[p] !== 60 /* < */) return -1;
		const next = bytes[p + 1];
		if (next === 47 /* / */) {
			// The end tag of the open element.
			if (!sameName(bytes, p + 2, stackStart[depth]!, stackEnd[depth]!)) return -1;
			p += 2 + stackEnd[depth]! - stackStart[depth]!;
			while (p < n && isSpace(bytes[p]!)) p++;
			if (bytes[p] !== 62) return -1;
			p++;
			if (depth === 0) {
				const complete =
					!Number.isNaN(out[POINT_LAT]!) &&
					!Number.isNaN(out[POINT_LON]!) &&
					!Number.isNaN(out[POINT_TIME]!);
				return complete ? p : -1;
			}
			depth--;
			continue;
		}
		if (next === 33 /* ! */ || next === 63 /* ? */) return -1;
		p = readStartTag(bytes, p, false, out);
		if (p < 0) return -1;
		if (tag.selfClosing) continue;
		let q = p;
		while (q < n && isSpace(bytes[q]!)) q++;
		if (bytes[q] === 60 && bytes[q + 1] !== 47) {
			// A container: its children come next.
			if (++depth >= MAX_DEPTH) return -1;
			stackStart[depth] = tag.nameStart;
			stackEnd[depth] = tag.nameEnd;
			p = q;
			continue;
		}
		// A value: text to the next `<`, which must close this element.
		let te = p;
		for (;;) {
			if (te >= n) return -1;
			const c = bytes[te]!;
			if (c === 60) break;
			if (c === 38) return -1;
			te++;
		}
		if (bytes[te + 1] !== 47 || !sameName(bytes, te + 2, tag.nameStart, tag.nameEnd)) return -1;
		const ts = p;
		p = te + 2 + (tag.nameEnd - tag.nameStart);
		while (p < n && isSpace(bytes[p]!)) p++;
		if (bytes[p] !== 62) return -1;
		p++;
		if (te > ts && !isBlankRange(bytes, ts, te)) {
			if (
				!readValue(
					bytes,
					tag.nameStart,
					tag.colon,
					tag.nameEnd,
					ts,
					te,
					tag.estimated,
					resolve,
					out,
				)
			) {
				return -1;
			}
		}
	}
}

function isBlankRange(bytes: Uint8Array, s: number, e: number): boolean {
	for (let k = s; k < e; k++) if (!isSpace(bytes[k]!)) return false;
	return true;
}

/** Whether `bytes[at…]` starts with the name `bytes[s, e)` followed by a byte that ends a name. */
function sameName(bytes: Uint8Array, at: number, s: number, e: number): boolean {
	const length = e - s;
	for (let i = 0; i < length; i++) if (bytes[at + i] !== bytes[s + i]) return false;
	return NAME_BYTE[bytes[at + length]!] === 1;
}

/** Stores a child's value by its namespace and local name; false when it cannot be read. */
function readValue(
	bytes: Uint8Array,
	nameStart: number,
	colon: number,
	nameEnd: number,
	ts: number,
	te: number,
	estimated: number,
	resolve: (prefixStart: number, prefixEnd: number) => number,
	out: Float64Array,
): boolean {
	const ls = colon >= 0 ? colon + 1 : nameStart;
	const length = nameEnd - ls;
	if (length < 3 || length > 6) return true;
	const ns = colon >= 0 ? resolve(nameStart, colon) : resolve(0, 0);
	const gpx = ns === NS_GPX || ns === NS_GPX10;
	if (gpx && is(bytes, ls, nameEnd, "time")) {
		out[POINT_TIME] = readIsoTime(bytes, ts, te);
		record(ts, te, V_TIME);
		return !Number.isNaN(out[POINT_TIME]!) && !isoZoneMissing();
	}
	let slot = -1;
	if (gpx && is(bytes, ls, nameEnd, "ele")) slot = POINT_ELE;
	else if ((gpx || ns === NS_TPX) && is(bytes, ls, nameEnd, "speed")) slot = POINT_SPEED_MPS;
	else if ((gpx || ns === NS_TPX) && is(bytes, ls, nameEnd, "course")) slot = POINT_COURSE;
	else if (ns === NS_LAPSIX && is(bytes, ls, nameEnd, "lean")) slot = POINT_LEAN;
	if (slot < 0) {
		record(ts, te, V_IGNORED);
		return true;
	}
	const value = readNumber(bytes, ts, te);
	if (numberStatus() !== NUMBER_OK) return false;
	if (slot === POINT_LEAN && estimated === 1) {
		out[POINT_ESTIMATED_LEAN] = 1;
		record(ts, te, V_LEAN_ESTIMATED);
	} else {
		out[slot] = value;
		record(ts, te, slotKind(slot));
	}
	return true;
}

function slotKind(slot: number): number {
	if (slot === POINT_ELE) return V_ELE;
	if (slot === POINT_SPEED_MPS) return V_SPEED;
	if (slot === POINT_COURSE) return V_COURSE;
	return V_LEAN;
}

/**
 * The bytes of the last point `readPointFast` read with its values cut out: in a file whose
 * points are all written alike, the next point is these same bytes with other values, and
 * reading it is comparing the template a word at a time and reading the values. Values hold
 * no `<` or `&` (and an attribute's no quote), so bytes that match are the same elements, the
 * same names, the same namespaces: the point the strict reading read, with new values. Any
 * other byte, or a value that does not read, and `match` gives -1 (then `readPointFast`).
 */
export class PointTemplate {
	private readonly skeleton: Uint8Array;
	private readonly view: DataView;
	/** Piece k of the skeleton: [pieceStart[k], pieceStart[k + 1]); value k follows piece k. */
	private readonly pieceStart: Int32Array;
	private readonly kinds: Int32Array;
	private readonly count: number;
	/** Line ends in a point that matches: the skeleton's (values never hold one). */
	readonly lineEnds: number;

	private constructor(skeleton: Uint8Array, pieceStart: Int32Array, kinds: Int32Array) {
		this.skeleton = skeleton;
		let lineEnds = 0;
		for (let i = 0; i < skeleton.length; i++) if (skeleton[i] === 10) lineEnds++;
		this.lineEnds = lineEnds;
		this.view = new DataView(skeleton.buffer, skeleton.byteOffset, skeleton.byteLength);
		this.pieceStart = pieceStart;
		this.kinds = kinds;
		this.count = kinds.length;
	}

	/** The template of the point `readPointFast` just read at [at, end), or null. */
	static ofLastPoint(bytes: Uint8Array, at: number, end: number): PointTemplate | null {
		const count = recorded.count;
		if (count < 0) return null;
		let valueBytes = 0;
		for (let k = 0; k < count; k++) valueBytes += recorded.end[k]! - recorded.start[k]!;
		const skeleton = new Uint8Array(end - at - valueBytes);
		const pieceStart = new Int32Array(count + 2);
		let w = 0;
		let from = at;
		for (let k = 0; k <= count; k++) {
			const to = k < count ? recorded.start[k]! : end;
			pieceStart[k] = w;
			skeleton.set(bytes.subarray(from, to), w);
			w += to - from;
			if (k < count) from = recorded.end[k]!;
		}
		pieceStart[count + 1] = w;
		for (let k = 1; k <= count; k++) {
			// Every value is followed by its terminator: a quote or `<`.
			const terminator = skeleton[pieceStart[k]!];
			if (terminator !== 34 && terminator !== 39 && terminator !== 60) return null;
		}
		return new PointTemplate(skeleton, pieceStart, recorded.kind.slice(0, count));
	}

	/** Reads the point at `at` if its bytes fit the template: the index after it, or -1. */
	match(bytes: Uint8Array, view: DataView, at: number, out: Float64Array): number {
		const n = bytes.length;
		const skeleton = this.skeleton;
		const skeletonView = this.view;
		const pieceStart = this.pieceStart;
		const kinds = this.kinds;
		const count = this.count;
		out[POINT_LAT] = Number.NaN;
		out[POINT_LON] = Number.NaN;
		out[POINT_TIME] = Number.NaN;
		out[POINT_ELE] = Number.NaN;
		out[POINT_SPEED_MPS] = Number.NaN;
		out[POINT_COURSE] = Number.NaN;
		out[POINT_LEAN] = Number.NaN;
		out[POINT_ESTIMATED_LEAN] = 0;
		let p = at;
		for (let k = 0; ; k++) {
			const s = pieceStart[k]!;
			const length = pieceStart[k + 1]! - s;
			if (p + length > n) return -1;
			let i = 0;
			for (; i + 4 <= length; i += 4) {
				if (view.getInt32(p + i, true) !== skeletonView.getInt32(s + i, true)) return -1;
			}
			for (; i < length; i++) if (bytes[p + i] !== skeleton[s + i]) return -1;
			p += length;
			if (k === count) return p;
			const terminator = skeleton[pieceStart[k + 1]!]!;
			const kind = kinds[k]!;
			let value = Number.NaN;
			if (kind !== V_TIME && kind !== V_IGNORED) {
				// Nearly every number: `[-+]digits[.digits]` (at most 15 digits) right up to the
				// terminator, read as its bytes go by, to the value readNumber gives.
				let q = p;
				const sign = q < n ? bytes[q]! : 0;
				if (sign === 45 || sign === 43) q++;
				let mantissa = 0;
				let digits = 0;
				let dotAt = -1;
				for (; q < n; q++) {
					const d = bytes[q]! - 48;
					if (d >>> 0 <= 9) {
						mantissa = mantissa * 10 + d;
						digits++;
					} else if (d === -2 && dotAt < 0) dotAt = digits;
					else break;
				}
				if (q < n && bytes[q] === terminator && digits > 0 && digits <= 15) {
					const fraction = dotAt < 0 ? 0 : digits - dotAt;
					value = fraction === 0 ? mantissa : mantissa / POW10[fraction]!;
					if (sign === 45) value = -value;
					p = q;
				}
			}
			if (Number.isNaN(value)) {
				const vs = p;
				for (;;) {
					if (p >= n) return -1;
					const c = bytes[p]!;
					if (c === terminator) break;
					if (c === 60 || c === 38 || c === 10) return -1;
					p++;
				}
				if (kind === V_IGNORED) continue;
				if (kind === V_TIME) {
					const t = readIsoTime(bytes, vs, p);
					if (Number.isNaN(t) || isoZoneMissing()) return -1;
					out[POINT_TIME] = t;
					continue;
				}
				value = readNumber(bytes, vs, p);
				if (numberStatus() !== NUMBER_OK) return -1;
			}
			if (kind === V_LAT) out[POINT_LAT] = value;
			else if (kind === V_LON) out[POINT_LON] = value;
			else if (kind === V_ELE) out[POINT_ELE] = value;
			else if (kind === V_SPEED) out[POINT_SPEED_MPS] = value;
			else if (kind === V_COURSE) out[POINT_COURSE] = value;
			else if (kind === V_LEAN) out[POINT_LEAN] = value;
			else out[POINT_ESTIMATED_LEAN] = 1;
		}
	}
}
