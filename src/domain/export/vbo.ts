/**
 * Racelogic VBO, as VBOX loggers write it and RaceChrono, Circuit Tools and DovesDataViewer
 * read it: CRLF lines, sections separated by blank lines.
 *
 * - `File created on dd/mm/yyyy @ hh:mm`: the UTC date and time of the first row.
 * - `[header]` (one channel a line), `[channel units]` (one line per channel that is not one
 *   of Racelogic's standard ones), `[comments]` (track, source, laps, how lean was obtained).
 * - `[laptiming]`: the track's lines: `Start` for start/finish, then one `Split` per sector
 *   line, each `long lat long lat ¬ name`: the two ends of the line (a segment the path
 *   crosses), longitude first as Racelogic's own example and RaceChrono write them, in
 *   minutes with the signs of `[data]`; `¬` is U+00AC, written in UTF-8
 *   (C2 AC). A session without lines gets a start line placed across its path at the start
 *   of its first lap (24 m wide, perpendicular to the direction of travel), so a program that
 *   times laps from the line finds laps where lapsix had them; the comments say so.
 * - `[column names]`: `sats time lat long velocity heading height` (sats and height only when
 *   the source has satellites and altitude), then `longacc latacc` (g, as the source gives
 *   them), `lean_angle` (degrees, positive to the right; named `lean_angle-calc`, RaceChrono's
 *   suffix for a computed channel, when every lap's lean was estimated from the path), `rpm`,
 *   `throttle` (%), each when the source has it.
 * - `[data]`: one row per fix. `time` is UTC `HHMMSS.SS` since midnight: a session that runs
 *   past midnight wraps to `000000.00`, as a VBOX does, and readers add a day when the time
 *   goes back. `lat` positive north and `long` positive WEST, both in minutes; `velocity`
 *   km/h; `heading` degrees (the source's heading, else the path's bearing); `height` m.
 *   A row whose time in hundredths does not advance past the previous row's is left out (the
 *   instant two laps share, or an interpolated crossing within 5 ms of a fix), so times are
 *   strictly increasing. VBO has no empty value: an unknown value is written as zero.
 */
import type { GateLine } from "../recording/types";
import { CHUNK_TARGET_CHARS } from "./chunks";
import { courseOfLap } from "./course";
import { describeLean, describeSource } from "./describe";
import { padded, zeroPad } from "./number-text";
import { describeTimeBase, isWritablePoint, type PreparedExport } from "./prepare";
import { utcDateBr, utcHourMinute, vboTimeOfDay } from "./time-text";
import {
	gateAcrossPath,
	vboGateCoordinates,
	vboLabel,
	vboLatitude,
	vboLongitude,
} from "./vbo-text";

const CRLF = "\r\n";
const NOT_SIGN = "\u00ac";

interface VboColumn {
	header: string;
	column: string;
	/** Units line, for channels that are not Racelogic standard channels. */
	units?: string;
}

function zeroIfUnknown(text: string, zero: string): string {
	return text === "" ? zero : text;
}

function laptimingSection(prepared: PreparedExport): { text: string; placed: boolean } {
	let lines: { startFinish: GateLine; sectors: GateLine[] } | null = prepared.session.lines;
	let placed = false;
	if (!lines) {
		const firstLap = prepared.session.laps[0];
		const gate = firstLap ? gateAcrossPath(firstLap.channels) : null;
		if (!gate) return { text: "", placed };
		lines = { startFinish: gate, sectors: [] };
		placed = true;
	}
	let text = `[laptiming]${CRLF}Start ${vboGateCoordinates(lines.startFinish)} ${NOT_SIGN} ${vboLabel("Largada/chegada")}${CRLF}`;
	lines.sectors.forEach((gate, k) => {
		text += `Split ${vboGateCoordinates(gate)} ${NOT_SIGN} ${vboLabel(`Parcial ${k + 1}`)}${CRLF}`;
	});
	return { text: text + CRLF, placed };
}

function vboColumns(prepared: PreparedExport) {
	const has = (
		channel: "satellites" | "altitudeM" | "lonAccG" | "latAccG" | "rpm" | "throttlePct",
	) => prepared.laps.some((lap) => lap.channels.extra[channel] !== undefined);
	const allEstimated =
		prepared.laps.length > 0 && prepared.laps.every((lap) => lap.channels.leanEstimated);
	const present = {
		sats: has("satellites"),
		height: has("altitudeM"),
		longacc: has("lonAccG"),
		latacc: has("latAccG"),
		rpm: has("rpm"),
		throttle: has("throttlePct"),
	};
	const columns: VboColumn[] = [];
	if (present.sats) columns.push({ header: "satellites", column: "sats" });
	columns.push(
		{ header: "time", column: "time" },
		{ header: "latitude", column: "lat" },
		{ header: "longitude", column: "long" },
		{ header: "velocity kmh", column: "velocity" },
		{ header: "heading", column: "heading" },
	);
	if (present.height) columns.push({ header: "height", column: "height" });
	if (present.longacc) columns.push({ header: "long accel g", column: "longacc" });
	if (present.latacc) columns.push({ header: "lat accel g", column: "latacc" });
	const lean = allEstimated ? "lean_angle-calc" : "lean_angle";
	columns.push({ header: lean, column: lean, units: "deg" });
	if (present.rpm) columns.push({ header: "rpm", column: "rpm", units: "rpm" });
	if (present.throttle) columns.push({ header: "throttle", column: "throttle", units: "%" });
	return { columns, present };
}

function vboHeader(prepared: PreparedExport, columns: VboColumn[]): string {
	const { session } = prepared;
	const first = prepared.firstWrittenMs ?? prepared.epochOffsetMs;
	const laptiming = laptimingSection(prepared);
	const comments = [
		"Exportado pelo lapsix",
		`Pista : ${session.trackName?.trim() || "desconhecida"}`,
		`Data : ${session.date ?? "desconhecida"}`,
		`Fonte : ${describeSource(session.source)}`,
		`Voltas : ${prepared.laps.map((lap) => lap.number).join(" ")}`,
		`Tempos : ${describeTimeBase(session)}`,
		`Inclinação : ${describeLean(prepared)}`,
	];
	if (laptiming.placed) {
		comments.push(
			"Linha de largada : colocada pelo lapsix no início da primeira volta (a sessão não tinha linha da pista)",
		);
	}
	return (
		`File created on ${utcDateBr(first)} @ ${utcHourMinute(first)}${CRLF}${CRLF}` +
		`[header]${CRLF}${columns.map((c) => c.header + CRLF).join("")}${CRLF}` +
		`[channel units]${CRLF}${columns
			.filter((c) => c.units !== undefined)
			.map((c) => c.units + CRLF)
			.join("")}${CRLF}` +
		`[comments]${CRLF}${comments.map((line) => vboLabel(line) + CRLF).join("")}${CRLF}` +
		laptiming.text +
		`[column names]${CRLF}${columns.map((c) => c.column).join(" ")}${CRLF}${CRLF}` +
		`[data]${CRLF}`
	);
}

export function* writeVbo(prepared: PreparedExport): Generator<string, void, undefined> {
	const { columns, present } = vboColumns(prepared);
	let out = vboHeader(prepared, columns);
	let lastCentiseconds = Number.NEGATIVE_INFINITY;
	for (const lap of prepared.laps) {
		const { channels } = lap;
		const { lat, lon, timeMs, speedKmh, leanDeg, extra } = channels;
		const course = courseOfLap(channels);
		const lapStartMs = prepared.epochOffsetMs + lap.startMs;
		for (let i = 0; i < channels.length; i++) {
			const instant = lapStartMs + timeMs[i]!;
			if (!isWritablePoint(channels, i, instant)) continue;
			const centiseconds = Math.round(instant / 10);
			if (centiseconds <= lastCentiseconds) continue;
			lastCentiseconds = centiseconds;
			let row = "";
			if (present.sats) {
				const sats = extra.satellites?.[i] ?? Number.NaN;
				row += `${zeroPad(Number.isFinite(sats) ? Math.min(63, Math.max(0, Math.round(sats))) : 0, 3)} `;
			}
			let heading = Math.round((course[i]! || 0) * 100);
			if (!(heading >= 0 && heading < 36_000)) heading = 0;
			row +=
				`${vboTimeOfDay(centiseconds)} ${vboLatitude(lat[i]!)} ${vboLongitude(lon[i]!)} ` +
				`${zeroIfUnknown(padded(Math.max(0, speedKmh[i]!), 3, 3, false), "000.000")} ` +
				padded(heading / 100, 3, 2, false);
			if (present.height)
				row += ` ${zeroIfUnknown(padded(extra.altitudeM?.[i] ?? Number.NaN, 5, 2, true), "+00000.00")}`;
			if (present.longacc)
				row += ` ${zeroIfUnknown(padded(extra.lonAccG?.[i] ?? Number.NaN, 3, 3, true), "+000.000")}`;
			if (present.latacc)
				row += ` ${zeroIfUnknown(padded(extra.latAccG?.[i] ?? Number.NaN, 3, 3, true), "+000.000")}`;
			row += ` ${zeroIfUnknown(padded(leanDeg[i]!, 3, 2, true), "+000.00")}`;
			if (present.rpm)
				row += ` ${zeroIfUnknown(padded(extra.rpm?.[i] ?? Number.NaN, 5, 0, false), "00000")}`;
			if (present.throttle)
				row += ` ${zeroIfUnknown(padded(extra.throttlePct?.[i] ?? Number.NaN, 3, 1, false), "000.0")}`;
			out += row + CRLF;
			if (out.length >= CHUNK_TARGET_CHARS) {
				yield out;
				out = "";
			}
		}
	}
	yield out;
}
