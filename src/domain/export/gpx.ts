/**
 * GPX 1.1 (https://www.topografix.com/GPX/1/1/): one `<trk>` for the session, one `<trkseg>`
 * per lap, a `<time>` on every point.
 *
 * A point carries, in the order the schema requires: `<ele>` (altitude, when the source has
 * it), `<time>` (ISO 8601 UTC with milliseconds), `<sat>` (satellites, when known), then
 * `<extensions>` with Garmin's TrackPointExtension v2 (`gpxtpx:speed` in m/s,
 * `gpxtpx:course` in degrees) and the lean as `<lapsix:lean estimated="true|false">12.3
 * </lapsix:lean>` (degrees, positive to the right), which the lapsix GPX importer reads back.
 * A segment ends with `<extensions><lapsix:lap>N</lapsix:lap><lapsix:lapTimeMs>…`, after its
 * points, where the schema puts a segment's extensions.
 *
 * Laps that follow one another share their boundary instant: the crossing ends one segment and
 * starts the next, so each segment is a whole lap.
 */
import { CHUNK_TARGET_CHARS } from "./chunks";
import { courseOfLap } from "./course";
import { describeLean, describeSource, sessionTitle } from "./describe";
import { fixed, headingText } from "./number-text";
import { describeTimeBase, isWritablePoint, type PreparedExport } from "./prepare";
import { createIsoFormatter } from "./time-text";
import { escapeXml } from "./xml-text";

export const GPX_NAMESPACE = "http://www.topografix.com/GPX/1/1";
export const TRACKPOINT_EXTENSION_NAMESPACE =
	"http://www.garmin.com/xmlschemas/TrackPointExtension/v2";
export const LAPSIX_GPX_NAMESPACE = "https://lapsix.app/xmlns/gpx/1";

const KMH_TO_MS = 1 / 3.6;

/** GPX 1.1's longitudeType is [-180, 180): the antimeridian is written -180. */
function gpxLongitude(lon: number): string {
	const text = fixed(lon, 7);
	return text === "180.0000000" ? "-180.0000000" : text;
}

function gpxHeader(prepared: PreparedExport): string {
	const { session } = prepared;
	const title = escapeXml(`lapsix ${sessionTitle(prepared)}`);
	const description = escapeXml(
		`Sessão exportada pelo lapsix. Fonte: ${describeSource(session.source)}; ` +
			`${describeLean(prepared)}; ${describeTimeBase(session)}.`,
	);
	const trackName = escapeXml(session.trackName?.trim() || "Sessão");
	return (
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		`<gpx version="1.1" creator="lapsix" xmlns="${GPX_NAMESPACE}"` +
		' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
		` xmlns:gpxtpx="${TRACKPOINT_EXTENSION_NAMESPACE}" xmlns:lapsix="${LAPSIX_GPX_NAMESPACE}"` +
		` xsi:schemaLocation="${GPX_NAMESPACE} http://www.topografix.com/GPX/1/1/gpx.xsd` +
		` ${TRACKPOINT_EXTENSION_NAMESPACE} https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd">\n` +
		`<metadata><name>${title}</name><desc>${description}</desc></metadata>\n` +
		`<trk><name>${trackName}</name><desc>${description}</desc>` +
		`<src>${escapeXml(describeSource(session.source))}</src>\n`
	);
}

export function* writeGpx(prepared: PreparedExport): Generator<string, void, undefined> {
	let out = gpxHeader(prepared);
	const iso = createIsoFormatter();
	for (const lap of prepared.laps) {
		const { channels } = lap;
		const { lat, lon, timeMs, speedKmh, leanDeg } = channels;
		const altitude = channels.extra.altitudeM;
		const satellites = channels.extra.satellites;
		const course = courseOfLap(channels);
		const leanOpen = `<lapsix:lean estimated="${channels.leanEstimated}">`;
		const lapStartMs = prepared.epochOffsetMs + lap.startMs;
		out += "<trkseg>\n";
		for (let i = 0; i < channels.length; i++) {
			const instant = lapStartMs + timeMs[i]!;
			if (!isWritablePoint(channels, i, instant)) continue;
			out += `<trkpt lat="${fixed(lat[i]!, 7)}" lon="${gpxLongitude(lon[i]!)}">`;
			const ele = altitude?.[i];
			if (ele !== undefined && Number.isFinite(ele)) out += `<ele>${fixed(ele, 1)}</ele>`;
			out += `<time>${iso(instant)}</time>`;
			const sat = satellites?.[i];
			if (sat !== undefined && sat >= 0) out += `<sat>${Math.round(sat)}</sat>`;
			const speed = speedKmh[i]!;
			const heading = course[i]!;
			const lean = leanDeg[i]!;
			const hasSpeed = Number.isFinite(speed);
			const hasCourse = Number.isFinite(heading);
			const hasLean = Number.isFinite(lean);
			if (hasSpeed || hasCourse || hasLean) {
				out += "<extensions>";
				if (hasSpeed || hasCourse) {
					out += "<gpxtpx:TrackPointExtension>";
					if (hasSpeed)
						out += `<gpxtpx:speed>${fixed(Math.max(0, speed * KMH_TO_MS), 2)}</gpxtpx:speed>`;
					if (hasCourse) out += `<gpxtpx:course>${headingText(heading)}</gpxtpx:course>`;
					out += "</gpxtpx:TrackPointExtension>";
				}
				if (hasLean) out += `${leanOpen}${fixed(lean, 1)}</lapsix:lean>`;
				out += "</extensions>";
			}
			out += "</trkpt>\n";
			if (out.length >= CHUNK_TARGET_CHARS) {
				yield out;
				out = "";
			}
		}
		const lapTime = Number.isFinite(lap.timeMs)
			? `<lapsix:lapTimeMs>${fixed(lap.timeMs, 0)}</lapsix:lapTimeMs>`
			: "";
		out += `<extensions><lapsix:lap>${lap.number}</lapsix:lap>${lapTime}</extensions>\n</trkseg>\n`;
	}
	yield `${out}</trk>\n</gpx>\n`;
}
