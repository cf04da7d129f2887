import { gpsRejectReason } from "./gps-reject";
import { nulReason } from "./reasons";
import {
	BYTE_COMMA,
	BYTE_PIPE,
	hasNulByte,
	indexOfByte,
	isSpaceByte,
	MAX_STORED_INTEGER,
	parseDecimal,
	parseTimeOfDay,
	parseUnsigned,
	trimEnd,
	trimStart,
} from "./scan";

/** Slots of the `out` array this reading fills, one per number of a line. */
export const SLOT_LAT = 0;
export const SLOT_LON = 1;
export const SLOT_SPEED = 2;
export const SLOT_SATELLITES = 3;
export const SLOT_TIME = 4;
export const SLOT_LAP_COUNT = 5;
export const SLOT_FLAG = 6;
export const SLOT_ROLL = 7;
export const SLOT_LEAN = 8;
export const SLOT_DISTANCE = 9;
export const LINE_SLOTS = 10;

const FIELDS_CURRENT = 10;
const FIELDS_OLD = 7;

/**
 * Whether the values in `out` satisfy every range rule of FORMATS.md (the grammar is checked
 * already; NaN fails every comparison, so a missing number fails here too).
 */
function valuesInRange(out: Float64Array): boolean {
	const lat = out[SLOT_LAT]!;
	const lon = out[SLOT_LON]!;
	const satellites = out[SLOT_SATELLITES]!;
	const lapCount = out[SLOT_LAP_COUNT]!;
	return (
		lat >= -90 &&
		lat <= 90 &&
		lon >= -180 &&
		lon <= 180 &&
		!(lat === 0 && lon === 0) &&
		out[SLOT_SPEED]! >= 0 &&
		satellites >= 0 &&
		satellites <= 0xffff &&
		out[SLOT_TIME] !== -1 &&
		lapCount >= 0 &&
		lapCount <= MAX_STORED_INTEGER &&
		out[SLOT_FLAG]! >= 0
	);
}

/**
 * Reads the line [start, end) field by field: the reference reading of FORMATS.md, and the
 * one that explains rejections. Returns null when the line is accepted (numbers in `out`,
 * battery text's byte range in `battery`), "" for a blank line, else the reason.
 */
export function readGpsLineByRanges(
	bytes: Uint8Array,
	start: number,
	end: number,
	out: Float64Array,
	battery: Int32Array,
): string | null {
	const fs = new Int32Array(FIELDS_CURRENT + 1);
	const fe = new Int32Array(FIELDS_CURRENT + 1);
	let fields = 0;
	fs[0] = start;
	for (let p = start; p < end; p++) {
		if (bytes[p] === BYTE_PIPE) {
			if (fields < FIELDS_CURRENT) {
				fe[fields] = p;
				fs[fields + 1] = p + 1;
			}
			fields++;
		}
	}
	fields++;
	if (fields <= FIELDS_CURRENT) fe[fields - 1] = end;
	if (fields === 1 && isBlank(bytes, start, end)) return "";
	if (fields !== FIELDS_CURRENT && fields !== FIELDS_OLD) {
		return gpsRejectReason(bytes, fs, fe, fields);
	}
	const comma = indexOfByte(bytes, BYTE_COMMA, fs[0]!, fe[0]!);
	out[SLOT_LAT] = comma < 0 ? Number.NaN : parseDecimal(bytes, fs[0]!, comma);
	out[SLOT_LON] = comma < 0 ? Number.NaN : parseDecimal(bytes, comma + 1, fe[0]!);
	out[SLOT_SPEED] = parseDecimal(bytes, fs[1]!, fe[1]!);
	out[SLOT_SATELLITES] = parseUnsigned(bytes, fs[2]!, fe[2]!);
	out[SLOT_TIME] = parseTimeOfDay(bytes, fs[3]!, fe[3]!);
	out[SLOT_LAP_COUNT] = parseUnsigned(bytes, fs[4]!, fe[4]!);
	out[SLOT_FLAG] = parseFlag(bytes, fs[5]!, fe[5]!);
	battery[0] = trimStart(bytes, fs[6]!, fe[6]!);
	battery[1] = trimEnd(bytes, battery[0]!, fe[6]!);
	if (hasNulByte(bytes, battery[0]!, battery[1]!)) return nulReason("bateria");
	let extrasOk = true;
	if (fields === FIELDS_CURRENT) {
		out[SLOT_ROLL] = parseDecimal(bytes, fs[7]!, fe[7]!);
		out[SLOT_LEAN] = parseDecimal(bytes, fs[8]!, fe[8]!);
		out[SLOT_DISTANCE] = parseUnsigned(bytes, fs[9]!, fe[9]!);
		extrasOk =
			!Number.isNaN(out[SLOT_ROLL]) && !Number.isNaN(out[SLOT_LEAN]) && out[SLOT_DISTANCE]! >= 0;
	} else {
		out[SLOT_ROLL] = Number.NaN;
		out[SLOT_LEAN] = Number.NaN;
		out[SLOT_DISTANCE] = Number.NaN;
	}
	if (!extrasOk || !valuesInRange(out)) return gpsRejectReason(bytes, fs, fe, fields);
	return null;
}

/** `0` or `1` (trimmed) as a number, else -1. */
function parseFlag(bytes: Uint8Array, start: number, end: number): number {
	const s = trimStart(bytes, start, end);
	if (trimEnd(bytes, s, end) !== s + 1) return -1;
	const b = bytes[s]!;
	return b === 48 ? 0 : b === 49 ? 1 : -1;
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
	for (let i = start; i < end; i++) if (!isSpaceByte(bytes[i]!)) return false;
	return true;
}
