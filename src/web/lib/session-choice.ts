/**
 * Which session a screen shows, from the session tree: tracks in the tree's order, dates
 * ascending inside a track (the "Data:" list), and "the most recent session" as the default.
 */
import { dateFolderSortKey } from "../../domain/format/storage-names";

export interface TreeDateLike {
	sessionId: string;
	/** `yyyy-mm-dd` */
	date: string;
	folder: string;
}

export interface TreeTrackLike<D extends TreeDateLike = TreeDateLike> {
	track: string;
	dates: readonly D[];
}

/** A session with its track: one entry of the "newest first" list. */
export interface SessionEntry<D extends TreeDateLike = TreeDateLike> {
	track: string;
	date: D;
}

const dayKey = (d: TreeDateLike) =>
	dateFolderSortKey(d.folder) ?? (Number(d.date.replaceAll("-", "")) || 0);

/** Dates of a track, oldest first (by calendar date, not by folder text). */
export function datesAscending<D extends TreeDateLike>(dates: readonly D[]): D[] {
	return [...dates].sort((a, b) => dayKey(a) - dayKey(b));
}

export function datesOfTrack<D extends TreeDateLike>(
	tracks: readonly TreeTrackLike<D>[],
	track: string | null,
): D[] {
	const found = tracks.find((t) => t.track === track);
	return found ? datesAscending(found.dates) : [];
}

/** Every session, the most recent first; on the same day, in the tree's track order. */
export function sessionsNewestFirst<D extends TreeDateLike>(
	tracks: readonly TreeTrackLike<D>[],
): SessionEntry<D>[] {
	const entries = tracks.flatMap((t, trackIndex) =>
		t.dates.map((date) => ({ entry: { track: t.track, date }, trackIndex })),
	);
	entries.sort(
		(a, b) => dayKey(b.entry.date) - dayKey(a.entry.date) || a.trackIndex - b.trackIndex,
	);
	return entries.map((e) => e.entry);
}

export function mostRecentSession<D extends TreeDateLike>(
	tracks: readonly TreeTrackLike<D>[],
): SessionEntry<D> | null {
	return sessionsNewestFirst(tracks)[0] ?? null;
}

/** The track's most recent date: what "Data:" preselects when "Pista:" changes. */
export function mostRecentOfTrack<D extends TreeDateLike>(
	tracks: readonly TreeTrackLike<D>[],
	track: string,
): SessionEntry<D> | null {
	const dates = datesOfTrack(tracks, track);
	const date = dates[dates.length - 1];
	return date ? { track, date } : null;
}

export function findSession<D extends TreeDateLike>(
	tracks: readonly TreeTrackLike<D>[],
	track: string,
	isoDate: string,
): SessionEntry<D> | null {
	const found = tracks.find((t) => t.track === track)?.dates.find((d) => d.date === isoDate);
	return found ? { track, date: found } : null;
}

export function findSessionById<D extends TreeDateLike>(
	tracks: readonly TreeTrackLike<D>[],
	sessionId: string,
): SessionEntry<D> | null {
	for (const t of tracks) {
		const date = t.dates.find((d) => d.sessionId === sessionId);
		if (date) return { track: t.track, date };
	}
	return null;
}

/** What the address asks for, resolved against the tree. */
export type ResolvedSession<D extends TreeDateLike = TreeDateLike> =
	/** The rider has no session at all. */
	| { kind: "none" }
	/** The address names a session that is not (or no longer) there. */
	| { kind: "missing"; track: string; date: string }
	/** `chosen` is false when the address named nothing and the most recent one was taken. */
	| { kind: "session"; entry: SessionEntry<D>; chosen: boolean };

export function resolveSession<D extends TreeDateLike>(
	tracks: readonly TreeTrackLike<D>[],
	wanted: { track: string | null; date: string | null },
): ResolvedSession<D> {
	if (wanted.track !== null && wanted.date !== null) {
		const entry = findSession(tracks, wanted.track, wanted.date);
		return entry
			? { kind: "session", entry, chosen: true }
			: { kind: "missing", track: wanted.track, date: wanted.date };
	}
	if (wanted.track !== null) {
		const entry = mostRecentOfTrack(tracks, wanted.track);
		if (entry) return { kind: "session", entry, chosen: false };
		return { kind: "missing", track: wanted.track, date: "" };
	}
	const entry = mostRecentSession(tracks);
	return entry ? { kind: "session", entry, chosen: false } : { kind: "none" };
}
