/**
 * What the server needs to send an export: a file name that says what is inside
 * (`lapsix_<track>_<yyyy-mm-dd>[_volta-N].<ext>`, ASCII only, safe in a
 * `Content-Disposition` header without encoding), its media type and the header itself.
 *
 * | format | extension | Content-Type |
 * |---|---|---|
 * | GPX 1.1 | `.gpx` | `application/gpx+xml` |
 * | KML 2.2 | `.kml` | `application/vnd.google-earth.kml+xml` |
 * | CSV | `.csv` | `text/csv; charset=utf-8` |
 * | VBO | `.vbo` | `text/plain; charset=utf-8` |
 */
import type { ExportFormat } from "./types";

export interface ExportFormatInfo {
	extension: string;
	contentType: string;
	/** Name shown to riders. */
	label: string;
}

export const EXPORT_FORMATS: Readonly<Record<ExportFormat, ExportFormatInfo>> = {
	gpx: { extension: "gpx", contentType: "application/gpx+xml", label: "GPX" },
	kml: {
		extension: "kml",
		contentType: "application/vnd.google-earth.kml+xml",
		label: "KML (Google Earth)",
	},
	csv: { extension: "csv", contentType: "text/csv; charset=utf-8", label: "CSV (planilha)" },
	vbo: { extension: "vbo", contentType: "text/plain; charset=utf-8", label: "VBO (Racelogic)" },
};

const MAX_SLUG_LENGTH = 48;

/**
 * `Autódromo José Carlos Pace` -> `autodromo-jose-carlos-pace`: accents dropped, lower case,
 * every run of other characters one `-`, at most 48 characters; `sessao` when nothing is left.
 */
export function slugify(text: string): string {
	const slug = text
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, MAX_SLUG_LENGTH)
		.replace(/-+$/, "");
	return slug || "sessao";
}

export interface ExportNameParts {
	trackName: string | null;
	/** `yyyy-mm-dd`, or null when unknown (`sem-data`). */
	date: string | null;
	/** The lap exported alone, if any. */
	lap?: number | null;
}

export function exportFileName(parts: ExportNameParts, format: ExportFormat): string {
	const date =
		parts.date !== null && /^\d{4}-\d{2}-\d{2}$/.test(parts.date) ? parts.date : "sem-data";
	const lap =
		parts.lap !== undefined && parts.lap !== null ? `_volta-${slugify(String(parts.lap))}` : "";
	return `lapsix_${slugify(parts.trackName ?? "")}_${date}${lap}.${EXPORT_FORMATS[format].extension}`;
}

/** `attachment; filename="…"` for a name made by `exportFileName` (ASCII, no quotes). */
export function contentDisposition(fileName: string): string {
	const safe = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
	return `attachment; filename="${safe}"`;
}
