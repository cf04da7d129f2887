import type { ExtraChannelName, Recording } from "../recording/types";
import { COMMA, decodeText, LF, NUMBER_EMPTY, NUMBER_OK, skipBlanks, trimEnd } from "./bytes";
import { CsvNumberReader, isBlankLine } from "./csv-numbers";
import { LineFields } from "./fields";
import { capacityFor, emptyRecording, FixesBuilder } from "./fixes-builder";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport, listLines } from "./report";
import { bomLength } from "./text";
import { lengthFactor, speedFactor } from "./units";

/** A `# Lap N: hh:mm:ss.sss` comment and the rows around it. */
interface LapComment {
	number: number;
	durationMs: number;
	line: number;
	/** Times of the data rows just before and after the comment (NaN where none). */
	beforeMs: number;
	afterMs: number;
}

const SLOT_TIME = 0;
const SLOT_UPDATE = 1;
const SLOT_LAT = 2;
const SLOT_LON = 3;
const SLOT_SPEED = 4;
const SLOT_LAP = 5;
const FIRST_EXTRA = 6;

/**
 * TrackAddict CSV (the RaceRender data export): `#` preamble lines, a quoted header, data
 * rows with `#` comments among them (`# Lap N: hh:mm:ss.sss`, `# Pit Lane Entry`/`Exit`,
 * `# Session End`). Rows come at the app's rate (20 Hz) while the phone's GPS updates once a
 * second: only rows with `GPS_Update` 1 carry a new fix, the others repeat its position and
 * are not fixes (counted in a notice). `UTC Time` is the time base.
 *
 * Lap marks: the comments give each lap's duration as the app timed it, not its instant, and
 * are written when the app noticed the crossing. The marks are the durations laid end to end
 * (so every lap keeps the app's time to the millisecond), placed so that on average they
 * fall on the rows where the comments were written.
 */
export function importTrackAddict(bytes: Uint8Array, fileName: string): Recording {
	// Local copies: imported constants can cost a getter call per use in the loops.
	const OK = NUMBER_OK;
	const EMPTY = NUMBER_EMPTY;
	const COMMA_BYTE = COMMA;
	const report = new ImportReport(fileName);
	const fields = new LineFields(512);
	const n = bytes.length;
	let pos = bomLength(bytes);
	let lineNo = 0;
	let device: string | null = null;
	let header: string[] | null = null;
	while (pos < n) {
		const end = lineEndOf(bytes, pos);
		lineNo++;
		const s = skipBlanks(bytes, pos, end);
		const e = trimEnd(bytes, s, end);
		pos = end + 1;
		if (s === e) continue;
		if (bytes[s] === 35 /* # */) {
			const text = decodeText(bytes, s + 1, e).trim();
			const banner = /^RaceRender Data:\s*(.+)$/i.exec(text);
			if (banner) device = deviceOf(banner[1]!);
			continue;
		}
		fields.split(bytes, s, e, COMMA_BYTE);
		header = [];
		for (let c = 0; c < Math.min(fields.count, fields.maxFields); c++) {
			header.push(fields.text(bytes, c));
		}
		break;
	}
	if (!header) {
		report.reject(lineNo, "linha de nomes das colunas não encontrada");
		return emptyRecording("trackaddict", report, device);
	}
	const plan = planColumns(header, report);
	if (plan.lat < 0 || plan.lon < 0 || plan.time < 0) {
		report.reject(lineNo, "colunas de tempo, Latitude e Longitude ausentes: nenhum ponto lido");
		return emptyRecording("trackaddict", report, device);
	}

	const reader = new CsvNumberReader(
		[
			plan.time,
			plan.update,
			plan.lat,
			plan.lon,
			plan.speed,
			plan.lap,
			...plan.extra.map((e) => e.column),
		],
		[3],
	);
	const quick = new CsvNumberReader([plan.time, plan.update, -1, -1, -1, plan.lap], [3]);
	let values = reader.values;
	let states = reader.states;
	const fixes = new FixesBuilder(
		{ extra: plan.extra.map((e) => e.name) },
		capacityFor(n - pos, 2000),
	);
	const laps: LapComment[] = [];
	let lastRowMs = Number.NaN;
	let withoutUpdate = 0;
	const lapColumnMarks: number[] = [];
	let previousLap = Number.NaN;
	const pits: number[] = [];

	while (pos < n) {
		lineNo++;
		const lineStart = pos;
		if (bytes[pos] === 35 /* # */) {
			const end = lineEndOf(bytes, pos);
			pos = end + 1;
			const text = decodeText(bytes, lineStart, end)
				.replace(/^\s*#\s*/, "")
				.trim();
			const lap = /^Lap\s+(\d+)\s*:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/i.exec(text);
			if (lap) {
				const durationMs = Math.round(
					(Number(lap[2]) * 3600 + Number(lap[3]) * 60 + Number(lap[4])) * 1000,
				);
				laps.push({
					number: Number(lap[1]),
					durationMs,
					line: lineNo,
					beforeMs: lastRowMs,
					afterMs: Number.NaN,
				});
			} else if (/^Pit Lane (Entry|Exit)$/i.test(text)) {
				pits.push(lineNo);
			} else if (!/^Session End$/i.test(text)) {
				report.notice(lineNo, `comentário ignorado: ${JSON.stringify(text.slice(0, 60))}`);
			}
			continue;
		}
		// Most rows repeat the last fix: a first pass reads only time, GPS_Update and Lap, and
		// only a row with a new fix is read whole.
		let row = plan.update >= 0 ? quick : reader;
		const end = row.read(bytes, lineStart);
		pos = end + 1;
		if (row.fieldCount === 1 && isBlankLine(bytes, lineStart, end)) continue;
		values = row.values;
		states = row.states;
		if (row.fieldCount < header.length) {
			report.reject(
				lineNo,
				`linha incompleta: ${row.fieldCount} campos, esperados ${header.length}`,
			);
			continue;
		}
		if (states[SLOT_TIME] !== OK) {
			report.reject(
				lineNo,
				`${header[plan.time]}: esperado número, encontrado ${row.quoted(SLOT_TIME)}`,
			);
			continue;
		}
		const timeMs = values[SLOT_TIME]!;
		lastRowMs = timeMs;
		// No `laps[-1]` on an empty list: a negative index is a slow property lookup, every row.
		const pending = laps.length > 0 ? laps[laps.length - 1] : undefined;
		if (pending && Number.isNaN(pending.afterMs) && pending.line < lineNo) pending.afterMs = timeMs;
		if (plan.lap >= 0 && states[SLOT_LAP] === OK) {
			if (!Number.isNaN(previousLap) && values[SLOT_LAP] !== previousLap)
				lapColumnMarks.push(timeMs);
			previousLap = values[SLOT_LAP]!;
		}
		if (plan.update >= 0) {
			if (!(states[SLOT_UPDATE] === OK && values[SLOT_UPDATE] === 1)) {
				withoutUpdate++;
				continue;
			}
			row = reader;
			reader.read(bytes, lineStart);
		}
		values = row.values;
		states = row.states;
		if (states[SLOT_LAT] !== OK || states[SLOT_LON] !== OK) {
			report.reject(
				lineNo,
				`posição ilegível: ${reader.quoted(SLOT_LAT)}, ${reader.quoted(SLOT_LON)}`,
			);
			continue;
		}
		const lat = values[SLOT_LAT]!;
		const lon = values[SLOT_LON]!;
		if (lat < -90 || lat > 90 || lon < -180 || lon > 180 || (lat === 0 && lon === 0)) {
			report.reject(lineNo, `posição fora do intervalo ou sem fixo: ${lat}, ${lon}`);
			continue;
		}
		if (!(timeMs > fixes.lastTimeMs())) {
			report.reject(
				lineNo,
				`${header[plan.time]} não avança (anterior na linha ${fixes.line[fixes.length - 1]})`,
			);
			continue;
		}
		const i = fixes.next();
		fixes.timeMs[i] = timeMs;
		fixes.lat[i] = lat;
		fixes.lon[i] = lon;
		fixes.line[i] = lineNo;
		fixes.speedKmh[i] =
			plan.speed >= 0 && states[SLOT_SPEED] === OK
				? values[SLOT_SPEED]! * plan.speedFactor
				: Number.NaN;
		for (let x = 0; x < plan.extra.length; x++) {
			const slot = FIRST_EXTRA + x;
			const state = states[slot];
			fixes.extra[x]![i] = state === OK ? values[slot]! * plan.extra[x]!.factor : Number.NaN;
			if (state !== OK && state !== EMPTY) {
				report.reject(
					lineNo,
					`${header[plan.extra[x]!.column]}: valor ilegível ${reader.quoted(slot)}; ponto mantido sem ele`,
				);
			}
		}
		fixes.commit();
	}

	if (withoutUpdate > 0) {
		report.notice(
			0,
			`${withoutUpdate} linhas sem GPS_Update (posição repetida entre atualizações do GPS) não viraram pontos`,
		);
	}
	if (pits.length > 0) {
		report.notice(
			pits[0]!,
			`${pits.length} marcas de entrada ou saída dos boxes (linhas ${listLines(pits)}) não usadas`,
		);
	}
	let lapMarksMs = marksFromComments(laps, report);
	if (lapMarksMs.length === 0 && lapColumnMarks.length > 0) {
		report.notice(0, "sem comentários # Lap: voltas marcadas onde a coluna Lap muda");
		lapMarksMs = lapColumnMarks;
	}
	dropImplausibleFixes(fixes, report);
	return {
		source: { format: "trackaddict", device },
		dateKnown: plan.timeIsUtc,
		trackName: null,
		fixes: fixes.finish(),
		lapMarksMs,
		lines: null,
		report: report.finish(),
	};
}

/**
 * The laps of the comments end to end: mark k+1 = mark k + lap k's duration, the whole chain
 * shifted so the mean gap between each lap's end and the rows around its comment is zero.
 */
function marksFromComments(laps: readonly LapComment[], report: ImportReport): number[] {
	if (laps.length === 0) return [];
	for (let k = 1; k < laps.length; k++) {
		if (laps[k]!.number !== laps[k - 1]!.number + 1) {
			report.notice(
				laps[k]!.line,
				`volta ${laps[k]!.number} depois da volta ${laps[k - 1]!.number}: marcas encadeadas assim mesmo`,
			);
		}
	}
	let cumulative = 0;
	let offsetSum = 0;
	let offsetCount = 0;
	const ends: number[] = [];
	for (const lap of laps) {
		cumulative += lap.durationMs;
		ends.push(cumulative);
		const around = [lap.beforeMs, lap.afterMs].filter((t) => !Number.isNaN(t));
		if (around.length === 0) continue;
		const reference = around.reduce((a, b) => a + b, 0) / around.length;
		offsetSum += reference - cumulative;
		offsetCount++;
	}
	if (offsetCount === 0) {
		report.notice(laps[0]!.line, "comentários # Lap sem linhas de dados: voltas ignoradas");
		return [];
	}
	const start = Math.round(offsetSum / offsetCount);
	return [start, ...ends.map((e) => start + e)];
}

/** "TrackAddict 4.3.5 on Android 9 [samsung SM-N960F] (Mode: 0)" -> "TrackAddict 4.3.5 (Android 9)". */
function deviceOf(banner: string): string {
	const match = /^(.*?)\s+on\s+([^[(]+?)\s*(?:[[(]|$)/.exec(banner);
	return match ? `${match[1]} (${match[2]})` : banner.trim();
}

function lineEndOf(bytes: Uint8Array, pos: number): number {
	const at = bytes.indexOf(LF, pos);
	return at < 0 ? bytes.length : at;
}

interface ColumnPlan {
	time: number;
	timeIsUtc: boolean;
	update: number;
	lat: number;
	lon: number;
	speed: number;
	speedFactor: number;
	lap: number;
	extra: { name: ExtraChannelName; column: number; factor: number }[];
}

function planColumns(header: readonly string[], report: ImportReport): ColumnPlan {
	const lower = header.map((h) => h.toLowerCase().trim());
	const find = (test: (name: string) => boolean) => lower.findIndex(test);
	const utc = find((h) => h === "utc time");
	const time = utc >= 0 ? utc : find((h) => h === "time");
	if (utc < 0 && time >= 0)
		report.notice(0, "coluna UTC Time ausente: horários contados do início da sessão");
	const speed = find((h) => h.startsWith("speed"));
	const unitOf = (name: string | undefined) => /\(([^)]*)\)/.exec(name ?? "")?.[1] ?? "";
	let factor = 1;
	if (speed >= 0) {
		const f = speedFactor(unitOf(header[speed]));
		if (f === null)
			report.notice(0, `unidade de ${JSON.stringify(header[speed])} desconhecida: lida como km/h`);
		else factor = f;
	}
	const extra: ColumnPlan["extra"] = [];
	const add = (name: ExtraChannelName, column: number, factor = 1) => {
		if (column >= 0) extra.push({ name, column, factor });
	};
	add(
		"headingDeg",
		find((h) => h === "heading"),
	);
	const altitudeColumn =
		find((h) => h.startsWith("altitude (m)")) >= 0
			? find((h) => h.startsWith("altitude (m)"))
			: find((h) => h.startsWith("altitude"));
	add("altitudeM", altitudeColumn, lengthFactor(unitOf(header[altitudeColumn])) ?? 1);
	add(
		"satellites",
		find((h) => h === "satellites" || h === "gps sats" || h === "sats"),
	);
	// RaceRender's axes: X lateral, Y longitudinal.
	add(
		"latAccG",
		find((h) => h === "accel x"),
	);
	add(
		"lonAccG",
		find((h) => h === "accel y"),
	);
	add(
		"rpm",
		find((h) => h.startsWith("engine speed") || h.startsWith("rpm")),
	);
	// "Throttle Position (%)", "Throttle (%)", with " *OBD" after an OBD channel's name.
	add(
		"throttlePct",
		find((h) => h.startsWith("throttle")),
	);
	return {
		time,
		timeIsUtc: utc >= 0,
		update: find((h) => h === "gps_update"),
		lat: find((h) => h === "latitude"),
		lon: find((h) => h === "longitude"),
		speed,
		speedFactor: factor,
		lap: find((h) => h === "lap"),
		extra,
	};
}
