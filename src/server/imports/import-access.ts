import type { Kysely } from "kysely";
import type { z } from "zod";
import type { importSession } from "../../shared/api/imports";
import { authorize, Rider } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { notFound } from "../errors";
import { findRiderForRead } from "../repositories/session-repository";
import type { ImportOutcome } from "./import-service";

/**
 * The rider a signed-in user imports for: themselves, or with `riderId` a rider whose sessions
 * they may see (their seller, an admin). To anyone else that rider does not exist (404).
 */
export async function riderToImportFor(
	db: Kysely<Database>,
	actor: UserActor,
	riderId: string | undefined,
): Promise<string> {
	if (riderId === undefined || riderId === actor.user.id) return actor.user.id;
	const rider = await findRiderForRead(db, riderId);
	if (!rider) throw notFound("Piloto não encontrado.", "rider_not_found");
	authorize(actor, "import", Rider({ id: rider.id, sellerId: rider.sellerId }));
	return rider.id;
}

/** What an import answers, by `POST /api/sessions/import` and by a finished resumable upload. */
export function importAnswer(done: ImportOutcome): z.input<typeof importSession.response> {
	return {
		session: { id: done.sessionId, track: done.track, date: done.date },
		created: done.created,
		source: done.format ? { format: done.format, device: done.device } : null,
		timing: done.timing,
		laps: done.laps,
		report: done.report,
	};
}
