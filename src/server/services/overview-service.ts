import type { Kysely } from "kysely";
import type { z } from "zod";
import { type getAdminOverview, OVERVIEW_LIMIT } from "../../shared/api/overview";
import type { Database } from "../db/schema";
import {
	createOverviewRepository,
	type OverviewSessionRecord,
} from "../repositories/overview-repository";

type Overview = z.input<typeof getAdminOverview.response>;

const DAY_MS = 24 * 3600 * 1000;

function sessionView(record: OverviewSessionRecord) {
	return {
		id: record.id,
		hardwareId: record.hardwareId,
		riderEmail: record.riderEmail,
		track: record.track,
		date: record.isoDate,
		status: record.status,
		lapCount: record.lapCount,
		ignoredLines: record.ignoredLines,
		error: record.error,
		updatedAt: record.updatedAt.toISOString(),
	};
}

/** The admin's home. `since` is the start of the viewer's day; without it, the last 24 hours. */
export function createOverviewService(db: Kysely<Database>, now: () => Date = () => new Date()) {
	const repo = createOverviewRepository(db);
	return {
		async overview(since: string | undefined): Promise<Overview> {
			const from = since ? new Date(since) : new Date(now().getTime() - DAY_MS);
			const [counts, loggers, today, failed] = await Promise.all([
				repo.counts(),
				repo.loggersByLastSeen(OVERVIEW_LIMIT),
				repo.sessionsUpdatedSince(from, OVERVIEW_LIMIT),
				repo.failedSessions(OVERVIEW_LIMIT),
			]);
			return {
				since: from.toISOString(),
				counts,
				loggers: loggers.map((l) => ({
					...l,
					lastSeenAt: l.lastSeenAt ? l.lastSeenAt.toISOString() : null,
				})),
				sessionsToday: today.map(sessionView),
				failedIngests: failed.map(sessionView),
			};
		},
	};
}
