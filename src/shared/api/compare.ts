/**
 * Lap comparison and the track page. The delta itself is computed in the browser from the two
 * laps' binary channels (`channels.ts`), each read through the channels endpoint and its access
 * rule; these endpoints say which laps may serve as a reference and what a rider did at a track.
 */
import { z } from "zod";
import { defineEndpoint } from "../endpoint";

const uuid = z.string().uuid("Identificador inválido.");

/** A lap somewhere: which session (and its date), which rider, its number and time. */
export const LapRef = z.object({
	sessionId: z.string(),
	/** `yyyy-mm-dd` */
	date: z.string(),
	riderId: z.string().nullable(),
	number: z.number().int(),
	timeMs: z.number().int(),
});
export type LapRef = z.infer<typeof LapRef>;

const LapTime = z.object({ number: z.number().int(), timeMs: z.number().int() });

/** Another session at the same track the user may read, with its laps that have a path. */
export const ReferenceSession = z.object({
	sessionId: z.string(),
	date: z.string(),
	riderId: z.string().nullable(),
	/** The rider's display name or e-mail; null for a logger in stock. */
	riderLabel: z.string().nullable(),
	bestLap: LapTime.nullable(),
	laps: z.array(LapTime),
});
export type ReferenceSession = z.infer<typeof ReferenceSession>;

/** At most this many other sessions are offered, newest first. */
export const MAX_REFERENCE_SESSIONS = 60;

export const getLapReferences = defineEndpoint({
	method: "GET",
	path: "/api/sessions/:sessionId/laps/:lapNumber/references",
	params: z.object({
		sessionId: uuid,
		lapNumber: z.coerce.number().int().min(1).max(100_000),
	}),
	response: z.object({
		lap: LapRef,
		track: z.string(),
		/** The session's best lap with a path (the default reference); null when it has none. */
		sessionBest: LapRef.nullable(),
		/** The other laps of the same session with a path, by number. */
		sessionLaps: z.array(LapTime),
		/** The session's rider's fastest lap with a path at this track, any session. */
		personalBest: LapRef.nullable(),
		/** Other sessions at this track the user may read, newest first. */
		otherSessions: z.array(ReferenceSession),
		/** True when more sessions than `MAX_REFERENCE_SESSIONS` were found. */
		moreSessions: z.boolean(),
	}),
});

// ---- Track page --------------------------------------------------------------------------

export const TrackSession = z.object({
	sessionId: z.string(),
	date: z.string(),
	/** The logger's folder, `ddmmyyyy`. */
	folder: z.string(),
	lapCount: z.number().int(),
	bestLap: LapTime.nullable(),
	/** Median lap time, ms; null with no lap. */
	medianLapMs: z.number().nullable(),
	/** Sum of the session's best sectors, when every sector was recorded. */
	theoreticalBestMs: z.number().nullable(),
});
export type TrackSession = z.infer<typeof TrackSession>;

export const BestSector = z.object({
	number: z.number().int(),
	timeMs: z.number().int(),
	sessionId: z.string(),
	date: z.string(),
	lap: z.number().int(),
});

export const getTrackHistory = defineEndpoint({
	method: "GET",
	path: "/api/tracks/history",
	query: z.object({
		track: z.string().trim().min(1, "Informe a pista.").max(200, "Nome de pista longo demais."),
		/** Omitted: the signed-in user. Sellers may pass their riders, admins anyone. */
		riderId: uuid.optional(),
	}),
	response: z.object({
		track: z.string(),
		rider: z.object({ id: z.string(), label: z.string() }),
		/** Newest first. */
		sessions: z.array(TrackSession),
		personalBest: LapRef.nullable(),
		/** The best time ever of each sector at this track, by number. */
		bestSectors: z.array(BestSector),
		/** The best sectors added up (null unless every sector has a time). */
		idealLapMs: z.number().nullable(),
	}),
});
