import { GpsColumnsBuilder } from "./gps-columns";
import { LINE_SLOTS, readGpsLineByRanges } from "./gps-line";
import { readGpsLineFast } from "./gps-line-fast";
import { asciiText, BYTE_LF, bomLength, sameBytes, toBytes } from "./scan";
import type { GpsFile, ParseIssue } from "./types";

/** Bytes looked at to estimate the line count (lines of one file are alike in length). */
const SAMPLE_BYTES = 1 << 16;

/**
 * Capacity to start the columns with: the line count extrapolated from the first 64 KiB,
 * plus 2%. Close to exact for a real file, so the columns rarely grow (a copy) and the final
 * trim is a view, not a second copy at the memory peak. Counting every LF up front would be
 * exact but costs as much as a tenth of the parse.
 */
function estimateLineCount(bytes: Uint8Array, from: number): number {
	const end = Math.min(bytes.length, from + SAMPLE_BYTES);
	let lines = 0;
	for (let i = from; i < end; i++) if (bytes[i] === BYTE_LF) lines++;
	if (end === bytes.length) return lines + 1;
	const bytesPerLine = (end - from) / Math.max(1, lines);
	return Math.ceil(((bytes.length - from) / bytesPerLine) * 1.02) + 16;
}

/**
 * Parses `gps.six` (FORMATS.md): both variants, decided per line by field count; rejected
 * lines go to the report with their 1-based number. Never throws.
 *
 * Each line is first read in one pass by `readGpsLineFast`, which covers the common shape; a
 * line it does not accept is read again field by field (`readGpsLineByRanges`), the reference
 * reading, which accepts it or names the reason. No substring, split or per-line object is
 * made for an accepted line, except the battery text, reused while it repeats.
 */
export function parseGpsFile(input: string | Uint8Array): GpsFile {
	return parseGpsBytes(toBytes(input), true);
}

/** With `fastPath` false every line is read by the reference reading (tests compare both). */
export function parseGpsBytes(bytes: Uint8Array, fastPath: boolean): GpsFile {
	const n = bytes.length;
	let pos = bomLength(bytes);
	const cols = new GpsColumnsBuilder(estimateLineCount(bytes, pos));
	const report: ParseIssue[] = [];
	const out = new Float64Array(LINE_SLOTS);
	const battery = new Int32Array(2);
	// The fast reading needs an LF ahead of it; a last line without one takes the other path.
	const lastLf = fastPath ? bytes.lastIndexOf(BYTE_LF) : -1;
	let batteryText = "";
	let batteryStart = 0;
	let batteryEnd = -1;
	let lineNo = 0;

	while (pos < n) {
		lineNo++;
		if (cols.length === cols.capacity) cols.grow();
		let next = pos <= lastLf ? readGpsLineFast(bytes, pos, cols, battery) : -1;
		if (next < 0) {
			next = readLineByRanges(bytes, pos, out, battery, lineNo, report);
			if (next < 0) {
				pos = -next;
				continue;
			}
			cols.setRow(out);
		}
		pos = next;

		// Battery text rarely changes between fixes: decode it only when its bytes do.
		const bs = battery[0]!;
		const be = battery[1]!;
		if (
			be - bs !== batteryEnd - batteryStart ||
			!sameBytes(bytes, bs, be, batteryStart, batteryEnd)
		) {
			batteryText = asciiText(bytes, bs, be);
			batteryStart = bs;
			batteryEnd = be;
		}
		cols.commitRow(lineNo, batteryText);
	}
	return { points: cols.finish(), report };
}

/**
 * The reference reading of the line at `pos`. Returns the index after the line when it is
 * accepted (values in `out`), or minus that index when it is blank or rejected (reported).
 */
function readLineByRanges(
	bytes: Uint8Array,
	pos: number,
	out: Float64Array,
	battery: Int32Array,
	lineNo: number,
	report: ParseIssue[],
): number {
	let lineEnd = bytes.indexOf(BYTE_LF, pos);
	if (lineEnd < 0) lineEnd = bytes.length;
	const reason = readGpsLineByRanges(bytes, pos, lineEnd, out, battery);
	if (reason === null) return lineEnd + 1;
	if (reason !== "") report.push({ file: "gps.six", line: lineNo, reason });
	return -(lineEnd + 1);
}
