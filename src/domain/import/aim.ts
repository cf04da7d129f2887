import type { ExtraChannelName, Recording } from "../recording/types";
import { COMMA, lineEndOf, NUMBER_OK, skipBlanks, trimEnd } from "./bytes";
import { CsvNumberReader, isBlankLine } from "./csv-numbers";
import { LineFields } from "./fields";
import { capacityForLines, emptyRecording, FixesBuilder } from "./fixes-builder";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport } from "./report";
import { bomLength } from "./text";
import { accelerationFactor, lengthFactor, speedFactor } from "./units";

const SLOT_TIME = 0;
const SLOT_LAT = 1;
const SLOT_LON = 2;
const SLOT_SPEED = 3;
const FIRST_EXTRA = 4;

/**
 * AiM Race Studio CSV export: `"Key","Value"` lines (`Format`, `Venue`, `Date`, `Beacon
 * Markers`, …), then the channel names (first `Time`), their units, and the rows, every
 * channel resampled at the file's rate. Names come as `GPS Latitude` or `GPS_Latitude`.
 * Times are seconds from the start of the session; the preamble's date and time are local
 * time of an unknown zone, so the date stays unknown. `Beacon Markers` (seconds) are the
 * file's lap marks.
 */
export function importAim(bytes: Uint8Array, fileName: string): Recording {
	const OK = NUMBER_OK;
	const report = new ImportReport(fileName);
	const fields = new LineFields(1024);
	const n = bytes.length;
	let pos = bomLength(bytes);
	let lineNo = 0;
	let venue: string | null = null;
	let device: string | null = null;
	let markers: number[] = [];
	let names: string[] | null = null;
	while (pos < n) {
		const end = lineEndOf(bytes, pos);
		lineNo++;
		const s = skipBlanks(bytes, pos, end);
		const e = trimEnd(bytes, s, end);
		pos = end + 1;
		if (s === e) continue;
		fields.split(bytes, s, e, COMMA);
		const key = fields.text(bytes, 0).toLowerCase();
		// The channel names: `Time` then the channels (the preamble's `Time` has one value).
		if (key === "time" && fields.count > 2) {
			names = [];
			for (let c = 0; c < Math.min(fields.count, fields.maxFields); c++)
				names.push(fields.text(bytes, c));
			break;
		}
		const value = fields.text(bytes, 1);
		if (key === "venue" && value) venue = value;
		else if (key === "data source" && value) device = value;
		else if (key === "beacon markers") {
			markers = [];
			for (let c = 1; c < Math.min(fields.count, fields.maxFields); c++) {
				const t = Number(fields.text(bytes, c));
				if (Number.isFinite(t)) markers.push(Math.round(t * 1000));
			}
		}
	}
	if (!names) {
		report.reject(lineNo, 'linha de canais (começando por "Time") não encontrada');
		return emptyRecording("aim", report, device);
	}
	// The units row, when there is one (its first cell is not a number).
	let units: string[] = [];
	{
		const end = lineEndOf(bytes, pos);
		fields.split(bytes, pos, end, COMMA);
		const first = fields.text(bytes, 0);
		if (first !== "" && !Number.isFinite(Number(first))) {
			units = [];
			for (let c = 0; c < Math.min(fields.count, fields.maxFields); c++)
				units.push(fields.text(bytes, c));
			pos = end + 1;
			lineNo++;
		}
	}
	const key = (name: string) => name.toLowerCase().replaceAll("_", " ").replace(/\s+/g, " ").trim();
	const keys = names.map(key);
	const find = (...wanted: string[]) => keys.findIndex((k) => wanted.includes(k));
	const lat = find("gps latitude", "gps lat", "latitude");
	const lon = find("gps longitude", "gps long", "gps lon", "longitude");
	if (lat < 0 || lon < 0) {
		report.reject(lineNo, "canais GPS Latitude e GPS Longitude ausentes: nenhum ponto lido");
		return emptyRecording("aim", report, device);
	}
	const speed = find("gps speed", "speed");
	const speedUnit = speed >= 0 ? (speedFactor(units[speed] ?? "") ?? 1) : 1;
	if (speed >= 0 && speedFactor(units[speed] ?? "") === null) {
		report.notice(
			0,
			`unidade de ${names[speed]} ${JSON.stringify(units[speed] ?? "")} desconhecida: lida como km/h`,
		);
	}
	const extra: { name: ExtraChannelName; column: number; factor: number }[] = [];
	const add = (name: ExtraChannelName, column: number, factor: number | null) => {
		if (column >= 0) extra.push({ name, column, factor: factor ?? 1 });
	};
	const altitude = find("gps altitude", "altitude");
	add("altitudeM", altitude, lengthFactor(units[altitude] ?? "m"));
	add("satellites", find("gps nsat", "gps sats"), 1);
	add("headingDeg", find("gps heading", "gps course"), 1);
	const latAcc = find("gps latacc", "lateralacc", "acc lat", "lateral acc");
	add("latAccG", latAcc, accelerationFactor(units[latAcc] ?? "g"));
	const lonAcc = find("gps lonacc", "inlineacc", "acc long", "longitudinal acc");
	add("lonAccG", lonAcc, accelerationFactor(units[lonAcc] ?? "g"));
	add("rpm", find("rpm", "engine rpm"), 1);
	add("throttlePct", find("tps", "throttle", "ppsa"), 1);

	const reader = new CsvNumberReader([0, lat, lon, speed, ...extra.map((e) => e.column)], [3]);
	const values = reader.values;
	const states = reader.states;
	const fixes = new FixesBuilder({ extra: extra.map((e) => e.name) }, capacityForLines(bytes, pos));
	while (pos < n) {
		lineNo++;
		const lineStart = pos;
		const end = reader.read(bytes, lineStart);
		pos = end + 1;
		if (reader.fieldCount === 1 && isBlankLine(bytes, lineStart, end)) continue;
		if (states[SLOT_TIME] !== OK) {
			report.reject(lineNo, `Time: esperado número, encontrado ${reader.quoted(SLOT_TIME)}`);
			continue;
		}
		if (states[SLOT_LAT] !== OK || states[SLOT_LON] !== OK) {
			report.reject(
				lineNo,
				`posição ilegível: ${reader.quoted(SLOT_LAT)}, ${reader.quoted(SLOT_LON)}`,
			);
			continue;
		}
		const la = values[SLOT_LAT]!;
		const lo = values[SLOT_LON]!;
		if (la < -90 || la > 90 || lo < -180 || lo > 180 || (la === 0 && lo === 0)) {
			report.reject(lineNo, `posição fora do intervalo ou sem fixo: ${la}, ${lo}`);
			continue;
		}
		const timeMs = values[SLOT_TIME]!;
		if (!(timeMs > fixes.lastTimeMs())) {
			report.reject(lineNo, `Time ${reader.quoted(SLOT_TIME)} não avança`);
			continue;
		}
		const i = fixes.next();
		fixes.timeMs[i] = timeMs;
		fixes.lat[i] = la;
		fixes.lon[i] = lo;
		fixes.line[i] = lineNo;
		fixes.speedKmh[i] = states[SLOT_SPEED] === OK ? values[SLOT_SPEED]! * speedUnit : Number.NaN;
		for (let e = 0; e < extra.length; e++) {
			const slot = FIRST_EXTRA + e;
			fixes.extra[e]![i] = states[slot] === OK ? values[slot]! * extra[e]!.factor : Number.NaN;
		}
		fixes.commit();
	}
	report.notice(
		0,
		"data e hora do arquivo são locais, de fuso desconhecido: horários contados do início da sessão",
	);
	dropImplausibleFixes(fixes, report);
	// Beacon markers are the crossings of the line, in seconds from the start.
	const lapMarksMs = markers.length > 0 ? [...new Set(markers)].sort((a, b) => a - b) : [];
	return {
		source: { format: "aim", device },
		dateKnown: false,
		trackName: venue,
		fixes: fixes.finish(),
		lapMarksMs,
		lines: null,
		report: report.finish(),
	};
}
