/**
 * Deriving stored sessions again from their kept original files (`lapsix reprocess`, and at
 * start the sessions an upgrade left in older forms): the laps, channels, figures and tracks
 * the current code gives, with the timing each session shows kept (the logger's, a line's,
 * the file's markers).
 *
 * - Idempotent: the same files give the same rows (a new version number).
 * - Resumable: a full run notes its start in storage (`reprocess/run.json`); run again after an
 *   interruption, it goes on with the sessions not processed since, and removes the note at
 *   the end. The upgrade pass needs no note: what it has done no longer matches its query.
 * - Safe beside uploads: a session whose version changed while it was derived is left to the
 *   newer version; one whose files cannot be read keeps its rows, and the run reports it.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { linkSixSessionTrack } from "../ingest/six-track";
import {
	applyTimedVersion,
	findSessionSource,
	listSessionsToReprocess,
	lockSessionSource,
	type SessionSourceRow,
} from "../repositories/session-timing-repository";
import type { ObjectStorage } from "../storage/object-storage";
import { deriveSessionVersion, type TimingChoice } from "../timing/derive-version";
import { loadSessionRecording, type SessionRecording } from "../timing/session-recording";

export const RUN_NOTE_KEY = "reprocess/run.json";

export type ReprocessResult = "done" | "skipped" | { failed: string };

export interface ReprocessProgress {
	index: number;
	total: number;
	sessionId: string;
	result: ReprocessResult;
}

export interface ReprocessSummary {
	total: number;
	done: number;
	skipped: number;
	failed: number;
	/** The start of the run this one resumed, or null for a fresh run. */
	resumedFrom: Date | null;
}

function choiceOf(row: SessionSourceRow): TimingChoice {
	if (row.timingShown === "line" && row.timingLines)
		return { shown: "line", lines: row.timingLines };
	// A logger's session has no markers: it shows the logger's laps unless a line was chosen.
	if (row.sourceFormat === "six") return { shown: "logger" };
	return { shown: row.timingShown === "markers" ? "markers" : "none" };
}

function derive(row: SessionSourceRow, recording: SessionRecording) {
	const choice = choiceOf(row);
	const version = deriveSessionVersion(row.id, recording, choice);
	// A line that no longer gives laps (it cannot, for the same files): the logger's laps.
	if (recording.kind === "six" && choice.shown === "line" && version.laps.length === 0) {
		return deriveSessionVersion(row.id, recording, { shown: "logger" });
	}
	return version;
}

export function createReprocessService(deps: { db: Kysely<Database>; storage: ObjectStorage }) {
	const { db, storage } = deps;

	async function reprocessOne(sessionId: string): Promise<ReprocessResult> {
		const row = await findSessionSource(db, sessionId);
		if (!row || row.pending || row.version === 0) return "skipped";
		let version: ReturnType<typeof derive>;
		let recording: SessionRecording;
		try {
			recording = await loadSessionRecording(storage, row);
			version = derive(row, recording);
		} catch (error) {
			return { failed: (error as Error).message ?? String(error) };
		}
		return db.transaction().execute(async (trx) => {
			const locked = await lockSessionSource(trx, sessionId);
			if (!locked || locked.version !== row.version || locked.pending) return "skipped";
			if (recording.kind === "six") {
				await linkSixSessionTrack(trx, sessionId, row.track, {
					leanEstimated: recording.timing.derived.leanEstimated,
					startFinish: recording.timing.startFinish?.lines ?? null,
				});
			}
			await applyTimedVersion(trx, sessionId, version);
			return "done";
		});
	}

	async function runOver(
		ids: string[],
		onProgress: (p: ReprocessProgress) => void,
		resumedFrom: Date | null,
	): Promise<ReprocessSummary> {
		const summary: ReprocessSummary = {
			total: ids.length,
			done: 0,
			skipped: 0,
			failed: 0,
			resumedFrom,
		};
		for (const [k, sessionId] of ids.entries()) {
			const result = await reprocessOne(sessionId);
			if (result === "done") summary.done++;
			else if (result === "skipped") summary.skipped++;
			else summary.failed++;
			onProgress({ index: k + 1, total: ids.length, sessionId, result });
		}
		return summary;
	}

	return {
		reprocessOne,

		/** Every session (resuming an interrupted run unless `restart`). */
		async reprocessAll(
			options: { restart?: boolean; onProgress?: (p: ReprocessProgress) => void } = {},
		): Promise<ReprocessSummary> {
			const note = options.restart ? null : await storage.get(RUN_NOTE_KEY);
			let startedAt = new Date();
			let resumedFrom: Date | null = null;
			if (note) {
				const parsed = new Date(JSON.parse(new TextDecoder().decode(note)).startedAt);
				if (!Number.isNaN(parsed.getTime())) {
					startedAt = parsed;
					resumedFrom = parsed;
				}
			}
			if (!resumedFrom) {
				// The database's clock decides what "processed since" means.
				const row = await db
					.selectNoFrom((eb) => eb.fn<Date>("now").as("now"))
					.executeTakeFirstOrThrow();
				startedAt = new Date(row.now);
				await storage.put(
					RUN_NOTE_KEY,
					new TextEncoder().encode(JSON.stringify({ startedAt: startedAt.toISOString() })),
					{ contentType: "application/json" },
				);
			}
			const ids = await listSessionsToReprocess(db, { upgrade: false, before: startedAt });
			const summary = await runOver(ids, options.onProgress ?? (() => {}), resumedFrom);
			await storage.delete(RUN_NOTE_KEY);
			return summary;
		},

		/** Only the sessions stored in older forms (what an upgrade runs at start). */
		async reprocessUpgrade(
			onProgress: (p: ReprocessProgress) => void = () => {},
		): Promise<ReprocessSummary> {
			const ids = await listSessionsToReprocess(db, { upgrade: true });
			return runOver(ids, onProgress, null);
		},
	};
}

export type ReprocessService = ReturnType<typeof createReprocessService>;
