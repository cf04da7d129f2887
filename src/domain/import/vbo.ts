import type { Recording } from "../recording/types";
import { decodeText, lineEndOf, SPACE, skipBlanks, trimEnd } from "./bytes";
import { CsvNumberReader } from "./csv-numbers";
import { capacityForLines, emptyRecording, FixesBuilder } from "./fixes-builder";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport } from "./report";
import { bomLength } from "./text";
import { speedFactor } from "./units";
import { normaliseName } from "./vbo-columns";
import { type RawGate, readTimingLines } from "./vbo-gates";
import { decideColumns, type VboLayout } from "./vbo-layout";
import { readVboRows, vboExtras } from "./vbo-rows";

const DAY_MS = 86_400_000;

/** What the sections before `[data]` say. */
interface VboHead {
	created: { dateMs: number; todMs: number | null; line: number; utc: boolean } | null;
	header: string[];
	units: string[];
	comments: string[];
	sessionName: string | null;
	gates: RawGate[];
	columnNames: string[] | null;
	dataStart: number;
	dataLine: number;
}

/**
 * Racelogic VBO, in the dialects of Racelogic's own tools, RaceChrono and RaceBox, told apart
 * by the data, never by the writer's name: the column order (names checked against the rows:
 * `time` must read as HHMMSS.SS), minutes or degrees (magnitudes and zero padding), the
 * `[laptiming]` coordinate order and gate meaning (the recorded path). Rows faster than
 * 150 m/s and position spikes are dropped and reported. `sats` carries +64 (brake trigger)
 * and +128 (DGPS): stripped.
 */
export function importVbo(bytes: Uint8Array, fileName: string): Recording {
	const report = new ImportReport(fileName);
	const head = readHead(bytes, report);
	const device = deviceOf(head.comments);
	if (head.dataStart < 0) {
		report.reject(0, "seção [data] ausente: nenhum ponto no arquivo");
		return emptyRecording("vbo", report, device);
	}
	const layout = decideColumns(bytes, head.dataStart, head.columnNames, head.header, report);
	if (!layout) return emptyRecording("vbo", report, device);
	const units = layout.units;
	const velocityFactor = velocityFactorOf(layout, head, report);

	const col = layout.columns;
	const columns = [
		col.time,
		col.sats,
		col.lat,
		col.long,
		col.velocity,
		col.heading,
		col.height,
		col.lonAcc,
		col.latAcc,
		col.lean,
		col.rpm,
		col.throttle,
	];
	// Slots in `VBO_SLOTS` order; time read as ms.
	const reader = new CsvNumberReader(columns, [3], SPACE, true);
	const fixes = new FixesBuilder(
		{ lean: col.lean >= 0, extra: vboExtras(columns) },
		capacityForLines(bytes, head.dataStart),
	);
	const firstTod = readVboRows(bytes, head.dataStart, head.dataLine, reader, fixes, report, {
		dateMs: head.created?.dateMs ?? 0,
		inMinutes: units === "minutes",
		velocityFactor,
		heightFactor: layout.heightFactor,
		needed: Math.max(col.time, col.lat, col.long) + 1,
		fieldCount: layout.fieldCount,
		hasVelocity: col.velocity >= 0,
	});

	dropImplausibleFixes(fixes, report);
	const lines = readTimingLines(head.gates, fixes, units, report);
	let dateKnown = head.created !== null;
	if (head.created && fixes.length > 0) {
		// The created line is when the file was written: the recording's UTC day is the one
		// that puts its first fix nearest that instant.
		const shift = dayShift(head.created, firstTod);
		if (shift !== 0) {
			for (let i = 0; i < fixes.length; i++) fixes.timeMs[i] = fixes.timeMs[i]! + shift * DAY_MS;
		}
	}
	if (!head.created) {
		report.notice(0, "data da gravação ausente (linha File created on): horários sem dia");
		dateKnown = false;
	}
	return {
		source: { format: "vbo", device },
		dateKnown,
		trackName: head.sessionName ?? venueOf(head.comments),
		fixes: fixes.finish(),
		lapMarksMs: [],
		lines,
		report: report.finish(),
	};
}

/** -1, 0 or +1 day: the one that brings the first fix's time of day nearest the created time. */
function dayShift(created: NonNullable<VboHead["created"]>, firstTod: number): number {
	if (created.todMs === null || Number.isNaN(firstTod)) return 0;
	let best = 0;
	let bestGap = Number.POSITIVE_INFINITY;
	for (const shift of [0, -1, 1]) {
		const gap = Math.abs(firstTod + shift * DAY_MS - created.todMs);
		if (gap < bestGap - 1) {
			bestGap = gap;
			best = shift;
		}
	}
	return bestGap < DAY_MS / 2 ? best : 0;
}

function velocityFactorOf(layout: VboLayout, head: VboHead, report: ImportReport): number {
	const named = head.header.map(normaliseName).find((c) => c?.channel === "velocity");
	const unit = layout.velocityUnit || named?.unit || unitFromSection(head, "velocity");
	if (unit === "") return 1;
	const factor = speedFactor(unit);
	if (factor === null) {
		report.notice(0, `unidade de velocidade ${JSON.stringify(unit)} desconhecida: lida como km/h`);
		return 1;
	}
	return factor;
}

/** The `[channel units]` entry aligned with a `[header]` name. */
function unitFromSection(head: VboHead, channel: string): string {
	if (head.units.length !== head.header.length) return "";
	const index = head.header.findIndex((h) => h.toLowerCase().startsWith(channel));
	return index >= 0 ? (head.units[index] ?? "").trim() : "";
}

function readHead(bytes: Uint8Array, report: ImportReport): VboHead {
	const head: VboHead = {
		created: null,
		header: [],
		units: [],
		comments: [],
		sessionName: null,
		gates: [],
		columnNames: null,
		dataStart: -1,
		dataLine: 0,
	};
	const n = bytes.length;
	let pos = bomLength(bytes);
	let lineNo = 0;
	let section = "";
	while (pos < n) {
		const end = lineEndOf(bytes, pos);
		const s = skipBlanks(bytes, pos, end);
		const e = trimEnd(bytes, s, end);
		lineNo++;
		pos = end + 1;
		if (s === e) continue;
		if (bytes[s] === 91 /* [ */ && bytes[e - 1] === 93 /* ] */) {
			section = decodeText(bytes, s + 1, e - 1)
				.trim()
				.toLowerCase();
			if (section === "data") {
				head.dataStart = pos;
				head.dataLine = lineNo;
				break;
			}
			continue;
		}
		if (e - s > 4096) {
			report.reject(lineNo, "linha de cabeçalho longa demais: ignorada");
			continue;
		}
		const text = decodeText(bytes, s, e);
		switch (section) {
			case "":
				if (/^file created/i.test(text)) {
					const created = parseCreated(text, lineNo, false);
					if (created) head.created = created;
					else report.notice(lineNo, `data ilegível em ${JSON.stringify(text)}`);
				}
				break;
			case "header":
				head.header.push(text);
				break;
			case "channel units":
				head.units.push(text);
				break;
			case "comments": {
				head.comments.push(text);
				const utc = /^utc date started\s*:\s*(.*)$/i.exec(text);
				if (utc) {
					const created = parseCreated(utc[1]!, lineNo, true);
					if (created) head.created = created;
				}
				break;
			}
			case "session data": {
				const name = /^name\s+(.+)$/i.exec(text);
				if (name) head.sessionName = name[1]!.trim();
				break;
			}
			case "laptiming": {
				const gate = parseGate(bytes, s, e, lineNo);
				if (gate) head.gates.push(gate);
				else
					report.reject(
						lineNo,
						`linha de [laptiming] ilegível: ${JSON.stringify(text.slice(0, 60))}`,
					);
				break;
			}
			case "column names":
				head.columnNames = [...(head.columnNames ?? []), ...text.split(/\s+/)];
				break;
			default:
				break;
		}
	}
	return head;
}

/** `dd/mm/yyyy` with an optional `hh:mm[:ss]` after it. */
function parseCreated(
	text: string,
	line: number,
	utc: boolean,
): { dateMs: number; todMs: number | null; line: number; utc: boolean } | null {
	const date = /(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text);
	if (!date) return null;
	const day = Number(date[1]);
	const month = Number(date[2]);
	const year = Number(date[3]);
	const dateMs = Date.UTC(year, month - 1, day);
	const check = new Date(dateMs);
	if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
	const time = /(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(text.slice(date.index + date[0].length));
	const todMs = time
		? (Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3] ?? 0)) * 1000
		: null;
	return { dateMs, todMs, line, utc };
}

/** `Start -673.429560 +2689.899540 -673.406497 +2689.908983 ¬ Start` (¬ UTF-8 or Latin-1). */
function parseGate(bytes: Uint8Array, s: number, e: number, line: number): RawGate | null {
	let mark = e;
	let nameStart = e;
	for (let p = s; p < e; p++) {
		if (bytes[p] === 0xc2 && bytes[p + 1] === 0xac) {
			mark = p;
			nameStart = p + 2;
			break;
		}
		if (bytes[p] === 0xac) {
			mark = p;
			nameStart = p + 1;
			break;
		}
	}
	const words = decodeText(bytes, s, mark).trim().split(/\s+/);
	if (words.length < 5) return null;
	const numbers = words
		.slice(1, 5)
		.map((w) => (/^[+-]?\d+(\.\d+)?$/.test(w) ? Number(w) : Number.NaN));
	if (numbers.some(Number.isNaN)) return null;
	return {
		label: words[0]!,
		numbers: numbers as [number, number, number, number],
		name: decodeText(bytes, nameStart, e).trim(),
		line,
	};
}

/** "Generated by RaceChrono v10.2.4" -> "RaceChrono 10.2.4"; a Racelogic line -> "Racelogic VBOX". */
function deviceOf(comments: readonly string[]): string | null {
	for (const line of comments) {
		const generated = /^generated by\s+(.+)$/i.exec(line);
		if (generated) return generated[1]!.replace(/\s+v(\d[\w.]*)/i, " $1").trim();
	}
	if (comments.some((line) => /racelogic|vbox/i.test(line))) return "Racelogic VBOX";
	return null;
}

/** `Venue : Lignano` in the comments (RaceBox). */
function venueOf(comments: readonly string[]): string | null {
	for (const line of comments) {
		const venue = /^venue\s*:\s*(.+)$/i.exec(line);
		if (venue) return venue[1]!.trim();
	}
	return null;
}
