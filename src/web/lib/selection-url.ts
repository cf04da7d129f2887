/**
 * The session, lap (and later the compared laps) a screen shows live in its address, so reload,
 * Back/Forward and a link sent to someone show the same thing:
 * `/laps?track=Interlagos&date=2025-03-15&lap=7`. Parameters this module does not own (the
 * comparison's `cmp` and `ref`, anything else) are kept as they are.
 */

export const TRACK_PARAM = "track";
export const DATE_PARAM = "date";
export const LAP_PARAM = "lap";

export interface UrlSelection {
	track: string | null;
	/** `yyyy-mm-dd` */
	date: string | null;
	lap: number | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readSelection(params: URLSearchParams): UrlSelection {
	const track = params.get(TRACK_PARAM)?.trim() || null;
	const dateText = params.get(DATE_PARAM)?.trim() ?? "";
	const lapText = params.get(LAP_PARAM)?.trim() ?? "";
	const lap = /^[1-9][0-9]{0,5}$/.test(lapText) ? Number(lapText) : null;
	return { track, date: ISO_DATE.test(dateText) ? dateText : null, lap };
}

/** A copy of `params` with the selection set (a null value removes its parameter). */
export function withSelection(params: URLSearchParams, next: UrlSelection): URLSearchParams {
	const out = new URLSearchParams(params);
	const set = (name: string, value: string | null) => {
		if (value === null) out.delete(name);
		else out.set(name, value);
	};
	set(TRACK_PARAM, next.track);
	set(DATE_PARAM, next.date);
	set(LAP_PARAM, next.lap === null ? null : String(next.lap));
	return out;
}

export function sameSelection(a: UrlSelection, b: UrlSelection): boolean {
	return a.track === b.track && a.date === b.date && a.lap === b.lap;
}

/** A link to `path` showing this selection: `/analytics?track=…&date=…&lap=…`. */
export function selectionHref(path: string, selection: UrlSelection): string {
	const search = withSelection(new URLSearchParams(), selection).toString();
	return search ? `${path}?${search}` : path;
}
