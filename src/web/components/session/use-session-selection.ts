import { useCallback, useEffect, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type SessionTree, useSessionTree } from "../../api/hooks";
import {
	readSelection,
	sameSelection,
	type UrlSelection,
	withSelection,
} from "../../lib/selection-url";
import { type ResolvedSession, resolveSession } from "../../lib/session-choice";

export type TreeDate = SessionTree["tracks"][number]["dates"][number];

/**
 * The session (and lap) a screen shows, read from its address and resolved against the rider's
 * session tree. `select` moves to another selection as a new history entry, so Back returns to
 * the previous one. `canonical`, when given, is what the address should say for the resolved
 * session (e.g. the most recent session and its best lap when the address named none): the
 * address is rewritten in place, so copying it gives a link to exactly what is on screen.
 */
export function useSessionSelection(
	canonical?: (resolved: ResolvedSession<TreeDate>, url: UrlSelection) => UrlSelection | null,
) {
	const [params, setParams] = useSearchParams();
	const tree = useSessionTree();
	const url = useMemo(() => readSelection(params), [params]);
	const resolved = useMemo(
		() => (tree.data ? resolveSession(tree.data.tracks, url) : null),
		[tree.data, url],
	);

	const select = useCallback(
		(next: UrlSelection, options: { replace?: boolean } = {}) => {
			setParams((current) => withSelection(current, next), { replace: options.replace });
		},
		[setParams],
	);

	const wanted = resolved && canonical ? canonical(resolved, url) : null;
	useEffect(() => {
		if (wanted && !sameSelection(wanted, url)) select(wanted, { replace: true });
	}, [wanted, url, select]);

	return { tree, url, resolved, select };
}

/** The address of a session, with a lap or none. */
export function selectionOf(track: string, date: TreeDate, lap: number | null): UrlSelection {
	return { track, date: date.date, lap };
}
