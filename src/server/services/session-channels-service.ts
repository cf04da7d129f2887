/**
 * A session's laps as time-stamped channels: what comparison, export and the charts read.
 * Access as for the session's other reads ("read" of `auth/access.ts`): a session the actor
 * may not see answers like one that does not exist.
 */
import type { Kysely } from "kysely";
import { decodeLapChannels } from "../../domain/channels/codec";
import type { LapChannels } from "../../domain/channels/types";
import { encodeChannelsBody, type TimingKind } from "../../shared/api/channels";
import { authorize, Session } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database, TimingShown } from "../db/schema";
import { notFound } from "../errors";
import { type LapChannelsRow, listLapChannelRows } from "../repositories/session-repository";
import { findSessionSource } from "../repositories/session-timing-repository";

/** One lap of a session with its channels (null: the lap has no path, e.g. lap.six only). */
export interface SessionLapChannels {
	number: number;
	timeMs: number;
	/** Sector times by sector number (1-based index - 1); null where not recorded. */
	sectorsMs: (number | null)[];
	channels: LapChannels | null;
}

export interface SessionChannels {
	sessionId: string;
	/** Which timing the laps shown come from. */
	timing: TimingKind;
	laps: SessionLapChannels[];
}

const TIMING_KIND: Record<TimingShown, TimingKind> = {
	logger: "logger",
	line: "lines",
	markers: "markers",
	none: "none",
};

const sessionNotFound = () => notFound("Sessão não encontrada.", "session_not_found");
const lapNotFound = () => notFound("Volta não encontrada.", "lap_not_found");

function sectorsMs(sectors: LapChannelsRow["sectors"]): (number | null)[] {
	const out: (number | null)[] = [];
	for (const sector of sectors) {
		while (out.length < sector.number - 1) out.push(null);
		out[sector.number - 1] = sector.timeMs;
	}
	return out;
}

export function createSessionChannelsService(db: Kysely<Database>) {
	async function readableRows(
		actor: UserActor,
		sessionId: string,
		lapNumber: number | undefined,
	): Promise<{ timing: TimingKind; rows: LapChannelsRow[] }> {
		const session = await findSessionSource(db, sessionId);
		if (!session) throw sessionNotFound();
		authorize(actor, "read", Session(session));
		const rows = await listLapChannelRows(db, sessionId, lapNumber);
		if (lapNumber !== undefined && rows.length === 0) throw lapNotFound();
		return { timing: TIMING_KIND[session.timingShown], rows };
	}

	return {
		/** The laps decoded, for the features that compute on them (compare, export). */
		async loadLapChannels(
			actor: UserActor,
			sessionId: string,
			lapNumber?: number,
		): Promise<SessionChannels> {
			const { timing, rows } = await readableRows(actor, sessionId, lapNumber);
			return {
				sessionId,
				timing,
				laps: rows.map((row) => ({
					number: row.lapNumber,
					timeMs: row.timeMs,
					sectorsMs: sectorsMs(row.sectors),
					channels: row.channels ? decodeLapChannels(row.channels) : null,
				})),
			};
		},

		/** The HTTP body: the stored blobs as they are, not decoded on the server. */
		async channelsBody(
			actor: UserActor,
			sessionId: string,
			lapNumber?: number,
		): Promise<Uint8Array> {
			const { timing, rows } = await readableRows(actor, sessionId, lapNumber);
			return encodeChannelsBody(
				timing,
				rows.map((row) => ({ number: row.lapNumber, timeMs: row.timeMs, blob: row.channels })),
			);
		},
	};
}

export type SessionChannelsService = ReturnType<typeof createSessionChannelsService>;
