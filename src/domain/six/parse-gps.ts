import { GpsColumnsBuilder } from "./gps-columns";
import { LINE_SLOTS, readGpsLineByRanges } from "./gps-line";
import { readGpsLinesFast } from "./gps-line-fast";
import { GpsScanState, lastFastLf } from "./gps-scan-state";
import { BYTE_LF, bomLength, toBytes, utf16Reason } from "./scan";
import type { GpsFile, ParseIssue } from "./types";

/** Bytes looked at to estimate the line count (lines of one file are alike in length). */
const SAMPLE_BYTES = 1 << 16;

/**
 * Capacity to start the columns with: the line count extrapolated from the first 64 KiB (of a
 * file of `totalBytes`), plus 2%. Close to exact for a real file, so the columns rarely grow (a
 * copy) and the final trim is a view, not a second copy at the memory peak. Counting every LF up
 * front would be exact but costs as much as a tenth of the parse.
 */
function estimateLineCount(bytes: Uint8Array, from: number, totalBytes: number): number {
	const end = Math.min(bytes.length, from + SAMPLE_BYTES);
	let lines = 0;
	for (let i = from; i < end; i++) if (bytes[i] === BYTE_LF) lines++;
	if (end === totalBytes) return lines + 1;
	const bytesPerLine = (end - from) / Math.max(1, lines);
	return Math.ceil(((totalBytes - from) / bytesPerLine) * 1.02) + 16;
}

/**
 * Parses `gps.six` (FORMATS.md): both variants, decided per line by field count; rejected
 * lines go to the report with their 1-based number. Never throws.
 *
 * Lines are read in runs by `readGpsLinesFast`, which covers the common shape; a line it does
 * not accept is read field by field (`readGpsLineByRanges`), the reference reading, which
 * accepts it or names the reason. No substring, split or per-line object is made for an
 * accepted line, except the battery text, reused while it repeats.
 */
export function parseGpsFile(input: string | Uint8Array): GpsFile {
	return parseGpsBytes(toBytes(input), true);
}

/** With `fastPath` false every line is read by the reference reading (tests compare both). */
export function parseGpsBytes(bytes: Uint8Array, fastPath: boolean): GpsFile {
	const parser = new GpsPieceParser(bytes.length, fastPath);
	parser.push(bytes);
	return parser.finish();
}

/**
 * `parseGpsFile` over a file handed in pieces, so a large file is never whole in memory (its
 * bytes and its columns are an ingest's two largest allocations). Each piece holds whole lines
 * (it ends just after an LF), except the last, which ends where the file ends; the first holds
 * the file's start, at least 64 KiB or the whole file (the UTF-16 check, the BOM, the line-count
 * estimate). The result is the same as one parse of the whole file; the parser keeps no piece.
 */
export class GpsPieceParser {
	private cols: GpsColumnsBuilder | null = null;
	private utf16: string | null = null;
	private readonly report: ParseIssue[] = [];
	private readonly out = new Float64Array(LINE_SLOTS);
	private readonly battery = new Int32Array(2);
	private readonly state = new GpsScanState();
	// The first run is kept short so the fast reading returns once before V8 optimises it
	// mid-loop: code optimised before its exit ever ran gives up at that exit, on every parse.
	private maxRows = 64;

	constructor(
		private readonly totalBytes: number,
		private readonly fastPath = true,
	) {}

	push(bytes: Uint8Array): void {
		let pos = 0;
		let cols = this.cols;
		if (cols === null) {
			this.utf16 = utf16Reason(bytes);
			pos = bomLength(bytes);
			cols = new GpsColumnsBuilder(estimateLineCount(bytes, pos, this.totalBytes));
			this.cols = cols;
		}
		if (this.utf16 !== null) return;
		const report = this.report;
		const out = this.out;
		const battery = this.battery;
		const state = this.state;
		// The battery bytes last decoded are known by their place in a piece, not in this one: an
		// empty range of negative length matches no battery.
		state.batteryEnd = -1;
		const n = bytes.length;
		const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		const lastLf = this.fastPath ? lastFastLf(bytes) : -1;
		let maxRows = this.maxRows;

		while (pos < n) {
			if (cols.length === cols.capacity) cols.grow();
			if (pos <= lastLf) {
				const stop = readGpsLinesFast(bytes, view, pos, lastLf, cols, state, maxRows);
				maxRows = n;
				if (stop !== pos) {
					pos = stop;
					continue;
				}
			}
			// The line at `pos` is not in the common shape (or too close to the end): read it with
			// the reference reading.
			const lineNo = ++state.lineNo;
			let lineEnd = bytes.indexOf(BYTE_LF, pos);
			if (lineEnd < 0) lineEnd = n;
			const reason = readGpsLineByRanges(bytes, pos, lineEnd, out, battery);
			pos = lineEnd + 1;
			if (reason !== null) {
				if (reason !== "") report.push({ file: "gps.six", line: lineNo, kind: "rejected", reason });
				continue;
			}
			cols.setRow(out);
			cols.commitRow(lineNo, state.batteryFor(bytes, battery[0]!, battery[1]!));
		}
		this.maxRows = maxRows;
	}

	finish(): GpsFile {
		if (this.utf16 !== null) {
			return {
				points: new GpsColumnsBuilder(0).finish(),
				report: [{ file: "gps.six", line: 1, kind: "rejected", reason: this.utf16 }],
			};
		}
		return { points: (this.cols ?? new GpsColumnsBuilder(0)).finish(), report: this.report };
	}
}
