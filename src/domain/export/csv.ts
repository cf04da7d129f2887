/**
 * CSV: one row per GPS fix, RFC 4180 (comma-separated, CRLF line ends, `.` as the decimal
 * separator, UTF-8 without a byte-order mark), a header row of names with their units.
 * Laps follow one another; consecutive laps share their boundary instant, so that fix appears
 * as the last row of one lap and the first of the next.
 *
 * | column | content |
 * |---|---|
 * | `pista` | track name (text; a name starting with `=`, `+`, `-` or `@` gets a leading `'`) |
 * | `volta` | lap number |
 * | `hora_utc` | instant of the fix, ISO 8601 UTC with milliseconds (`2025-03-01T13:05:07.240Z`) |
 * | `tempo_sessao_s` | seconds since the session's first fix (also when one lap is exported) |
 * | `tempo_volta_s` | seconds since the lap started |
 * | `latitude` | degrees, WGS84, north positive (7 decimals) |
 * | `longitude` | degrees, WGS84, east positive (7 decimals) |
 * | `velocidade_kmh` | ground speed, km/h |
 * | `inclinacao_graus` | lean angle, degrees, positive to the right |
 * | `inclinacao_origem` | `medida` (by the device) or `estimada` (from the path) |
 * | `distancia_volta_m` | metres from the lap's start along the path |
 * | `rumo_graus` | heading, degrees from north (when the source has it) |
 * | `altitude_m` | altitude, metres (when the source has it) |
 * | `satelites` | satellites in use (when the source has it) |
 * | `acel_lateral_g` | lateral acceleration, g (when the source has it) |
 * | `acel_longitudinal_g` | longitudinal acceleration, g (when the source has it) |
 * | `rpm` | engine speed, rpm (when the source has it) |
 * | `acelerador_pct` | throttle, % (when the source has it) |
 *
 * The columns marked "when the source has it" are present when any exported lap carries that
 * channel. An empty cell is a fix without that value. When the recording had no date, times
 * are written as `ExportSession` says (on the session's date, or on 1970-01-01).
 */
import type { ExtraChannelName } from "../recording/types";
import { CHUNK_TARGET_CHARS } from "./chunks";
import { csvTextCell } from "./csv-cell";
import { fixed, headingText } from "./number-text";
import { isWritablePoint, type PreparedExport } from "./prepare";
import { createIsoFormatter } from "./time-text";

const FIXED_COLUMNS = [
	"pista",
	"volta",
	"hora_utc",
	"tempo_sessao_s",
	"tempo_volta_s",
	"latitude",
	"longitude",
	"velocidade_kmh",
	"inclinacao_graus",
	"inclinacao_origem",
	"distancia_volta_m",
];

/** Extra channels in column order, with their column name and decimals (heading: 0..360). */
export const CSV_EXTRA_COLUMNS: readonly {
	channel: ExtraChannelName;
	column: string;
	decimals: number;
}[] = [
	{ channel: "headingDeg", column: "rumo_graus", decimals: 1 },
	{ channel: "altitudeM", column: "altitude_m", decimals: 1 },
	{ channel: "satellites", column: "satelites", decimals: 0 },
	{ channel: "latAccG", column: "acel_lateral_g", decimals: 3 },
	{ channel: "lonAccG", column: "acel_longitudinal_g", decimals: 3 },
	{ channel: "rpm", column: "rpm", decimals: 0 },
	{ channel: "throttlePct", column: "acelerador_pct", decimals: 1 },
];

const CRLF = "\r\n";

export function* writeCsv(prepared: PreparedExport): Generator<string, void, undefined> {
	const extras = CSV_EXTRA_COLUMNS.filter(({ channel }) =>
		prepared.laps.some((lap) => lap.channels.extra[channel] !== undefined),
	);
	let out = [...FIXED_COLUMNS, ...extras.map((e) => e.column)].join(",") + CRLF;
	const trackCell = csvTextCell(prepared.session.trackName ?? "");
	const origin = prepared.originMs ?? 0;
	const iso = createIsoFormatter();
	for (const lap of prepared.laps) {
		const { channels } = lap;
		const { lat, lon, timeMs, speedKmh, leanDeg, distanceM } = channels;
		const lapStartMs = prepared.epochOffsetMs + lap.startMs;
		const leading = `${trackCell},${lap.number},`;
		const leanOrigin = channels.leanEstimated ? "estimada" : "medida";
		const extraArrays = extras.map((e) => channels.extra[e.channel]);
		const extraDecimals = extras.map((e) => e.decimals);
		const headingColumn = extras.findIndex((e) => e.channel === "headingDeg");
		for (let i = 0; i < channels.length; i++) {
			const instant = lapStartMs + timeMs[i]!;
			if (!isWritablePoint(channels, i, instant)) continue;
			out +=
				`${leading}${iso(instant)},${fixed((instant - origin) / 1000, 3)},${fixed(timeMs[i]! / 1000, 3)},` +
				`${fixed(lat[i]!, 7)},${fixed(lon[i]!, 7)},${fixed(speedKmh[i]!, 2)},` +
				`${fixed(leanDeg[i]!, 1)},${leanOrigin},${fixed(distanceM[i]!, 2)}`;
			for (let k = 0; k < extras.length; k++) {
				const values = extraArrays[k];
				if (values === undefined) out += ",";
				else if (k === headingColumn) out += `,${headingText(values[i]!)}`;
				else out += `,${fixed(values[i]!, extraDecimals[k]!)}`;
			}
			out += CRLF;
			if (out.length >= CHUNK_TARGET_CHARS) {
				yield out;
				out = "";
			}
		}
	}
	yield out;
}
