/**
 * Which laps a lap may be compared against, and a rider's history at a track. Reading rules
 * as for every session read ("read" and `readableSessions` of `auth/access.ts`): a session or
 * rider the actor may not read answers like one that does not exist. The reference laps' channels are then read
 * through the channels endpoint, which checks the same rule again for each.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import { fastestLap } from "../../domain/six/best";
import {
	type getLapReferences,
	type getTrackHistory,
	type LapRef,
	MAX_REFERENCE_SESSIONS,
} from "../../shared/api/compare";
import { authorize, Rider, readableSessions, Session } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { notFound } from "../errors";
import { folderOfIsoDate } from "../ingest/session-key";
import {
	findRiderBestLap,
	findSessionTrack,
	listLapsOfSessions,
	listTrackSessions,
	type TrackLapRow,
} from "../repositories/lap-history-repository";
import { findRiderForRead } from "../repositories/session-repository";

type LapReferences = z.input<typeof getLapReferences.response>;
type TrackHistory = z.input<typeof getTrackHistory.response>;

/** Sessions a track page lists: enough for years of weekly track days. */
const MAX_TRACK_SESSIONS = 500;

const sessionNotFound = () => notFound("Sessão não encontrada.", "session_not_found");
const lapNotFound = () => notFound("Volta não encontrada.", "lap_not_found");
const riderNotFound = () => notFound("Piloto não encontrado.", "rider_not_found");

function lapRef(row: TrackLapRow): LapRef {
	return {
		sessionId: row.sessionId,
		date: row.isoDate,
		riderId: row.riderId,
		number: row.number,
		timeMs: row.timeMs,
	};
}

/** The middle lap time (the mean of the two middle ones for an even count); null without laps. */
export function medianOf(times: readonly number[]): number | null {
	if (times.length === 0) return null;
	const sorted = [...times].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function createLapHistoryService(db: Kysely<Database>) {
	return {
		async getLapReferences(
			actor: UserActor,
			sessionId: string,
			lapNumber: number,
		): Promise<LapReferences> {
			const session = await findSessionTrack(db, sessionId);
			if (!session) throw sessionNotFound();
			authorize(actor, "read", Session(session));
			const sessions = await listTrackSessions(
				db,
				session.track,
				readableSessions(actor),
				MAX_REFERENCE_SESSIONS + 2,
			);
			const others = sessions.filter((s) => s.sessionId !== sessionId);
			const shown = others.slice(0, MAX_REFERENCE_SESSIONS);
			const laps = await listLapsOfSessions(db, [sessionId, ...shown.map((s) => s.sessionId)]);
			const own = laps.filter((l) => l.sessionId === sessionId);
			const lap = own.find((l) => l.number === lapNumber);
			if (!lap) throw lapNotFound();
			const withPath = own.filter((l) => l.hasPath);
			const best = fastestLap(withPath);
			const personalBest = session.riderId
				? await findRiderBestLap(db, session.riderId, session.track)
				: null;
			return {
				lap: {
					sessionId,
					date: session.isoDate,
					riderId: session.riderId,
					number: lap.number,
					timeMs: lap.timeMs,
				},
				track: session.track,
				sessionBest: best
					? {
							sessionId,
							date: session.isoDate,
							riderId: session.riderId,
							number: best.number,
							timeMs: best.timeMs,
						}
					: null,
				sessionLaps: withPath
					.filter((l) => l.number !== lapNumber)
					.map((l) => ({ number: l.number, timeMs: l.timeMs })),
				personalBest: personalBest ? lapRef(personalBest) : null,
				otherSessions: shown.map((s) => {
					const sessionLaps = laps
						.filter((l) => l.sessionId === s.sessionId && l.hasPath)
						.map((l) => ({ number: l.number, timeMs: l.timeMs }));
					return {
						sessionId: s.sessionId,
						date: s.isoDate,
						riderId: s.riderId,
						riderLabel: s.riderLabel,
						bestLap: fastestLap(sessionLaps),
						laps: sessionLaps,
					};
				}),
				moreSessions: others.length > MAX_REFERENCE_SESSIONS,
			};
		},

		async getTrackHistory(
			actor: UserActor,
			track: string,
			requestedRiderId: string | undefined,
		): Promise<TrackHistory> {
			const riderId = requestedRiderId ?? actor.user.id;
			const rider = await findRiderForRead(db, riderId);
			if (!rider) throw riderNotFound();
			authorize(actor, "read", Rider(rider));
			const sessions = await listTrackSessions(
				db,
				track,
				{ kind: "rider", riderId },
				MAX_TRACK_SESSIONS,
			);
			const laps = await listLapsOfSessions(
				db,
				sessions.map((s) => s.sessionId),
			);
			const bestSectors = new Map<
				number,
				{ timeMs: number; sessionId: string; date: string; lap: number }
			>();
			const rows = sessions.map((s) => {
				const own = laps.filter((l) => l.sessionId === s.sessionId);
				for (const lap of own) {
					for (const sector of lap.sectors) {
						const current = bestSectors.get(sector.number);
						if (!current || sector.timeMs < current.timeMs) {
							bestSectors.set(sector.number, {
								timeMs: sector.timeMs,
								sessionId: s.sessionId,
								date: s.isoDate,
								lap: lap.number,
							});
						}
					}
				}
				const best = fastestLap(own);
				return {
					sessionId: s.sessionId,
					date: s.isoDate,
					folder: folderOfIsoDate(s.isoDate),
					lapCount: own.length,
					bestLap: best ? { number: best.number, timeMs: best.timeMs } : null,
					medianLapMs: medianOf(own.map((l) => l.timeMs)),
					theoreticalBestMs: s.theoreticalBestMs,
				};
			});
			const sectorList = [...bestSectors.entries()]
				.sort((a, b) => a[0] - b[0])
				.map(([number, best]) => ({ number, ...best }));
			const complete =
				sectorList.length > 0 && sectorList.every((sector, i) => sector.number === i + 1);
			const personalBest = await findRiderBestLap(db, riderId, track);
			return {
				track,
				rider: { id: rider.id, label: rider.displayName || rider.email },
				sessions: rows,
				personalBest: personalBest ? lapRef(personalBest) : null,
				bestSectors: sectorList,
				idealLapMs: complete ? sectorList.reduce((sum, s) => sum + s.timeMs, 0) : null,
			};
		},
	};
}

export type LapHistoryService = ReturnType<typeof createLapHistoryService>;
