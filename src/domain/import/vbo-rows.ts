import type { ExtraChannelName } from "../recording/types";
import { skipBlanks } from "./bytes";
import type { CsvNumberReader } from "./csv-numbers";
import type { FixesBuilder } from "./fixes-builder";
import type { ImportReport } from "./report";

const DAY_MS = 86_400_000;

/** Slots of `readVboRows`'s reader: the channels in this order (-1 for an absent one). */
export const VBO_SLOTS = [
	"time",
	"sats",
	"lat",
	"long",
	"velocity",
	"heading",
	"height",
	"lonAcc",
	"latAcc",
	"lean",
	"rpm",
	"throttle",
] as const;

/** The extra channels, by reader slot. */
const EXTRA_OF_SLOT: readonly (ExtraChannelName | null)[] = [
	null,
	"satellites",
	null,
	null,
	null,
	"headingDeg",
	"altitudeM",
	"lonAccG",
	"latAccG",
	null,
	"rpm",
	"throttlePct",
];

/** The extra channels a VBO with these reader columns carries (-1: absent), in fixes order. */
export function vboExtras(columns: readonly number[]): ExtraChannelName[] {
	// The order the fixes have always had them in.
	const order = [5, 6, 1, 7, 8, 10, 11];
	return order.filter((slot) => columns[slot]! >= 0).map((slot) => EXTRA_OF_SLOT[slot]!);
}

export interface VboRowsContext {
	/** UTC midnight of the recording's day (0 when unknown). */
	dateMs: number;
	inMinutes: boolean;
	velocityFactor: number;
	heightFactor: number;
	/** Fields a row needs (time, lat and long), and the layout's field count (for reports). */
	needed: number;
	fieldCount: number;
	hasVelocity: boolean;
}

/**
 * The `[data]` rows from `pos` (the line before it numbered `lineNo`), read by `reader`
 * (slots in `VBO_SLOTS` order) into `fixes`, which has the columns `vboExtras` names. Returns
 * the time of day of the first fix (NaN: none). The hot loop of `importVbo`: the fixes'
 * columns in locals (taken again when they grow), each extra channel written by its slot.
 */
export function readVboRows(
	bytes: Uint8Array,
	pos: number,
	lineNo: number,
	reader: CsvNumberReader,
	fixes: FixesBuilder,
	report: ImportReport,
	ctx: VboRowsContext,
): number {
	const values = reader.values;
	const states = reader.states;
	const { dateMs, inMinutes, velocityFactor, heightFactor, needed } = ctx;
	const headingSlot = fixes.slot("headingDeg");
	const altitudeSlot = fixes.slot("altitudeM");
	const satellitesSlot = fixes.slot("satellites");
	const lonAccSlot = fixes.slot("lonAccG");
	const latAccSlot = fixes.slot("latAccG");
	const rpmSlot = fixes.slot("rpm");
	const throttleSlot = fixes.slot("throttlePct");
	const none: Float32Array = new Float32Array(0);
	let capacity = -1;
	let timeOut = fixes.timeMs;
	let latOut = fixes.lat;
	let lonOut = fixes.lon;
	let lineOut = fixes.line;
	let speedOut = fixes.speedKmh;
	let leanOut: Float32Array = fixes.leanDeg ?? none;
	let headingOut = none;
	let altitudeOut = none;
	let satellitesOut = none;
	let lonAccOut = none;
	let latAccOut = none;
	let rpmOut = none;
	let throttleOut = none;
	const hasLean = fixes.leanDeg !== null;
	let count = fixes.length;
	let lastTime = fixes.lastTimeMs();

	let dayOffset = 0;
	let previousTod = Number.NaN;
	let firstTod = Number.NaN;
	let line = lineNo;
	let at = pos;
	const n = bytes.length;
	while (at < n) {
		line++;
		const lineStart = at;
		const end = reader.read(bytes, lineStart);
		at = end + 1;
		const fieldCount = reader.fieldCount;
		if (fieldCount === 0) continue;
		if (states[0] !== 0 && bytes[skipBlanks(bytes, lineStart, end)] === 91 /* [ */) {
			report.notice(line, "seção depois de [data] ignorada: o arquivo termina aqui");
			break;
		}
		if (fieldCount < needed) {
			report.reject(line, `linha incompleta: ${fieldCount} campos, esperados ${ctx.fieldCount}`);
			continue;
		}
		// States: 0 NUMBER_OK, 1 NUMBER_EMPTY (literals: an imported constant can cost a getter
		// call per use).
		if (states[0] !== 0 || states[2] !== 0 || states[3] !== 0) {
			const bad = states[0] !== 0 ? 0 : states[2] !== 0 ? 2 : 3;
			report.reject(
				line,
				`${["time", "", "lat", "long"][bad]}: esperado número, encontrado ${reader.quoted(bad)}`,
			);
			continue;
		}
		// HHMMSS.SS read times 1000: HHMMSSsss.
		const packed = values[0]!;
		let hours: number;
		let minutes: number;
		let secondsMs: number;
		if ((packed | 0) === packed) {
			// Whole milliseconds (nearly every file): integer division, no floating modulo.
			const hhmm = (packed / 100_000) | 0;
			hours = (hhmm / 100) | 0;
			minutes = hhmm - hours * 100;
			secondsMs = packed - hhmm * 100_000;
		} else {
			hours = Math.floor(packed / 10_000_000);
			minutes = Math.floor(packed / 100_000) % 100;
			secondsMs = packed % 100_000;
		}
		if (packed < 0 || hours > 23 || minutes > 59 || secondsMs >= 60_000) {
			report.reject(line, `time: ${reader.quoted(0)} não é uma hora HHMMSS.SS válida`);
			continue;
		}
		const tod = hours * 3_600_000 + minutes * 60_000 + secondsMs;
		// Past midnight when the time of day drops by more than half a day; a step back across
		// midnight (a stray row) stays on the day before, and is rejected below.
		let day = dayOffset;
		if (tod < previousTod - DAY_MS / 2) day++;
		else if (tod > previousTod + DAY_MS / 2) day--;
		const lat = inMinutes ? values[2]! / 60 : values[2]!;
		const lon = inMinutes ? -values[3]! / 60 : values[3]!;
		if (lat < -90 || lat > 90 || lon < -180 || lon > 180 || (lat === 0 && lon === 0)) {
			report.reject(
				line,
				`posição fora do intervalo ou sem fixo: lat ${reader.quoted(2)}, long ${reader.quoted(3)}`,
			);
			continue;
		}
		const timeMs = dateMs + day * DAY_MS + tod;
		if (!(timeMs > lastTime)) {
			report.reject(
				line,
				`time ${reader.quoted(0)} não avança (anterior na linha ${lineOut[count - 1]})`,
			);
			continue;
		}
		previousTod = tod;
		dayOffset = day;
		if (Number.isNaN(firstTod)) firstTod = tod;

		if (count >= capacity) {
			// Full (or the first row): grow, then take the columns again.
			fixes.next();
			capacity = fixes.capacity;
			timeOut = fixes.timeMs;
			latOut = fixes.lat;
			lonOut = fixes.lon;
			lineOut = fixes.line;
			speedOut = fixes.speedKmh;
			leanOut = fixes.leanDeg ?? none;
			const extra = fixes.extra;
			headingOut = extra[headingSlot] ?? none;
			altitudeOut = extra[altitudeSlot] ?? none;
			satellitesOut = extra[satellitesSlot] ?? none;
			lonAccOut = extra[lonAccSlot] ?? none;
			latAccOut = extra[latAccSlot] ?? none;
			rpmOut = extra[rpmSlot] ?? none;
			throttleOut = extra[throttleSlot] ?? none;
		}
		const i = count;
		timeOut[i] = timeMs;
		latOut[i] = lat;
		lonOut[i] = lon;
		lineOut[i] = line;
		speedOut[i] = states[4] === 0 ? values[4]! * velocityFactor : Number.NaN;
		if (hasLean) leanOut[i] = states[9] === 0 ? values[9]! : Number.NaN;
		// An absent channel's column is `none`: a write past its end is dropped.
		headingOut[i] = states[5] === 0 ? values[5]! : Number.NaN;
		altitudeOut[i] = states[6] === 0 ? values[6]! * heightFactor : Number.NaN;
		lonAccOut[i] = states[7] === 0 ? values[7]! : Number.NaN;
		latAccOut[i] = states[8] === 0 ? values[8]! : Number.NaN;
		rpmOut[i] = states[10] === 0 ? values[10]! : Number.NaN;
		throttleOut[i] = states[11] === 0 ? values[11]! : Number.NaN;
		// sats: +64 brake trigger, +128 DGPS; a whole count (always, in practice) takes a mask,
		// not a floating modulo.
		const sats = states[1] === 0 ? values[1]! : Number.NaN;
		satellitesOut[i] =
			sats >= 0 && sats < 256 ? ((sats | 0) === sats ? sats & 63 : sats % 64) : Number.NaN;
		count++;
		fixes.commit();
		lastTime = timeMs;
		if (states[4] !== 0 && states[4] !== 1 && ctx.hasVelocity) {
			report.reject(line, `velocity: valor ilegível ${reader.quoted(4)}; ponto mantido sem ele`);
		}
	}
	return firstTod;
}
