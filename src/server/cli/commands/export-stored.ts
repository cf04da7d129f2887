/**
 * `lapsix export --session ID`: a session stored in the configured database, exported as the
 * portal exports it (`session-export-service.ts`). The command line is the operator's: no
 * per-rider access rule applies, as for `reprocess` and `backup`.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { findSessionSource } from "../../repositories/session-timing-repository";
import { storedExportSession } from "../../services/session-export-service";
import { CliInputError } from "../options";
import type { ExportSessionLoader } from "./export";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function storedSessionLoader(db: Kysely<Database>): ExportSessionLoader {
	return {
		option: "session",
		usage: "lapsix export --to gpx|kml|csv|vbo [--lap N] [--out CAMINHO] --session ID",
		async load(value) {
			if (!UUID.test(value)) {
				throw new CliInputError(`--session ${value}: esperado o identificador da sessão`, 2);
			}
			const session = await findSessionSource(db, value);
			if (!session) throw new CliInputError(`sessão ${value} não encontrada`, 1);
			const exported = await storedExportSession(db, session);
			if (exported.laps.length === 0) {
				throw new CliInputError(`sessão ${value}: nenhuma volta com trajeto para exportar`, 1);
			}
			return exported;
		},
	};
}

/** Whether the arguments ask for a stored session (and so need the database). */
export function wantsStoredSession(args: readonly string[]): boolean {
	return args.some((arg) => arg === "--session" || arg.startsWith("--session="));
}
