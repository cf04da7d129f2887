/**
 * A stored session (or one of its laps) as a file to download: the exporters of
 * `domain/export` fed from the database. Who may: the "export" rule of `auth/access.ts`; a
 * session the actor may not see answers like one that does not exist.
 * Under a share link, the link decides (expired or revoked: 404).
 *
 * The laps are decoded into typed arrays (about 5 MB for an hour at 25 Hz); the file itself is
 * never held whole: its text comes from the writer chunk by chunk as the reply is sent.
 */
import type { Kysely } from "kysely";
import { decodeLapChannels } from "../../domain/channels/codec";
import type { TimedLap } from "../../domain/channels/types";
import { type ExportFile, exportSession } from "../../domain/export/export-session";
import { lapStartsMs } from "../../domain/export/stored-starts";
import type { ExportFormat, ExportSession } from "../../domain/export/types";
import { authorize, Session } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { badRequest, notFound } from "../errors";
import { listLapChannelRows } from "../repositories/session-repository";
import {
	findSessionSource,
	type SessionSourceRow,
} from "../repositories/session-timing-repository";
import { createTrackRepository, linesOfTrack } from "../repositories/track-repository";

const sessionNotFound = () => notFound("Sessão não encontrada.", "session_not_found");

/**
 * Stored sessions keep each lap's start as the second of the day it began, on the session's
 * date as lapsix files it (`dateKnown: false`): the files carry that date and time of day.
 */
export async function storedExportSession(
	db: Kysely<Database>,
	session: SessionSourceRow,
): Promise<ExportSession> {
	const rows = await listLapChannelRows(db, session.id);
	const starts = lapStartsMs(rows);
	const laps: TimedLap[] = [];
	rows.forEach((row, k) => {
		if (!row.channels) return;
		const sectorsMs: (number | null)[] = [];
		for (const sector of row.sectors) {
			while (sectorsMs.length < sector.number - 1) sectorsMs.push(null);
			sectorsMs[sector.number - 1] = sector.timeMs;
		}
		laps.push({
			number: row.lapNumber,
			startMs: starts[k]!,
			timeMs: row.timeMs,
			sectorsMs,
			channels: decodeLapChannels(row.channels),
		});
	});
	let lines = session.timingLines;
	if (!lines && session.trackId) {
		const track = await createTrackRepository(db).byId(session.trackId);
		lines = track ? linesOfTrack(track) : null;
	}
	return {
		trackName: session.track || null,
		date: session.isoDate,
		dateKnown: false,
		source: { format: session.sourceFormat, device: session.sourceDevice },
		laps,
		lines,
	};
}

/** The file of a session already known to be readable; 400 with the reason when it cannot be made. */
export async function exportStoredSession(
	db: Kysely<Database>,
	session: SessionSourceRow,
	format: ExportFormat,
	lap: number | undefined,
): Promise<ExportFile> {
	const exported = await storedExportSession(db, session);
	if (exported.laps.length === 0) {
		throw badRequest("A sessão não tem voltas com trajeto para exportar.", "nothing_to_export");
	}
	if (lap !== undefined && !exported.laps.some((l) => l.number === lap)) {
		throw badRequest(`A sessão não tem a volta ${lap} com trajeto.`, "lap_not_found");
	}
	const result = exportSession(exported, format, { lap });
	if (!result.ok) throw badRequest(result.reason, "export_failed");
	return result.file;
}

export interface SharedSessionResolver {
	/** The session an active link opens; 404 for any other token. */
	sessionIdOf(token: string): Promise<string>;
}

export function createSessionExportService(db: Kysely<Database>, shares: SharedSessionResolver) {
	return {
		async exportForActor(
			actor: UserActor,
			sessionId: string,
			format: ExportFormat,
			lap?: number,
		): Promise<ExportFile> {
			const session = await findSessionSource(db, sessionId);
			if (!session) throw sessionNotFound();
			authorize(actor, "export", Session(session));
			return exportStoredSession(db, session, format, lap);
		},

		async exportShared(token: string, format: ExportFormat, lap?: number): Promise<ExportFile> {
			const sessionId = await shares.sessionIdOf(token);
			const session = await findSessionSource(db, sessionId);
			if (!session) throw sessionNotFound();
			return exportStoredSession(db, session, format, lap);
		},
	};
}
