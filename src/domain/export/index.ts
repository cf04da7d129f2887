/**
 * Exporters: a session's timed laps to GPX 1.1, KML 2.2, CSV and Racelogic VBO, streamed in
 * chunks. Pure: the caller writes the chunks where they go.
 */
export { CHUNK_TARGET_CHARS } from "./chunks";
export { CSV_EXTRA_COLUMNS, writeCsv } from "./csv";
export {
	type ExportFile,
	type ExportResult,
	exportSession,
	exportToString,
} from "./export-session";
export {
	contentDisposition,
	EXPORT_FORMATS,
	type ExportFormatInfo,
	type ExportNameParts,
	exportFileName,
	slugify,
} from "./file-names";
export {
	GPX_NAMESPACE,
	LAPSIX_GPX_NAMESPACE,
	TRACKPOINT_EXTENSION_NAMESPACE,
	writeGpx,
} from "./gpx";
export { KML_NAMESPACE, writeKml } from "./kml";
export { type PreparedExport, type PrepareResult, prepareExport } from "./prepare";
export {
	EXPORT_FORMAT_NAMES,
	type ExportFormat,
	type ExportOptions,
	type ExportSession,
} from "./types";
export { writeVbo } from "./vbo";
