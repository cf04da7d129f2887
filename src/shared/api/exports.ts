/**
 * A session (or one lap) as a file: `GET /api/sessions/:sessionId/export?format=…[&lap=N]` for
 * whoever may read the session, and the same under a share link for whoever holds it. The body
 * is the file itself, streamed, with `Content-Disposition: attachment` and a name that says
 * what is inside (track, date, lap).
 */
import { z } from "zod";
import { EXPORT_FORMAT_NAMES, type ExportFormat } from "../../domain/export/types";
import { defineEndpoint } from "../endpoint";
import { shareToken } from "./shares";

const FORMAT_MESSAGE = "Formato de exportação desconhecido: use gpx, kml, csv ou vbo.";

export const ExportQuery = z.object({
	format: z.enum(EXPORT_FORMAT_NAMES as [ExportFormat, ...ExportFormat[]], {
		message: FORMAT_MESSAGE,
	}),
	lap: z.coerce
		.number({ message: "Volta inválida: use o número da volta." })
		.int("Volta inválida: use o número da volta.")
		.min(1, "Volta inválida: use o número da volta.")
		.max(100_000, "Volta inválida: use o número da volta.")
		.optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

export const exportSessionFile = defineEndpoint({
	method: "GET",
	path: "/api/sessions/:sessionId/export",
	params: z.object({ sessionId: z.string().uuid("Identificador inválido.") }),
	query: ExportQuery,
	response: z.instanceof(Uint8Array),
});

export const exportSharedSessionFile = defineEndpoint({
	method: "GET",
	path: "/api/shared/:token/export",
	params: z.object({ token: shareToken }),
	query: ExportQuery,
	response: z.instanceof(Uint8Array),
});

/** The URL of an export, for a download link. */
export function exportUrl(
	target: { sessionId: string } | { shareToken: string },
	format: ExportFormat,
	lap?: number,
): string {
	const base =
		"sessionId" in target
			? `/api/sessions/${encodeURIComponent(target.sessionId)}/export`
			: `/api/shared/${encodeURIComponent(target.shareToken)}/export`;
	const query = new URLSearchParams({ format });
	if (lap !== undefined) query.set("lap", String(lap));
	return `${base}?${query}`;
}
