/**
 * A logger session's track: its folder's name. The first session at a track without lines
 * gives the track the start/finish line its logger's lap counter implies, so recordings of
 * other devices at the same place can be timed with it (an admin's lines are never replaced).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { setSixSessionTrack } from "../repositories/session-timing-repository";
import { createTrackRepository } from "../repositories/track-repository";
import type { ParsedSessionVersion } from "./session-version";

/** Call inside the transaction that applies the ingested version. */
export async function linkSixSessionTrack(
	trx: Kysely<Database>,
	sessionId: string,
	trackName: string,
	six: ParsedSessionVersion["six"],
): Promise<void> {
	const tracks = createTrackRepository(trx);
	const track = await tracks.ensureByName(trackName);
	// Only a track without lines takes them (checked in the update itself: no race).
	if (six.startFinish) await tracks.setLinesIfNone(track.id, six.startFinish, "lap_counter");
	await setSixSessionTrack(trx, sessionId, track.id, six.leanEstimated);
}
