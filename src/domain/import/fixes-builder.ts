import type { ExtraChannelName, Fixes, Recording, SourceFormat } from "../recording/types";
import type { ImportReport } from "./report";

/** Which optional columns a recording carries (decided from its header, before any row). */
export interface FixesLayout {
	lean?: boolean;
	distance?: boolean;
	extra?: readonly ExtraChannelName[];
}

/**
 * Growing columns of accepted fixes. An importer takes a row with `next()`, writes every
 * column it declared at that index, then `commit()`s it (or leaves it, and the next `next()`
 * reuses the slot). Optional columns start NaN-free: `clearRow` fills them with NaN.
 */
export class FixesBuilder {
	length = 0;
	capacity: number;
	timeMs: Float64Array;
	lat: Float64Array;
	lon: Float64Array;
	speedKmh: Float32Array;
	leanDeg: Float32Array | null;
	distanceM: Float64Array | null;
	line: Uint32Array;
	readonly extraNames: readonly ExtraChannelName[];
	/** Extra channels by slot, in `extraNames` order. */
	extra: Float32Array[];

	constructor(layout: FixesLayout = {}, capacity = 1024) {
		this.capacity = Math.max(16, Math.floor(capacity));
		const n = this.capacity;
		this.timeMs = new Float64Array(n);
		this.lat = new Float64Array(n);
		this.lon = new Float64Array(n);
		this.speedKmh = new Float32Array(n);
		this.leanDeg = layout.lean ? new Float32Array(n) : null;
		this.distanceM = layout.distance ? new Float64Array(n) : null;
		this.line = new Uint32Array(n);
		this.extraNames = [...new Set(layout.extra ?? [])];
		this.extra = this.extraNames.map(() => new Float32Array(n));
	}

	/** Slot of an extra channel, or -1 when the layout lacks it. */
	slot(name: ExtraChannelName): number {
		return this.extraNames.indexOf(name);
	}

	/** Index of the row to write next (growing the columns when full). */
	next(): number {
		if (this.length === this.capacity) this.grow();
		return this.length;
	}

	commit(): void {
		this.length++;
	}

	/** Time of the last committed fix, or -Infinity. */
	lastTimeMs(): number {
		return this.length === 0 ? Number.NEGATIVE_INFINITY : this.timeMs[this.length - 1]!;
	}

	/** Sets the speed and every optional column of row `i` to NaN. */
	clearRow(i: number): void {
		this.speedKmh[i] = Number.NaN;
		if (this.leanDeg) this.leanDeg[i] = Number.NaN;
		if (this.distanceM) this.distanceM[i] = Number.NaN;
		for (const column of this.extra) column[i] = Number.NaN;
	}

	private grow(): void {
		const n = this.capacity * 2;
		const grow64 = (a: Float64Array) => {
			const b = new Float64Array(n);
			b.set(a);
			return b;
		};
		const grow32 = (a: Float32Array) => {
			const b = new Float32Array(n);
			b.set(a);
			return b;
		};
		this.timeMs = grow64(this.timeMs);
		this.lat = grow64(this.lat);
		this.lon = grow64(this.lon);
		this.speedKmh = grow32(this.speedKmh);
		if (this.leanDeg) this.leanDeg = grow32(this.leanDeg);
		if (this.distanceM) this.distanceM = grow64(this.distanceM);
		const line = new Uint32Array(n);
		line.set(this.line);
		this.line = line;
		this.extra = this.extra.map(grow32);
		this.capacity = n;
	}

	/** Keeps the rows whose `keep` byte is 1, in order. */
	keepRows(keep: Uint8Array): void {
		let w = 0;
		for (let r = 0; r < this.length; r++) {
			if (keep[r] !== 1) continue;
			if (w !== r) {
				this.timeMs[w] = this.timeMs[r]!;
				this.lat[w] = this.lat[r]!;
				this.lon[w] = this.lon[r]!;
				this.speedKmh[w] = this.speedKmh[r]!;
				if (this.leanDeg) this.leanDeg[w] = this.leanDeg[r]!;
				if (this.distanceM) this.distanceM[w] = this.distanceM[r]!;
				this.line[w] = this.line[r]!;
				for (const column of this.extra) column[w] = column[r]!;
			}
			w++;
		}
		this.length = w;
	}

	/**
	 * The fixes, trimmed to their length. An extra channel with no value at all (every entry
	 * NaN) is left out, as is lean when no fix has one.
	 */
	finish(): Fixes {
		const n = this.length;
		// A column nearly full (the capacity came from the file's line lengths) is handed out as a
		// view of its first n rows: no second allocation and copy of every column; a column
		// with more room left is copied, so a recording never holds much unused memory.
		const trim = <T extends Float64Array | Float32Array | Uint32Array>(column: T): T =>
			(n >= column.length - (column.length >> 4) ? column.subarray(0, n) : column.slice(0, n)) as T;
		const extra: Fixes["extra"] = {};
		this.extraNames.forEach((name, slot) => {
			const column = this.extra[slot]!;
			if (hasValue(column, n)) extra[name] = trim(column);
		});
		const fixes: Fixes = {
			length: n,
			timeMs: trim(this.timeMs),
			lat: trim(this.lat),
			lon: trim(this.lon),
			speedKmh: trim(this.speedKmh),
			extra,
			line: trim(this.line),
		};
		if (this.leanDeg && hasValue(this.leanDeg, n)) fixes.leanDeg = trim(this.leanDeg);
		if (this.distanceM && hasValue(this.distanceM, n)) fixes.distanceM = trim(this.distanceM);
		return fixes;
	}
}

/** Whether one of the first `n` entries is not NaN. */
function hasValue(column: Float32Array | Float64Array, n: number): boolean {
	for (let i = 0; i < n; i++) if (!Number.isNaN(column[i]!)) return true;
	return false;
}

/** No fixes. */
export function emptyFixes(): Fixes {
	return new FixesBuilder({}, 16).finish();
}

/** A recording with nothing in it but its report (an unreadable or refused file). */
export function emptyRecording(
	format: SourceFormat,
	report: ImportReport,
	device: string | null = null,
): Recording {
	return {
		source: { format, device },
		dateKnown: false,
		trackName: null,
		fixes: emptyFixes(),
		lapMarksMs: [],
		lines: null,
		report: report.finish(),
	};
}

/** A first capacity for a file of `byteLength` bytes whose rows are about `rowBytes` long. */
export function capacityFor(byteLength: number, rowBytes: number): number {
	return Math.min(4_000_000, Math.max(1024, Math.ceil(byteLength / rowBytes) + 16));
}

/**
 * A first capacity for the lines of `bytes` from `pos` on: one allocation for a regular file,
 * without reserving for rows it lacks. The bytes are cut in 16 equal parts and the lines of
 * each counted from the mean length of up to 16 of its lines. Rows often grow longer as a
 * recording goes on (times, distances), so the first lines alone would make too many rows,
 * and `finish` would then copy every column.
 */
export function capacityForLines(bytes: Uint8Array, pos: number, linesPerFix = 1): number {
	const total = bytes.length - pos;
	let lines = 0;
	let counted = 0;
	for (let part = 0; part < PARTS; part++) {
		let at = pos + Math.floor((total * part) / PARTS);
		if (part > 0) {
			// From the first whole line of the part.
			const lf = bytes.indexOf(10, at - 1);
			if (lf < 0) break;
			at = lf + 1;
		}
		const from = at;
		let k = 0;
		while (k < 16 && at < bytes.length) {
			const lf = bytes.indexOf(10, at);
			if (lf < 0) break;
			at = lf + 1;
			k++;
		}
		if (k === 0) continue;
		lines += (total / PARTS) * (k / (at - from));
		counted += total / PARTS;
	}
	if (lines === 0) return 1024;
	const meanLength = counted / lines;
	return capacityFor(total, meanLength * linesPerFix * 0.97);
}

const PARTS = 16;
