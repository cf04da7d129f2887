/**
 * Re-timing a session's laps: with its track's lines, with a line placed on the map, or (for a
 * logger's session) back to the logger's own laps, which stay the default. Who may: the
 * "retime" rule of `auth/access.ts`. The new laps replace the shown
 * ones in one transaction; the kept original files make every timing reachable again.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { TrackLines } from "../../domain/recording/types";
import type { retimeSession } from "../../shared/api/tracks";
import { authorize, Session } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import {
	applyTimedVersion,
	findSessionSource,
	lockSessionSource,
	type SessionSourceRow,
} from "../repositories/session-timing-repository";
import { createTrackRepository, linesOfTrack } from "../repositories/track-repository";
import type { ObjectStorage } from "../storage/object-storage";
import { deriveSessionVersion, type TimingChoice } from "../timing/derive-version";
import { loadSessionRecording } from "../timing/session-recording";
import { timingView } from "../timing/timing-view";
import { auditActorOf, runAudited } from "./audit-service";

type RetimeRequest = z.output<typeof retimeSession.body>;
type RetimeResponse = z.input<typeof retimeSession.response>;

const sessionNotFound = () => notFound("Sessão não encontrada.", "session_not_found");

export function createSessionTimingService(deps: { db: Kysely<Database>; storage: ObjectStorage }) {
	const { db, storage } = deps;
	const tracks = createTrackRepository(db);

	async function trackLinesOf(row: SessionSourceRow): Promise<TrackLines | null> {
		if (!row.trackId) return null;
		const track = await tracks.byId(row.trackId);
		return track ? linesOfTrack(track) : null;
	}

	async function choiceFor(row: SessionSourceRow, request: RetimeRequest): Promise<TimingChoice> {
		switch (request.timing) {
			case "logger":
				if (row.sourceFormat !== "six") {
					throw badRequest("Só sessões do logger têm as voltas do logger.", "no_logger_laps");
				}
				return { shown: "logger" };
			case "track": {
				const lines = await trackLinesOf(row);
				if (!lines) {
					throw conflict(
						"A pista desta sessão não tem linha de largada/chegada: marque uma no mapa.",
						"track_without_line",
					);
				}
				return { shown: "line", lines };
			}
			case "line":
				return {
					shown: "line",
					lines: {
						startFinish: request.startFinish,
						sectors: request.sectors,
						directionDeg: request.directionDeg,
					},
				};
		}
	}

	return {
		async retime(
			actor: UserActor,
			sessionId: string,
			request: RetimeRequest,
		): Promise<RetimeResponse> {
			const row = await findSessionSource(db, sessionId);
			if (!row) throw sessionNotFound();
			authorize(actor, "retime", Session(row));
			if (row.pending || row.status !== "processed") {
				throw conflict(
					"A sessão ainda está sendo processada: tente de novo em instantes.",
					"session_not_ready",
				);
			}
			const choice = await choiceFor(row, request);
			const recording = await loadSessionRecording(storage, row);
			const version = deriveSessionVersion(row.id, recording, choice);
			if (choice.shown === "line" && version.laps.length === 0) {
				// The laps shown stay: a line nobody crossed twice would leave the session empty.
				throw badRequest(
					"Nenhuma volta completa com esta linha: a gravação não a cruza duas vezes no sentido da pista.",
					"no_laps_with_line",
					{ report: version.report.slice(-20) },
				);
			}
			const applied = await runAudited(db, auditActorOf(actor), async (tx) => {
				const locked = await lockSessionSource(tx.trx, row.id);
				if (!locked) throw sessionNotFound();
				if (locked.version !== row.version || locked.pending) {
					throw conflict(
						"A sessão mudou enquanto as voltas eram recalculadas: tente de novo.",
						"session_changed",
					);
				}
				const result = await applyTimedVersion(tx.trx, row.id, version);
				await tx.record({
					action: "session.retime",
					targetType: "session",
					targetId: row.id,
					details: {
						before: { timing: locked.timingShown, lines: locked.timingLines },
						after: { timing: version.timingShown, lines: version.timingLines },
					},
				});
				return result;
			});
			const after = { ...row, timingShown: version.timingShown, timingLines: version.timingLines };
			return {
				timing: timingView({ ...after, trackHasLine: (await trackLinesOf(row)) !== null }),
				version: applied.version,
				laps: version.laps.map((lap) => ({ number: lap.lap_number, timeMs: lap.time_ms })),
				report: version.report,
			};
		},
	};
}

export type SessionTimingService = ReturnType<typeof createSessionTimingService>;
