/**
 * One entry point for the server and the command line: a session (or one of its laps) in a
 * format, as a file name, headers and a stream of text chunks to write as they come.
 */
import { writeCsv } from "./csv";
import {
	contentDisposition,
	EXPORT_FORMATS,
	exportDisplayName,
	exportFileName,
} from "./file-names";
import { writeGpx } from "./gpx";
import { writeKml } from "./kml";
import { type PreparedExport, prepareExport } from "./prepare";
import type { ExportFormat, ExportOptions, ExportSession } from "./types";
import { writeVbo } from "./vbo";

export interface ExportFile {
	fileName: string;
	contentType: string;
	contentDisposition: string;
	/**
	 * The file's text, in chunks of about 64 KiB; UTF-8 encode each as it comes. Lazy: nothing
	 * is formatted before the first chunk is asked for. Iterate it once.
	 */
	chunks: Iterable<string>;
}

export type ExportResult = { ok: true; file: ExportFile } | { ok: false; reason: string };

const WRITERS: Record<ExportFormat, (prepared: PreparedExport) => Iterable<string>> = {
	gpx: writeGpx,
	kml: writeKml,
	csv: writeCsv,
	vbo: writeVbo,
};

export function exportSession(
	session: ExportSession,
	format: ExportFormat,
	options: ExportOptions = {},
): ExportResult {
	const writer = WRITERS[format];
	if (!writer)
		return { ok: false, reason: `formato de exportação desconhecido: ${String(format)}` };
	const prepared = prepareExport(session, options);
	if (!prepared.ok) return prepared;
	const nameParts = {
		trackName: session.trackName,
		date: session.date,
		lap: prepared.prepared.lapNumber,
	};
	const fileName = exportFileName(nameParts, format);
	return {
		ok: true,
		file: {
			fileName,
			contentType: EXPORT_FORMATS[format].contentType,
			contentDisposition: contentDisposition(fileName, exportDisplayName(nameParts, format)),
			chunks: writer(prepared.prepared),
		},
	};
}

/** The whole file as one string: for tests and small exports only (it defeats streaming). */
export function exportToString(
	session: ExportSession,
	format: ExportFormat,
	options: ExportOptions = {},
): string {
	const result = exportSession(session, format, options);
	if (!result.ok) throw new Error(result.reason);
	let text = "";
	for (const chunk of result.file.chunks) text += chunk;
	return text;
}
