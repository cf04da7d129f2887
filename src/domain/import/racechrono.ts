import type { ExtraChannelName, Recording } from "../recording/types";
import {
	COMMA,
	lineEndOf,
	NUMBER_EMPTY,
	NUMBER_OK,
	numberStatus,
	readNumber,
	skipBlanks,
	trimEnd,
} from "./bytes";
import { CsvNumberReader, isBlankLine } from "./csv-numbers";
import { LineFields } from "./fields";
import { capacityForLines, emptyRecording, FixesBuilder } from "./fixes-builder";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport, listLines } from "./report";
import { bomLength } from "./text";
import { accelerationFactor, lengthFactor, speedFactor } from "./units";

/**
 * RaceChrono CSV v3 (the export of RaceChrono and RaceChrono Pro): a banner, `Key,Value`
 * lines up to a blank line, then three header rows (names, units, sources) and the data.
 *
 * Names repeat (`speed` from gps, calc and obd), so columns are read by position and named
 * with their source row; of several columns for one channel the preferred source wins (gps
 * for position and speed, calc for lean and accelerations). `timestamp` (Unix seconds) is the
 * time base. A row with no position is a sample of another sensor, not a fix. Where a cell
 * is blank (no new sample of that channel on the row), slow channels (altitude, satellites,
 * rpm, throttle) keep their last value; speed, lean, heading, accelerations and distance
 * stay NaN, since a stale value of those would be wrong, not just late. `lap_number`
 * changes are the file's lap marks (the export inserts a row at each crossing instant).
 */
export function importRaceChrono(bytes: Uint8Array, fileName: string): Recording {
	// Local copies: imported constants can cost a getter call per use in the loops.
	const OK = NUMBER_OK;
	const EMPTY = NUMBER_EMPTY;
	const COMMA_BYTE = COMMA;
	const report = new ImportReport(fileName);
	const fields = new LineFields(4096);
	const n = bytes.length;
	let pos = bomLength(bytes);
	let lineNo = 0;

	// Banner and `Key,Value` preamble, up to a blank line (or the header row, if none).
	let device: string | null = null;
	let formatNumberSeen: number | null = null;
	let formatLine = 0;
	let trackName: string | null = null;
	let sessionTitle: string | null = null;
	let headerStart = -1;
	let sawPreamble = false;
	while (pos < n) {
		const end = lineEndOf(bytes, pos);
		const start = skipBlanks(bytes, pos, end);
		const stop = trimEnd(bytes, start, end);
		lineNo++;
		if (start === stop) {
			pos = end + 1;
			if (sawPreamble) break;
			continue;
		}
		fields.split(bytes, start, stop, COMMA_BYTE);
		const key = fields.text(bytes, 0).toLowerCase();
		if (key === "timestamp") {
			headerStart = pos;
			lineNo--;
			break;
		}
		pos = end + 1;
		sawPreamble = true;
		const value = fields.count > 1 ? fields.text(bytes, 1) : "";
		if (!device && key.includes("racechrono")) device = deviceFromBanner(fields.text(bytes, 0));
		else if (key === "format") {
			formatNumberSeen = Number(value);
			formatLine = lineNo;
		} else if (key === "track name" && value !== "") trackName = value;
		else if (key === "session title" && value !== "") sessionTitle = value;
	}

	if (formatNumberSeen === null) {
		report.notice(0, "linha Format ausente no cabeçalho RaceChrono: lido como CSV v3");
	} else if (formatNumberSeen !== 3) {
		report.reject(
			formatLine,
			`formato RaceChrono ${Number.isNaN(formatNumberSeen) ? "desconhecido" : formatNumberSeen} não suportado: exporte como CSV v3`,
		);
		return emptyRecording("racechrono", report, device);
	}

	// Header rows: names, then units and sources (rows whose first cell is not a number).
	if (headerStart < 0) {
		while (pos < n) {
			const end = lineEndOf(bytes, pos);
			lineNo++;
			if (skipBlanks(bytes, pos, end) < trimEnd(bytes, pos, end)) {
				headerStart = pos;
				lineNo--;
				break;
			}
			pos = end + 1;
		}
	}
	if (headerStart < 0) {
		report.reject(lineNo, "linha de nomes das colunas (timestamp, …) não encontrada");
		return emptyRecording("racechrono", report, device);
	}
	pos = headerStart;
	const headerRows: string[][] = [];
	while (pos < n && headerRows.length < 3) {
		const end = lineEndOf(bytes, pos);
		const count = fields.split(bytes, pos, end, COMMA_BYTE);
		if (headerRows.length > 0) {
			readNumber(bytes, fields.starts[0]!, fields.ends[0]!);
			if (numberStatus() === OK) break;
		}
		const row: string[] = [];
		for (let c = 0; c < Math.min(count, fields.maxFields); c++) row.push(fields.text(bytes, c));
		headerRows.push(row);
		lineNo++;
		pos = end + 1;
	}
	const names = (headerRows[0] ?? []).map((s) => s.toLowerCase());
	if (names[0] !== "timestamp") {
		report.reject(
			lineNo - headerRows.length + 1,
			`primeira coluna deveria ser timestamp, encontrado ${JSON.stringify(names[0] ?? "")}`,
		);
		return emptyRecording("racechrono", report, device);
	}
	const plan = planColumns(names, headerRows[1] ?? [], headerRows[2] ?? [], report);
	if (plan.lat < 0 || plan.lon < 0) {
		report.reject(0, "colunas latitude e longitude ausentes: nenhum ponto GPS no arquivo");
	}

	const fixes = new FixesBuilder(
		{ lean: plan.lean >= 0, distance: plan.distance >= 0, extra: plan.extra.map((e) => e.name) },
		capacityForLines(bytes, pos),
	);
	const carried = new Float64Array(plan.extra.length).fill(Number.NaN);
	const lapMarksMs: number[] = [];
	let haveLap = false;
	let currentLap = 0;
	let blankLapSinceMs = Number.NaN;
	let rowsWithoutPosition = 0;
	const expectedFields = names.length;
	// The export repeats some rows byte for byte: the copy adds nothing, it is noted, not rejected.
	const repeatedLines: number[] = [];
	let previousStart = 0;
	let previousEnd = 0;

	// Slots of the reader: time, lap, latitude, longitude, speed, lean, distance, extras.
	const reader = new CsvNumberReader(
		[
			0,
			plan.lap,
			plan.lat,
			plan.lon,
			plan.speed,
			plan.lean,
			plan.distance,
			...plan.extra.map((e) => e.column),
		],
		[3],
	);
	const values = reader.values;
	const states = reader.states;
	const slotName = (slot: number) => {
		const column =
			[0, plan.lap, plan.lat, plan.lon, plan.speed, plan.lean, plan.distance][slot] ??
			plan.extra[slot - FIRST_EXTRA_SLOT]?.column ??
			0;
		return `coluna ${names[column]} (${column + 1})`;
	};
	// The line comes as an argument: a variable a closure reads lives in memory, not a register,
	// and `lineNo` changes on every row.
	const unreadable = (slot: number, line: number) =>
		report.reject(
			line,
			`${slotName(slot)}: valor ilegível ${reader.quoted(slot)}; ponto mantido sem ele`,
		);
	// The per-row tail reads these typed arrays, no closure or object per channel.
	const hasSpeed = plan.speed >= 0;
	const speedFactorOfFile = plan.speedFactor;
	const distanceFactor = plan.distanceFactor;
	const extraCount = plan.extra.length;
	const extraFactor = Float64Array.from(plan.extra, (e) => e.factor);
	const extraCarry = Uint8Array.from(plan.extra, (e) => (e.carry ? 1 : 0));

	while (pos < n) {
		lineNo++;
		const lineStart = pos;
		const end = reader.read(bytes, lineStart);
		pos = end + 1;
		const count = reader.fieldCount;
		if (count === 1 && isBlankLine(bytes, lineStart, end)) continue;
		if (count < expectedFields) {
			report.reject(lineNo, `linha incompleta: ${count} campos, esperados ${expectedFields}`);
			continue;
		}
		const timeMs = values[0]!;
		if (states[0] !== OK) {
			report.reject(lineNo, `timestamp: esperado número, encontrado ${reader.quoted(0)}`);
			continue;
		}

		if (plan.lap >= 0) {
			if (states[1] === OK) {
				const lap = values[1]!;
				// A change of lap number is a crossing; so is the first number after at least a
				// second of blanks (the out-lap before the first crossing has none).
				if (haveLap ? lap !== currentLap : timeMs - blankLapSinceMs >= 1000) {
					if (lapMarksMs.length === 0 || timeMs > lapMarksMs[lapMarksMs.length - 1]!) {
						lapMarksMs.push(timeMs);
					}
				}
				haveLap = true;
				currentLap = lap;
			} else if (!haveLap && Number.isNaN(blankLapSinceMs)) {
				blankLapSinceMs = timeMs;
			}
		}

		if (plan.lat < 0) continue;
		const lat = values[2]!;
		const lon = values[3]!;
		if (states[2] === EMPTY && states[3] === EMPTY) {
			rowsWithoutPosition++;
			continue;
		}
		if (states[2] !== OK || states[3] !== OK) {
			report.reject(
				lineNo,
				`posição ilegível: latitude ${reader.quoted(2)}, longitude ${reader.quoted(3)}`,
			);
			continue;
		}
		if (lat < -90 || lat > 90 || lon < -180 || lon > 180 || (lat === 0 && lon === 0)) {
			report.reject(lineNo, `posição fora do intervalo ou sem fixo: ${lat}, ${lon}`);
			continue;
		}
		const last = fixes.lastTimeMs();
		if (!(timeMs > last)) {
			if (sameBytes(bytes, lineStart, end, previousStart, previousEnd)) {
				repeatedLines.push(lineNo);
			} else {
				report.reject(
					lineNo,
					`timestamp ${reader.quoted(0)} não avança (anterior na linha ${fixes.line[fixes.length - 1]})`,
				);
			}
			continue;
		}
		previousStart = lineStart;
		previousEnd = end;

		const i = fixes.next();
		fixes.timeMs[i] = timeMs;
		fixes.lat[i] = lat;
		fixes.lon[i] = lon;
		fixes.line[i] = lineNo;
		// Each channel: its value when read, NaN when blank or unreadable (reported, in slot
		// order); a carried channel's blank keeps the last value.
		let speed = Number.NaN;
		if (hasSpeed) {
			if (states[4] === OK) speed = values[4]! * speedFactorOfFile;
			else if (states[4] !== EMPTY) unreadable(4, lineNo);
		}
		fixes.speedKmh[i] = speed;
		const leanColumn = fixes.leanDeg;
		if (leanColumn) {
			if (states[5] === OK) leanColumn[i] = values[5]!;
			else {
				if (states[5] !== EMPTY) unreadable(5, lineNo);
				leanColumn[i] = Number.NaN;
			}
		}
		const distanceColumn = fixes.distanceM;
		if (distanceColumn) {
			if (states[6] === OK) distanceColumn[i] = values[6]! * distanceFactor;
			else {
				if (states[6] !== EMPTY) unreadable(6, lineNo);
				distanceColumn[i] = Number.NaN;
			}
		}
		const extraColumns = fixes.extra;
		for (let e = 0; e < extraCount; e++) {
			const slot = FIRST_EXTRA_SLOT + e;
			let value: number;
			if (states[slot] === OK) {
				value = values[slot]! * extraFactor[e]!;
				if (extraCarry[e] === 1) carried[e] = value;
			} else {
				if (states[slot] !== EMPTY) unreadable(slot, lineNo);
				value = extraCarry[e] === 1 ? carried[e]! : Number.NaN;
			}
			extraColumns[e]![i] = value;
		}
		fixes.commit();
	}

	if (rowsWithoutPosition > 0) {
		report.notice(
			0,
			`${rowsWithoutPosition} linhas sem posição (amostras de outros sensores) não viraram pontos`,
		);
	}
	if (repeatedLines.length > 0) {
		report.notice(
			repeatedLines[0]!,
			repeatedLines.length === 1
				? `linha idêntica à anterior ignorada (linha ${repeatedLines[0]})`
				: `${repeatedLines.length} linhas idênticas à anterior ignoradas (linhas ${listLines(repeatedLines)})`,
		);
	}
	dropImplausibleFixes(fixes, report);
	return {
		source: { format: "racechrono", device },
		dateKnown: true,
		trackName: trackName ?? sessionTitle,
		fixes: fixes.finish(),
		lapMarksMs,
		lines: null,
		report: report.finish(),
	};
}

/** Whether two byte ranges hold the same bytes (a trailing CR aside). */
function sameBytes(bytes: Uint8Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
	const aStop = aEnd > a && bytes[aEnd - 1] === 13 ? aEnd - 1 : aEnd;
	const bStop = bEnd > b && bytes[bEnd - 1] === 13 ? bEnd - 1 : bEnd;
	if (aStop - a !== bStop - b || aStop === a) return false;
	for (let i = 0; i < aStop - a; i++) if (bytes[a + i] !== bytes[b + i]) return false;
	return true;
}

/** "This file is created using RaceChrono Pro v9.1.3 ( … )." -> "RaceChrono Pro 9.1.3". */
function deviceFromBanner(banner: string): string {
	const match = /RaceChrono(?: Pro)?(?: v?(\d[\w.]*))?/i.exec(banner);
	if (!match) return "RaceChrono";
	const name = match[0].replace(/ v?(\d[\w.]*)$/, "");
	return match[1] ? `${name} ${match[1]}` : name;
}

const FIRST_EXTRA_SLOT = 7;

interface ExtraPlan {
	name: ExtraChannelName;
	column: number;
	factor: number;
	/** Blank cells keep the last value (slow channels). */
	carry: boolean;
}

interface ColumnPlan {
	lap: number;
	lat: number;
	lon: number;
	speed: number;
	speedFactor: number;
	lean: number;
	distance: number;
	distanceFactor: number;
	extra: ExtraPlan[];
}

type Target = "lap" | "lat" | "lon" | "speed" | "lean" | "distance" | ExtraChannelName;

const TARGETS: Record<string, Target> = {
	lap_number: "lap",
	latitude: "lat",
	longitude: "lon",
	speed: "speed",
	lean_angle: "lean",
	distance_traveled: "distance",
	bearing: "headingDeg",
	altitude: "altitudeM",
	satellites: "satellites",
	lateral_acc: "latAccG",
	longitudinal_acc: "lonAccG",
	rpm: "rpm",
	throttle_pos: "throttlePct",
};

const CARRIED: ReadonlySet<Target> = new Set(["altitudeM", "satellites", "rpm", "throttlePct"]);

/** How much a source suits a channel: the highest wins, the first column on a tie. */
function sourceRank(target: Target, source: string): number {
	const s = source.toLowerCase();
	switch (target) {
		case "lean":
		case "latAccG":
		case "lonAccG":
			return s.includes("calc") ? 2 : s.includes("acc") ? 1 : 0;
		case "rpm":
		case "throttlePct":
			return s.includes("obd") || s.includes("can") ? 1 : 0;
		case "lap":
		case "distance":
			return 0;
		default:
			return s.includes("gps") ? 2 : s.includes("calc") ? 1 : 0;
	}
}

function planColumns(
	names: readonly string[],
	units: readonly string[],
	sources: readonly string[],
	report: ImportReport,
): ColumnPlan {
	const chosen = new Map<Target, number>();
	const candidates = new Map<Target, number[]>();
	names.forEach((name, column) => {
		const target = TARGETS[name];
		if (!target) return;
		candidates.set(target, [...(candidates.get(target) ?? []), column]);
		const current = chosen.get(target);
		const rank = sourceRank(target, sources[column] ?? "");
		if (current === undefined || rank > sourceRank(target, sources[current] ?? "")) {
			chosen.set(target, column);
		}
	});
	const label = (column: number) =>
		sources[column] ? `${names[column]} (${sources[column]})` : `${names[column]}`;
	for (const [target, columns] of candidates) {
		if (columns.length < 2) continue;
		const used = chosen.get(target)!;
		const others = columns.filter((c) => c !== used).map((c) => `${label(c)}, coluna ${c + 1}`);
		report.notice(
			0,
			`coluna ${label(used)}, coluna ${used + 1}, usada; ignoradas: ${others.join("; ")}`,
		);
	}

	const unitOf = (column: number) => units[column] ?? "";
	const factorOf = (
		column: number,
		read: (label: string) => number | null,
		assumed: number,
		assumedUnit: string,
	) => {
		if (column < 0) return assumed;
		const factor = read(unitOf(column));
		if (factor !== null) return factor;
		report.notice(
			0,
			`unidade ${JSON.stringify(unitOf(column))} da coluna ${label(column)} desconhecida: lida como ${assumedUnit}`,
		);
		return assumed;
	};

	const column = (target: Target) => chosen.get(target) ?? -1;
	const extra: ExtraPlan[] = [];
	const extraTargets: ExtraChannelName[] = [
		"headingDeg",
		"altitudeM",
		"satellites",
		"latAccG",
		"lonAccG",
		"rpm",
		"throttlePct",
	];
	for (const name of extraTargets) {
		const c = column(name);
		if (c < 0) continue;
		let factor = 1;
		if (name === "altitudeM") factor = factorOf(c, lengthFactor, 1, "m");
		else if (name === "latAccG" || name === "lonAccG")
			factor = factorOf(c, accelerationFactor, 1, "G");
		extra.push({ name, column: c, factor, carry: CARRIED.has(name) });
	}
	return {
		lap: column("lap"),
		lat: column("lat"),
		lon: column("lon"),
		speed: column("speed"),
		speedFactor: factorOf(column("speed"), speedFactor, 3.6, "m/s"),
		lean: column("lean"),
		distance: column("distance"),
		distanceFactor: factorOf(column("distance"), lengthFactor, 1, "m"),
		extra,
	};
}
