import type { SourceFormat } from "../recording/types";
import { normaliseText } from "./text";

/** How much of a file `detectFormat` reads. */
const HEAD_BYTES = 16_384;

/** The first lines of the file's head, as text (UTF-8, else Latin-1), without a BOM. */
function headLines(bytes: Uint8Array): string[] {
	const head = normaliseText(bytes.subarray(0, HEAD_BYTES));
	let text: string;
	try {
		text = new TextDecoder("utf-8", { fatal: true }).decode(head);
	} catch {
		text = "";
		for (const b of head) text += String.fromCharCode(b);
	}
	if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
	const lines = text.split(/\r?\n/);
	// The last line may be cut by the head's end.
	if (bytes.length > HEAD_BYTES && lines.length > 1) lines.pop();
	return lines;
}

const NMEA_SENTENCE = /\$[A-Z]{2}[A-Z]{3},/;
const GPS_SIX_LINE = /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\|[^|]*\|[^|]*\|[^|]*\|/;
const LAP_SIX_LINE = /^\s*\d{1,7}\s*\|[^|]*\|\s*\d+\s*\|/;

/**
 * The format of a recording, from its content (never its name): the first 16 KiB decide.
 * A lapsix logger's `gps.six` or `lap.six` gives "six" (read by the logger parsers, not the
 * importers); null when nothing fits.
 */
export function detectFormat(bytes: Uint8Array): SourceFormat | null {
	const lines = headLines(bytes);
	const nonBlank = lines.filter((l) => l.trim() !== "");
	const first = (nonBlank[0] ?? "").trim();
	const head = nonBlank.slice(0, 40);
	const joined = head.join("\n");

	if (/^<(\?xml|gpx|!--)/i.test(first) && /<([\w.-]+:)?gpx[\s>]/.test(joined)) return "gpx";
	if (/RaceChrono/i.test(first) && head.slice(0, 12).some((l) => /^\s*Format\s*,/i.test(l))) {
		return "racechrono";
	}
	if (
		/^File created on/i.test(first) ||
		head.some((l) => /^\s*\[(header|column names|data)\]\s*$/i.test(l))
	) {
		return "vbo";
	}
	if (/^#\s*RaceRender Data:/i.test(first)) return "trackaddict";
	if (head.some((l) => /"?GPS_Update"?/.test(l) && /"?UTC Time"?/i.test(l))) return "trackaddict";
	if (/^"?(Interval|Utc)"?\|"/.test(first)) return "racecapture";
	if (head.some((l) => /^"?Format"?\s*,\s*"?AiM CSV File"?/i.test(l))) return "aim";
	const sample = nonBlank.slice(0, 20);
	const nmeaLines = sample.filter((l) => NMEA_SENTENCE.test(l)).length;
	if (nmeaLines > 0 && nmeaLines * 2 >= sample.length) return "nmea";
	const sixLines = sample.filter((l) => GPS_SIX_LINE.test(l) || LAP_SIX_LINE.test(l)).length;
	if (sixLines > 0 && sixLines * 2 >= sample.length) return "six";
	return null;
}
