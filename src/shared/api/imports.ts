import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { ReportEntry, SourceFormat } from "./sessions";
import { TimingShown } from "./tracks";

/**
 * `POST /api/sessions/import?name=FILE`: the body is the file's bytes (application/octet-stream),
 * at most UPLOAD_MAX_BYTES. The session belongs to the signed-in rider, or with `riderId` to a
 * rider whose sessions the caller may see (their seller, an admin).
 */
export const importSession = defineEndpoint({
	method: "POST",
	path: "/api/sessions/import",
	query: z.object({
		name: z.string().min(1, "Informe o nome do arquivo.").max(1000),
		riderId: z.string().uuid("Identificador inválido.").optional(),
	}),
	response: z.object({
		session: z.object({ id: z.string(), track: z.string(), date: z.string() }),
		/** False: this file had been imported already; its session is given back. */
		created: z.boolean(),
		source: z.object({ format: SourceFormat, device: z.string().nullable() }).nullable(),
		timing: TimingShown.nullable(),
		laps: z.array(z.object({ number: z.number().int(), timeMs: z.number().int() })),
		report: z.array(ReportEntry),
	}),
});

/**
 * The same import, resumable (tus 1.0.0; what the web uses): `POST` with `Upload-Length` and
 * `Upload-Metadata` `name` (the file's name), optionally `riderId` and `sha256` (hex or base64 of
 * the whole file, checked at the end), then `PATCH` chunks; after a cut, `HEAD` the upload's URL
 * for `Upload-Offset` and go on from there. The last `PATCH` answers `importSession.response`
 * (200; 201 when the whole file went with the creation) or the error the POST would give. An
 * upload is its creator's only (404 to anyone else); unfinished ones are deleted after 24 h.
 */
export const IMPORT_UPLOADS_PATH = "/api/sessions/import/uploads";

/** How many imports one address may send a minute. */
export const IMPORT_RATE_LIMIT = { max: 30, timeWindow: "1 minute" } as const;
