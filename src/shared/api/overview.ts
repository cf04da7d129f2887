import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { SessionStatus } from "./sessions";

/**
 * An admin's home: which loggers talk to the server, what arrived today and what could not be
 * read. Small lists, newest first, so the screen needs no paging.
 */

export const OverviewLogger = z.object({
	id: z.string(),
	name: z.string().nullable(),
	ownerEmail: z.string().nullable(),
	/** ISO 8601; null = never. */
	lastSeenAt: z.string().nullable(),
	firmwareVersion: z.string().nullable(),
});
export type OverviewLogger = z.infer<typeof OverviewLogger>;

export const OverviewSession = z.object({
	id: z.string(),
	/** Null for an imported session. */
	hardwareId: z.string().nullable(),
	riderEmail: z.string().nullable(),
	track: z.string(),
	/** `yyyy-mm-dd`, the day the logger recorded it. */
	date: z.string(),
	status: SessionStatus,
	lapCount: z.number().int(),
	/** Lines of lap.six and gps.six the reader could not use. */
	ignoredLines: z.number().int(),
	/** Why the latest upload could not be read; null when it could. */
	error: z.string().nullable(),
	/** ISO 8601: when its files last arrived or were processed. */
	updatedAt: z.string(),
});
export type OverviewSession = z.infer<typeof OverviewSession>;

/** At most this many rows per list. */
export const OVERVIEW_LIMIT = 50;

export const getAdminOverview = defineEndpoint({
	method: "GET",
	path: "/api/admin/overview",
	query: z.object({
		/** Start of "today" on the viewer's clock (ISO 8601); default: 24 hours ago. */
		since: z.iso
			.datetime({ offset: true, message: "Data e hora inválidas (ISO 8601)." })
			.optional(),
	}),
	response: z.object({
		since: z.string(),
		counts: z.object({
			loggers: z.number().int(),
			riders: z.number().int(),
			sessions: z.number().int(),
		}),
		/** Every logger, the most recently seen first, never-seen last. */
		loggers: z.array(OverviewLogger),
		/** Sessions whose files arrived since `since`, newest first. */
		sessionsToday: z.array(OverviewSession),
		/** Sessions whose latest upload could not be read, newest first. */
		failedIngests: z.array(OverviewSession),
	}),
});
