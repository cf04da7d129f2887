import { LF, latin1, NUMBER_OK, numberStatus, readNumber } from "./bytes";
import { LineFields } from "./fields";
import type { ImportReport } from "./report";
import { type ColumnMap, defaultOrder, mapColumns, type VboChannel } from "./vbo-columns";
import type { CoordinateUnits } from "./vbo-gates";

/** How a VBO file's rows are read, as its first rows show. */
export interface VboLayout {
	columns: Record<VboChannel, number>;
	/** Fields of a typical row. */
	fieldCount: number;
	units: CoordinateUnits;
	/** Unit word of the velocity column's name (`kmh`, `mph`), or "". */
	velocityUnit: string;
	heightFactor: number;
}

/** Rows looked at to decide the layout. */
const SAMPLE_ROWS = 200;

interface Sample {
	tokens: string[];
}

/** `HHMMSS.SS`: unsigned, at most 6 digits before the dot, valid hours, minutes, seconds. */
export function isPackedTime(token: string): boolean {
	const m = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(token);
	if (!m) return false;
	const digits = m[1]!.padStart(6, "0");
	return (
		Number(digits.slice(0, 2)) < 24 &&
		Number(digits.slice(2, 4)) < 60 &&
		Number(digits.slice(4, 6)) < 60
	);
}

function numeric(token: string | undefined): number {
	if (token === undefined) return Number.NaN;
	const bytes = new Uint8Array(token.length);
	for (let i = 0; i < token.length; i++) bytes[i] = token.charCodeAt(i) & 0xff;
	const value = readNumber(bytes, 0, bytes.length);
	return numberStatus() === NUMBER_OK ? value : Number.NaN;
}

/** Share of sample rows whose time, lat and long columns read as such. */
function shareReadable(samples: readonly Sample[], columns: Record<VboChannel, number>): number {
	if (columns.time < 0 || columns.lat < 0 || columns.long < 0 || samples.length === 0) return 0;
	let good = 0;
	for (const { tokens } of samples) {
		const time = tokens[columns.time];
		const lat = numeric(tokens[columns.lat]);
		const long = numeric(tokens[columns.long]);
		if (time !== undefined && isPackedTime(time) && !Number.isNaN(lat) && !Number.isNaN(long)) {
			// sats, when named, must be a small integer: it tells a shifted layout apart.
			const sats = columns.sats >= 0 ? tokens[columns.sats] : "0";
			if (sats !== undefined && /^\d{1,3}$/.test(sats)) good++;
		}
	}
	return good / samples.length;
}

function shifted(map: ColumnMap, by: number): Record<VboChannel, number> {
	const columns = { ...map.column };
	for (const key of Object.keys(columns) as VboChannel[]) {
		const c = columns[key];
		columns[key] = c < 0 || c + by < 0 ? -1 : c + by;
	}
	return columns;
}

/**
 * Decides the columns from the names and the first rows: the names when the rows agree
 * (time reads as HHMMSS.SS, lat and long as numbers, sats as a small integer), the names
 * shifted by one column when that fits (a writer that names a column its rows lack), else
 * the two dialects' positional orders, sats first (Racelogic, RaceChrono) or last (RaceBox).
 * Then minutes or degrees from the coordinates. null when no layout fits (reported).
 */
export function decideColumns(
	bytes: Uint8Array,
	dataStart: number,
	columnNames: readonly string[] | null,
	header: readonly string[],
	report: ImportReport,
): VboLayout | null {
	const samples = sampleRows(bytes, dataStart);
	const fieldCount = typicalCount(samples);
	const names = columnNames ?? (header.length > 0 ? header : null);
	const map = names ? mapColumns(names) : null;
	let columns: Record<VboChannel, number> | null = null;
	let how = "";
	// How far the rows sit from the names: a name's unit word moves with it.
	let nameShift = 0;
	if (map && shareReadable(samples, map.column) >= 0.8) {
		columns = map.column;
		how = columnNames ? "pelos nomes de [column names]" : "pelos nomes de [header]";
	}
	if (!columns && map) {
		for (const by of [-1, 1]) {
			const candidate = shifted(map, by);
			if (shareReadable(samples, candidate) >= 0.8) {
				columns = candidate;
				nameShift = by;
				how = `pelos nomes, deslocados ${by < 0 ? "uma coluna à esquerda" : "uma coluna à direita"} (as linhas não batem com os nomes)`;
				break;
			}
		}
	}
	if (!columns) {
		for (const satsFirst of [true, false]) {
			const candidate = mapColumns(defaultOrder(satsFirst, fieldCount)).column;
			if (shareReadable(samples, candidate) >= 0.8) {
				columns = candidate;
				how = `pela ordem padrão com sats ${satsFirst ? "primeiro" : "por último"}${map ? " (os nomes não batem com as linhas)" : ""}`;
				break;
			}
		}
	}
	if (!columns) {
		report.reject(
			0,
			"colunas time, lat e long não reconhecidas nas primeiras linhas de [data]: nenhum ponto lido",
		);
		return null;
	}
	if (map) chooseCandidates(columns, map, samples);
	const units = coordinateUnits(samples, columns);
	const unitWord = (c: number) => (map && c >= 0 ? (map.units[c - nameShift] ?? "") : "");
	report.notice(
		0,
		`colunas decididas ${how}; coordenadas em ${units === "minutes" ? "minutos, longitude positiva a oeste" : "graus"}`,
	);
	return {
		columns,
		fieldCount,
		units,
		velocityUnit: unitWord(columns.velocity),
		heightFactor: unitWord(columns.height) === "ft" ? 0.3048 : 1,
	};
}

/**
 * Of several columns for one channel (`latacc` and `latacc-calc`), the first with a non-zero
 * value in the sample: a device without the sensor writes zeros in the plain one.
 */
function chooseCandidates(
	columns: Record<VboChannel, number>,
	map: ColumnMap,
	samples: readonly Sample[],
): void {
	for (const channel of ["lonAcc", "latAcc", "lean", "velocity", "height"] as const) {
		const options = map.candidates[channel];
		if (options.length < 2 || columns[channel] !== options[0]) continue;
		const live = options.find((c) =>
			samples.some(({ tokens }) => {
				const v = numeric(tokens[c]);
				return !Number.isNaN(v) && v !== 0;
			}),
		);
		if (live !== undefined) columns[channel] = live;
	}
}

/**
 * Minutes when a value cannot be degrees (|lat| > 90, |long| > 180) or is written in
 * Racelogic's zero-padded form (`+02743.96882`, `-000784.39721`); else degrees.
 */
function coordinateUnits(
	samples: readonly Sample[],
	columns: Record<VboChannel, number>,
): CoordinateUnits {
	let padded = false;
	for (const { tokens } of samples) {
		const lat = tokens[columns.lat] ?? "";
		const long = tokens[columns.long] ?? "";
		const a = Math.abs(numeric(lat));
		const b = Math.abs(numeric(long));
		if ((a > 90 && a <= 90 * 60) || (b > 180 && b <= 180 * 60)) return "minutes";
		if (/^[+-]?0\d{3,}\./.test(lat) || /^[+-]?0\d{3,}\./.test(long)) padded = true;
	}
	return padded ? "minutes" : "degrees";
}

function sampleRows(bytes: Uint8Array, start: number): Sample[] {
	const fields = new LineFields(512);
	const samples: Sample[] = [];
	let pos = start;
	while (pos < bytes.length && samples.length < SAMPLE_ROWS) {
		let end = bytes.indexOf(LF, pos);
		if (end < 0) end = bytes.length;
		const count = fields.splitBlanks(bytes, pos, end);
		pos = end + 1;
		if (count === 0) continue;
		if (bytes[fields.starts[0]!] === 91 /* [ */) break;
		const tokens: string[] = [];
		for (let i = 0; i < Math.min(count, fields.maxFields); i++) {
			tokens.push(latin1(bytes, fields.starts[i]!, fields.ends[i]!));
		}
		samples.push({ tokens });
	}
	return samples;
}

function typicalCount(samples: readonly Sample[]): number {
	const counts = new Map<number, number>();
	for (const s of samples) counts.set(s.tokens.length, (counts.get(s.tokens.length) ?? 0) + 1);
	let best = 0;
	let bestCount = -1;
	for (const [count, times] of counts) {
		if (times > bestCount) {
			best = count;
			bestCount = times;
		}
	}
	return best;
}
