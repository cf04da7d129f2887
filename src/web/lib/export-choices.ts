import type { ExportFormat } from "../../domain/export/types";
import { exportUrl } from "../../shared/api/exports";

/** The formats as the "Exportar" menu offers them: a name and what it opens in. */
export const EXPORT_CHOICES: readonly { format: ExportFormat; name: string; use: string }[] = [
	{ format: "gpx", name: "GPX", use: "Strava, Google Earth e outros apps de GPS" },
	{ format: "kml", name: "KML", use: "Google Earth, com o traçado colorido pela velocidade" },
	{ format: "csv", name: "CSV", use: "Planilha (Excel, LibreOffice): um ponto por linha" },
	{ format: "vbo", name: "VBO", use: "RaceChrono, Circuit Tools, DovesDataViewer" },
];

/** Where an export is downloaded from: a session the user may read, or a share link. */
export type ExportTarget = { sessionId: string } | { shareToken: string };

/** The download link of one choice: the whole session, or the lap when one is given. */
export function exportHref(target: ExportTarget, format: ExportFormat, lap: number | null): string {
	return exportUrl(target, format, lap ?? undefined);
}
