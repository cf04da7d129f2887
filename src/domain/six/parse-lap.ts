import { formatSectorTime } from "../format/time";
import {
	fieldCountReason,
	flagReason,
	nulReason,
	quote,
	rangeReason,
	tooLargeIntegerReason,
	unsignedReason,
} from "./reasons";
import {
	BYTE_COMMA,
	BYTE_LF,
	BYTE_PIPE,
	bomLength,
	fieldText,
	hasNulByte,
	MAX_STORED_INTEGER,
	parseUnsigned,
	toBytes,
	trimEnd,
	trimStart,
	utf16Reason,
} from "./scan";
import type { LapFile, LapRecord, ParseIssue, SectorNumber, SectorRecord } from "./types";

const LAP_FIELDS = 10;
const SECTOR_SUBFIELDS = 6;
const LAST_SECOND_OF_DAY = 86_399;
const SECTORS: readonly SectorNumber[] = [1, 2, 3, 4];

/** Half-open byte range [start, end). */
interface Span {
	start: number;
	end: number;
}

/**
 * Parses `lap.six` (FORMATS.md): exactly 10 fields per line, rejected lines reported with
 * their 1-based number, duplicate lap numbers resolved in favour of the later line (the
 * earlier one is reported). Laps come out sorted by number. Never throws.
 */
export function parseLapFile(input: string | Uint8Array): LapFile {
	const bytes = toBytes(input);
	const report: ParseIssue[] = [];
	const utf16 = utf16Reason(bytes);
	if (utf16 !== null) {
		return { laps: [], report: [{ file: "lap.six", line: 1, kind: "rejected", reason: utf16 }] };
	}
	const byNumber = new Map<number, LapRecord>();
	let lineNo = 0;
	let pos = bomLength(bytes);
	while (pos < bytes.length) {
		lineNo++;
		let end = bytes.indexOf(BYTE_LF, pos);
		if (end < 0) end = bytes.length;
		const line = { start: trimStart(bytes, pos, end), end: 0 };
		line.end = trimEnd(bytes, line.start, end);
		pos = end + 1;
		if (line.start === line.end) continue;

		const result = readLapLine(bytes, line, lineNo);
		if (typeof result === "string") {
			report.push({ file: "lap.six", line: lineNo, kind: "rejected", reason: result });
			continue;
		}
		const earlier = byNumber.get(result.number);
		if (earlier) {
			report.push({
				file: "lap.six",
				line: earlier.line,
				kind: "notice",
				reason: `número da volta: volta ${result.number} repetida, substituída pela linha ${lineNo}`,
			});
		}
		byNumber.set(result.number, result);
	}
	report.sort((a, b) => a.line - b.line);
	const laps = [...byNumber.values()].sort((a, b) => a.number - b.number);
	return { laps, report };
}

/** Splits [start, end) at every `separator`. */
function splitSpans(bytes: Uint8Array, span: Span, separator: number): Span[] {
	const spans: Span[] = [];
	let from = span.start;
	for (let i = span.start; i < span.end; i++) {
		if (bytes[i] === separator) {
			spans.push({ start: from, end: i });
			from = i + 1;
		}
	}
	spans.push({ start: from, end: span.end });
	return spans;
}

/**
 * Reads one line's fields in order, stopping at the first broken rule. Returns the lap or
 * the reason of the rejection.
 */
class LapLineReader {
	reason: string | null = null;

	constructor(private readonly bytes: Uint8Array) {}

	text(span: Span): string {
		return fieldText(this.bytes, span.start, span.end);
	}

	fail(reason: string): number {
		this.reason ??= reason;
		return 0;
	}

	/** A counter: it must fit the database's `integer`. */
	unsigned(span: Span, label: string): number {
		const value = parseUnsigned(this.bytes, span.start, span.end);
		if (value < 0) return this.fail(unsignedReason(label, this.text(span)));
		if (value > MAX_STORED_INTEGER) return this.fail(tooLargeIntegerReason(label, this.text(span)));
		return value;
	}

	/** Text shown as written; a NUL byte cannot be stored. */
	storedText(span: Span, label: string): string {
		if (hasNulByte(this.bytes, span.start, span.end)) {
			this.fail(nulReason(label));
			return "";
		}
		return this.text(span);
	}

	/** `mmssSSS` left-padded to 7 digits, in milliseconds. */
	lapTime(span: Span): number {
		const text = this.text(span);
		const label = "tempo de volta";
		if (!/^\d+$/.test(text)) {
			if (text === "") return this.fail(`${label}: campo vazio`);
			return this.fail(`${label}: esperados só dígitos (mmssSSS), encontrado ${quote(text)}`);
		}
		if (text.length > 7) return this.fail(`${label}: mais de 7 dígitos em ${quote(text)}`);
		const digits = text.padStart(7, "0");
		const minutes = Number(digits.slice(0, 2));
		const seconds = Number(digits.slice(2, 4));
		const millis = Number(digits.slice(4, 7));
		if (seconds >= 60) {
			return this.fail(
				`${label}: segundos ${seconds} em ${quote(digits)} devem ser menores que 60`,
			);
		}
		return minutes * 60_000 + seconds * 1000 + millis;
	}

	sector(span: Span, number: SectorNumber): SectorRecord | null {
		const label = `setor ${number}`;
		if (this.text(span) === "") return null;
		const parts = splitSpans(this.bytes, span, BYTE_COMMA);
		if (parts.length !== SECTOR_SUBFIELDS) {
			this.fail(`${label}: esperados 6 subcampos, encontrados ${parts.length}`);
			return null;
		}
		if (parts.every((part) => this.text(part) === "")) return null;
		const [timer, up, upMax, upTrack, display, metres] = parts as [
			Span,
			Span,
			Span,
			Span,
			Span,
			Span,
		];
		const timeMs = this.unsigned(timer, `${label}, tempo (ms)`);
		const upText = this.text(up);
		if (upText !== "0" && upText !== "1") this.fail(flagReason(`${label}, melhoria`, upText));
		const record: SectorRecord = {
			number,
			timeMs,
			improved: upText === "1",
			upMax: this.unsigned(upMax, `${label}, upMax`),
			upTrack: this.unsigned(upTrack, `${label}, upTrack`),
			display: this.storedText(display, `${label}, tempo exibido`),
			distanceM: this.unsigned(metres, `${label}, distância`),
		};
		if (record.display === "") record.display = formatSectorTime(timeMs);
		return record;
	}
}

function readLapLine(bytes: Uint8Array, line: Span, lineNo: number): LapRecord | string {
	const fields = splitSpans(bytes, line, BYTE_PIPE);
	if (fields.length !== LAP_FIELDS) return fieldCountReason("10 campos", fields.length);
	const f = fields as [Span, Span, Span, Span, Span, Span, Span, Span, Span, Span];
	const r = new LapLineReader(bytes);

	const timeMs = r.lapTime(f[0]);
	const battery = r.storedText(f[1], "bateria");
	const entrySec = r.unsigned(f[2], "entrada");
	if (r.reason === null && entrySec > LAST_SECOND_OF_DAY) {
		r.fail(rangeReason("entrada", r.text(f[2]), "0 a 86399 segundos"));
	}
	const sectors = SECTORS.map((n) => r.sector(f[2 + n]!, n));
	const sprintCount = r.unsigned(f[7], "sprints");
	const distanceM = r.unsigned(f[8], "distância");
	const number = r.unsigned(f[9], "número da volta");
	if (r.reason === null && number < 1) r.fail(rangeReason("número da volta", r.text(f[9]), ">= 1"));
	if (r.reason !== null) return r.reason;
	return { number, timeMs, battery, entrySec, sectors, sprintCount, distanceM, line: lineNo };
}
