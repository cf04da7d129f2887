/**
 * The "Pista:" / "Data:" selectors of /laps and /analytics, built from the session tree:
 * tracks in the tree's order, dates ascending by calendar date, the first of each preselected.
 */
import { dateFolderSortKey } from "../../domain/format/storage-names";

export interface TreeDateLike {
	sessionId: string;
	date: string;
	folder: string;
}

export interface TreeTrackLike<D extends TreeDateLike = TreeDateLike> {
	track: string;
	dates: readonly D[];
}

/** Dates of a track, oldest first (by calendar date, not by folder text). */
export function datesAscending<D extends TreeDateLike>(dates: readonly D[]): D[] {
	const key = (d: D) => dateFolderSortKey(d.folder) ?? (Number(d.date.replaceAll("-", "")) || 0);
	return [...dates].sort((a, b) => key(a) - key(b));
}

export function datesOfTrack<D extends TreeDateLike>(
	tracks: readonly TreeTrackLike<D>[],
	track: string | null,
): D[] {
	const found = tracks.find((t) => t.track === track);
	return found ? datesAscending(found.dates) : [];
}

export interface SessionChoice {
	track: string | null;
	sessionId: string | null;
}

/** The first track and its first date. */
export function initialChoice(tracks: readonly TreeTrackLike[]): SessionChoice {
	const track = tracks[0]?.track ?? null;
	return { track, sessionId: datesOfTrack(tracks, track)[0]?.sessionId ?? null };
}

/** Changing the track preselects its first date. */
export function chooseTrack(tracks: readonly TreeTrackLike[], track: string): SessionChoice {
	return { track, sessionId: datesOfTrack(tracks, track)[0]?.sessionId ?? null };
}
