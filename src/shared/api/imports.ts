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

/** How many imports one address may send a minute. */
export const IMPORT_RATE_LIMIT = { max: 30, timeWindow: "1 minute" } as const;
