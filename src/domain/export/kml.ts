/**
 * KML 2.2 (OGC 07-147r2), as Google Earth opens it: a `Document` whose description holds the
 * colour legend, one shared `Style` per speed band, a folder with the track's lines
 * (start/finish and sector lines, each a `LineString` placemark) and one folder per lap, with
 * the lap's time and `TimeSpan`. A lap's path is cut into runs of one speed band, each run a
 * `Placemark` with its band's style and a `LineString` of `lon,lat[,alt]` tuples; consecutive
 * runs share their boundary point, so the path is unbroken. Lines follow the ground
 * (`tessellate`); the altitude, when the source has one, is kept in the tuples.
 */

import { formatLapTime } from "../format/time";
import type { GateLine } from "../recording/types";
import { CHUNK_TARGET_CHARS } from "./chunks";
import { describeLean, describeSource, sessionTitle } from "./describe";
import { fixed } from "./number-text";
import { describeTimeBase, isWritablePoint, type PreparedExport } from "./prepare";
import {
	bandLabel,
	bandOf,
	nextBand,
	type SpeedBand,
	speedBandsOf,
	UNKNOWN_BAND,
	UNKNOWN_BAND_CSS,
	UNKNOWN_BAND_KML,
} from "./speed-bands";
import { createIsoFormatter } from "./time-text";
import { escapeXml } from "./xml-text";

export const KML_NAMESPACE = "http://www.opengis.net/kml/2.2";

const PATH_WIDTH = 4;

function styleId(band: number): string {
	return band === UNKNOWN_BAND ? "speed-unknown" : `speed-${band}`;
}

function legendHtml(prepared: PreparedExport, bands: readonly SpeedBand[]): string {
	const rows = bands.map(
		(band) =>
			`<tr><td style="background:${band.cssColor};width:2em">&nbsp;</td><td>${bandLabel(band)}</td></tr>`,
	);
	rows.push(
		`<tr><td style="background:${UNKNOWN_BAND_CSS};width:2em">&nbsp;</td><td>${bandLabel(undefined)}</td></tr>`,
	);
	const about =
		`Fonte: ${describeSource(prepared.session.source)}; ${describeLean(prepared)}; ` +
		`${describeTimeBase(prepared.session)}.`;
	return `<p>Cor do trajeto pela velocidade:</p><table>${rows.join("")}</table><p>${escapeXml(about)}</p>`;
}

function kmlHeader(prepared: PreparedExport, bands: readonly SpeedBand[]): string {
	let out =
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		`<kml xmlns="${KML_NAMESPACE}">\n<Document>\n` +
		`<name>${escapeXml(`lapsix ${sessionTitle(prepared)}`)}</name>\n<open>1</open>\n` +
		`<description>${escapeXml(legendHtml(prepared, bands))}</description>\n`;
	const styles: [string, string, number][] = bands.map((band, k) => [
		styleId(k),
		band.kmlColor,
		PATH_WIDTH,
	]);
	styles.push([styleId(UNKNOWN_BAND), UNKNOWN_BAND_KML, PATH_WIDTH]);
	styles.push(["line-start-finish", "ffffffff", 6], ["line-sector", "ff00ffff", 4]);
	for (const [id, color, width] of styles) {
		out += `<Style id="${id}"><LineStyle><color>${color}</color><width>${width}</width></LineStyle></Style>\n`;
	}
	return out;
}

function gatePlacemark(name: string, style: string, gate: GateLine): string {
	const a = `${fixed(gate.a.lon, 7)},${fixed(gate.a.lat, 7)}`;
	const b = `${fixed(gate.b.lon, 7)},${fixed(gate.b.lat, 7)}`;
	return (
		`<Placemark><name>${escapeXml(name)}</name><styleUrl>#${style}</styleUrl>` +
		`<LineString><tessellate>1</tessellate><coordinates>${a} ${b}</coordinates></LineString></Placemark>\n`
	);
}

function linesFolder(prepared: PreparedExport): string {
	const { lines } = prepared.session;
	if (!lines) return "";
	let out = "<Folder><name>Linhas da pista</name>\n";
	out += gatePlacemark("Largada/chegada", "line-start-finish", lines.startFinish);
	lines.sectors.forEach((gate, k) => {
		out += gatePlacemark(`Parcial ${k + 1}`, "line-sector", gate);
	});
	return `${out}</Folder>\n`;
}

function runOpen(lapNumber: number, bands: readonly SpeedBand[], band: number): string {
	const label = escapeXml(`Volta ${lapNumber} · ${bandLabel(bands[band])}`);
	return (
		`<Placemark><name>${label}</name><styleUrl>#${styleId(band)}</styleUrl>` +
		"<LineString><tessellate>1</tessellate><coordinates>"
	);
}

const RUN_CLOSE = "</coordinates></LineString></Placemark>\n";

export function* writeKml(prepared: PreparedExport): Generator<string, void, undefined> {
	const bands = speedBandsOf(prepared.laps);
	let out = kmlHeader(prepared, bands) + linesFolder(prepared);
	const iso = createIsoFormatter();
	for (const lap of prepared.laps) {
		const { channels } = lap;
		const { lat, lon, timeMs, speedKmh } = channels;
		const altitude = channels.extra.altitudeM;
		const lapStartMs = prepared.epochOffsetMs + lap.startMs;
		const lapTime = Number.isFinite(lap.timeMs) ? ` · ${formatLapTime(lap.timeMs)}` : "";
		out += `<Folder><name>${escapeXml(`Volta ${lap.number}${lapTime}`)}</name>`;
		let first = -1;
		let last = -1;
		for (let i = 0; i < channels.length; i++) {
			if (!isWritablePoint(channels, i, lapStartMs + timeMs[i]!)) continue;
			if (first < 0) first = i;
			last = i;
		}
		if (first >= 0 && last > first) {
			out += `<TimeSpan><begin>${iso(lapStartMs + timeMs[first]!)}</begin><end>${iso(lapStartMs + timeMs[last]!)}</end></TimeSpan>`;
		}
		out += "\n";
		let band = UNKNOWN_BAND;
		/** Points written in the open run (0 = no run open). */
		let runPoints = 0;
		// A lap of fewer than two writable points draws no line.
		const end = last > first ? last + 1 : 0;
		for (let i = 0; i < end; i++) {
			if (!isWritablePoint(channels, i, lapStartMs + timeMs[i]!)) continue;
			const ele = altitude?.[i];
			const tuple =
				ele !== undefined && Number.isFinite(ele)
					? `${fixed(lon[i]!, 7)},${fixed(lat[i]!, 7)},${fixed(ele, 1)}`
					: `${fixed(lon[i]!, 7)},${fixed(lat[i]!, 7)}`;
			if (runPoints === 0) {
				band = bandOf(bands, speedKmh[i]!);
				out += runOpen(lap.number, bands, band) + tuple;
				runPoints = 1;
			} else {
				out += ` ${tuple}`;
				runPoints++;
				const next = nextBand(bands, band, speedKmh[i]!);
				// The point that changes band ends this run and starts the next one.
				if (next !== band && i !== last) {
					band = next;
					out += RUN_CLOSE + runOpen(lap.number, bands, band) + tuple;
					runPoints = 1;
				}
			}
			if (out.length >= CHUNK_TARGET_CHARS) {
				yield out;
				out = "";
			}
		}
		if (runPoints > 0) out += RUN_CLOSE;
		out += "</Folder>\n";
	}
	yield `${out}</Document>\n</kml>\n`;
}
