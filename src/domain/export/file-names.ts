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

/**
 * The same name with the track as it is written (`lapsix_Autódromo de Interlagos_2025-03-01.gpx`):
 * what `filename*` offers to clients that read it. Characters a file system refuses (`/ \ : * ?
 * " < > |`) and control characters become `_`.
 */
export function exportDisplayName(parts: ExportNameParts, format: ExportFormat): string {
	const ascii = exportFileName(parts, format);
	const track = (parts.trackName ?? "")
		.normalize("NFC")
		.replace(/[\p{Cc}/\\:*?"<>|]/gu, "_")
		.replace(/\s+/g, " ")
		.trim()
		.slice(0, MAX_SLUG_LENGTH);
	if (!track) return ascii;
	return ascii.replace(/^lapsix_[^_]*_/, () => `lapsix_${track}_`);
}

/**
 * `attachment; filename="…"` for a name made by `exportFileName` (ASCII, no quotes), and, when
 * a display name with other characters is given, RFC 6266's `filename*=UTF-8''…` beside it.
 */
export function contentDisposition(fileName: string, displayName?: string): string {
	const safe = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
	const plain = `attachment; filename="${safe}"`;
	if (displayName === undefined || displayName === safe) return plain;
	const encoded = encodeURIComponent(displayName).replace(
		/['()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	);
	return `${plain}; filename*=UTF-8''${encoded}`;
}
