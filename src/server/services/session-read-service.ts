import type { Kysely } from "kysely";
import type { z } from "zod";
import { decodeLapChannels } from "../../domain/channels/codec";
import { bestSectorTimes } from "../../domain/six/best";
import type {
	getSession,
	getSessionTree,
	LapPath,
	LapView,
	SessionSummaryView,
} from "../../shared/api/sessions";
import { authorize, Rider, Session } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { notFound } from "../errors";
import { folderOfIsoDate } from "../ingest/session-key";
import {
	findSessionReadStamp,
	listLapPathsStamped,
} from "../repositories/session-paths-repository";
import {
	findLapPath,
	findRiderForRead,
	findSessionForRead,
	findSessionOwner,
	listRiderLapTimes,
	listRiderSessions,
	listSessionLaps,
} from "../repositories/session-repository";
import { readTrackLines } from "../repositories/session-timing-repository";
import { timingView } from "../timing/timing-view";

type SessionTree = z.input<typeof getSessionTree.response>;
type SessionDetail = z.input<typeof getSession.response>;

/** The fastest lap; ties go to the lowest number. */
export function fastestLap<L extends { number: number; timeMs: number }>(
	laps: readonly L[],
): { number: number; timeMs: number } | null {
	let best: L | null = null;
	for (const lap of laps) {
		if (
			!best ||
			lap.timeMs < best.timeMs ||
			(lap.timeMs === best.timeMs && lap.number < best.number)
		)
			best = lap;
	}
	return best ? { number: best.number, timeMs: best.timeMs } : null;
}

// A session or rider the actor may not read answers exactly like one that does not exist.
const sessionNotFound = () => notFound("Sessão não encontrada.", "session_not_found");
const riderNotFound = () => notFound("Piloto não encontrado.", "rider_not_found");

const round = (value: number, decimals: number) => {
	const f = 10 ** decimals;
	return Math.round(value * f) / f;
};
const roundOrNull = (value: number | null, decimals: number) =>
	value === null || !Number.isFinite(value) ? null : round(value, decimals);

/** Float32 columns read back as 231.39999389648438: one decimal is what the logger measures. */
function summaryView(s: SessionSummaryView | null): SessionSummaryView | null {
	if (s === null) return null;
	return {
		...s,
		maxSpeed: s.maxSpeed ? { kmh: round(s.maxSpeed.kmh, 1), lap: s.maxSpeed.lap } : null,
		maxRoll: s.maxRoll ? { deg: round(s.maxRoll.deg, 1), lap: s.maxRoll.lap } : null,
		minRoll: s.minRoll ? { deg: round(s.minRoll.deg, 1), lap: s.minRoll.lap } : null,
		meanLapMs: roundOrNull(s.meanLapMs, 1),
		stdDevLapMs: roundOrNull(s.stdDevLapMs, 1),
	};
}

/** Columns for JSON: lat/lon 7 decimals (~1 cm), speed and roll 1 decimal, whole metres. */
export function lapPathView(lapNumber: number, bytes: Uint8Array | null): LapPath {
	const view: LapPath = { lapNumber, lat: [], lon: [], speedKmh: [], rollDeg: [], distanceM: [] };
	if (!bytes) return view;
	// Version 2 blobs, or version 1 of rows stored before the time column.
	const path = decodeLapChannels(bytes);
	const n = path.length;
	for (let i = 0; i < n; i++) {
		view.lat.push(round(path.lat[i]!, 7));
		view.lon.push(round(path.lon[i]!, 7));
		const speed = path.speedKmh[i]!;
		view.speedKmh.push(Number.isFinite(speed) ? round(speed, 1) : 0);
		// Roll is what the logger measured: a lean estimated from the path is not shown as one.
		const roll = path.leanEstimated ? Number.NaN : path.leanDeg[i]!;
		view.rollDeg.push(Number.isFinite(roll) ? round(roll, 1) : null);
		const distance = path.distanceM[i]!;
		view.distanceM.push(Number.isFinite(distance) ? Math.round(distance) : null);
	}
	return view;
}

type ReadableSession = NonNullable<Awaited<ReturnType<typeof findSessionForRead>>>;

/** A session's laps and figures as the API shows them; the caller has checked who may read it. */
export async function sessionDetail(
	db: Kysely<Database>,
	session: ReadableSession,
): Promise<SessionDetail> {
	const laps = await listSessionLaps(db, session.id);
	// The marks of the lap table come from here: the client does not work them out.
	const bestLapNumber = session.summary?.bestLap?.number ?? null;
	const bestSectors = bestSectorTimes(laps);
	return {
		session: {
			id: session.id,
			hardwareId: session.hardwareId,
			riderId: session.riderId,
			track: session.track,
			date: session.isoDate,
			folder: folderOfIsoDate(session.isoDate),
			status: session.status,
			version: session.version,
			hasLapFile: session.hasLapFile,
			hasGpsFile: session.hasGpsFile,
			processedAt: session.processedAt ? new Date(session.processedAt).toISOString() : null,
			error: session.error,
			source: {
				format: session.sourceFormat,
				device: session.sourceDevice,
				fileName: session.sourceFileName,
			},
			leanEstimated: session.leanEstimated,
			trackId: session.trackId,
		},
		timing: timingView({
			...session,
			timingLines:
				session.timingLines === null
					? null
					: readTrackLines(session.timingLines, `timing lines of session ${session.id}`),
		}),
		laps: laps.map(
			(l): LapView => ({
				number: l.lap_number,
				timeMs: l.time_ms,
				battery: l.battery,
				entry: l.entry_sec,
				distanceM: l.distance_m,
				sprintCount: l.sprint_count,
				sectors: l.sectors.map((sector) => ({
					...sector,
					best: bestSectors.get(sector.number) === sector.timeMs,
				})),
				points: l.point_count,
				maxSpeedKmh: roundOrNull(l.max_speed_kmh, 1),
				minSpeedKmh: roundOrNull(l.min_speed_kmh, 1),
				maxRollDeg: roundOrNull(l.max_roll_deg, 1),
				minRollDeg: roundOrNull(l.min_roll_deg, 1),
				best: l.lap_number === bestLapNumber,
			}),
		),
		summary: summaryView(session.summary),
		report: session.report,
	};
}

export function createSessionReadService(db: Kysely<Database>) {
	async function readableSession(actor: UserActor, sessionId: string) {
		const owner = await findSessionOwner(db, sessionId);
		if (!owner) throw sessionNotFound();
		authorize(actor, "read", Session(owner));
	}

	return {
		/** Tracks (pt-BR order) -> dates (ascending) -> laps (by number): three queries. */
		async getTree(actor: UserActor, requestedRiderId: string | undefined): Promise<SessionTree> {
			const riderId = requestedRiderId ?? actor.user.id;
			const rider = await findRiderForRead(db, riderId);
			if (!rider) throw riderNotFound();
			authorize(actor, "read", Rider(rider));
			const [sessions, laps] = await Promise.all([
				listRiderSessions(db, riderId),
				listRiderLapTimes(db, riderId),
			]);
			const lapsBySession = new Map<string, { number: number; timeMs: number }[]>();
			for (const lap of laps) {
				const list = lapsBySession.get(lap.sessionId) ?? [];
				list.push({ number: lap.number, timeMs: lap.timeMs });
				lapsBySession.set(lap.sessionId, list);
			}
			const byTrack = new Map<string, SessionTree["tracks"][number]>();
			for (const s of sessions) {
				const track = byTrack.get(s.track) ?? { track: s.track, dates: [] };
				const sessionLaps = lapsBySession.get(s.id) ?? [];
				track.dates.push({
					sessionId: s.id,
					date: s.isoDate,
					folder: folderOfIsoDate(s.isoDate),
					status: s.status,
					laps: sessionLaps,
					bestLap: fastestLap(sessionLaps),
					ignoredLines: { lapSix: s.ignoredLapLines, gpsSix: s.ignoredGpsLines },
					error: s.error,
				});
				byTrack.set(s.track, track);
			}
			const tracks = [...byTrack.values()].sort((a, b) => a.track.localeCompare(b.track, "pt-BR"));
			for (const track of tracks) track.dates.sort((a, b) => a.date.localeCompare(b.date));
			return {
				rider: {
					id: rider.id,
					email: rider.email,
					displayName: rider.displayName,
					hardwareId: rider.hardwareId,
				},
				tracks,
			};
		},

		async getSession(actor: UserActor, sessionId: string): Promise<SessionDetail> {
			const session = await findSessionForRead(db, sessionId);
			if (!session) throw sessionNotFound();
			authorize(actor, "read", Session(session));
			return sessionDetail(db, session);
		},

		/** A lap without a path (only lap.six so far) gives empty columns; no such lap: 404. */
		async getLapPath(
			actor: UserActor,
			sessionId: string,
			lapNumber: number,
		): Promise<{ path: LapPath }> {
			await readableSession(actor, sessionId);
			const lap = await findLapPath(db, sessionId, lapNumber);
			if (!lap) throw notFound("Volta não encontrada.", "lap_not_found");
			return { path: lapPathView(lapNumber, lap.path) };
		},

		/**
		 * The stamp of the session's current version (what a cached answer about it is valid for),
		 * once the actor may read it: one query.
		 */
		async readStamp(actor: UserActor, sessionId: string): Promise<string> {
			const found = await findSessionReadStamp(db, sessionId);
			if (!found) throw sessionNotFound();
			authorize(actor, "read", Session(found));
			return found.stamp;
		},

		/**
		 * Every lap path of the session with the stamp of the version they belong to (read in one
		 * statement). The caller has checked, with `readStamp`, that the actor may read it.
		 */
		async stampedPaths(sessionId: string): Promise<{ stamp: string; paths: LapPath[] }> {
			const found = await listLapPathsStamped(db, sessionId);
			if (!found) throw sessionNotFound();
			return {
				stamp: found.stamp,
				paths: found.paths.map((r) => lapPathView(r.lapNumber, r.path)),
			};
		},
	};
}

export type SessionReadService = ReturnType<typeof createSessionReadService>;
