/**
 * The comparison in the address, beside the selection of `selection-url.ts`:
 * `/analytics?track=…&date=…&lap=7&cmp=1&ref=…`. `cmp=1` shows the comparison; `ref` names the
 * reference lap:
 * - absent: the session's best lap (the default);
 * - `pb`: the rider's personal best at the track;
 * - `5`: lap 5 of the same session;
 * - `<session id>.5`: lap 5 of another session.
 */

export const CMP_PARAM = "cmp";
export const REF_PARAM = "ref";

export type RefChoice =
	| { kind: "best" }
	| { kind: "pb" }
	| { kind: "lap"; lap: number }
	| { kind: "session"; sessionId: string; lap: number };

const LAP = /^[1-9][0-9]{0,5}$/;
const SESSION_LAP =
	/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,5})$/i;

export function readCompare(params: URLSearchParams): { on: boolean; ref: RefChoice } {
	return { on: params.get(CMP_PARAM) === "1", ref: parseRef(params.get(REF_PARAM)) };
}

/** Anything unreadable is the default (the session's best), never an error screen. */
export function parseRef(text: string | null): RefChoice {
	const value = text?.trim() ?? "";
	if (value === "pb") return { kind: "pb" };
	if (LAP.test(value)) return { kind: "lap", lap: Number(value) };
	const match = SESSION_LAP.exec(value);
	if (match) return { kind: "session", sessionId: match[1]!.toLowerCase(), lap: Number(match[2]) };
	return { kind: "best" };
}

export function formatRef(ref: RefChoice): string | null {
	switch (ref.kind) {
		case "best":
			return null;
		case "pb":
			return "pb";
		case "lap":
			return String(ref.lap);
		case "session":
			return `${ref.sessionId}.${ref.lap}`;
	}
}

/** A copy of `params` with the comparison on or off and its reference (off drops `ref`). */
export function withCompare(
	params: URLSearchParams,
	next: { on: boolean; ref: RefChoice },
): URLSearchParams {
	const out = new URLSearchParams(params);
	const ref = next.on ? formatRef(next.ref) : null;
	if (next.on) out.set(CMP_PARAM, "1");
	else out.delete(CMP_PARAM);
	if (ref === null) out.delete(REF_PARAM);
	else out.set(REF_PARAM, ref);
	return out;
}

/** A reference lap in another session is the same session's lap when it names this session. */
export function normaliseRef(ref: RefChoice, sessionId: string): RefChoice {
	return ref.kind === "session" && ref.sessionId === sessionId
		? { kind: "lap", lap: ref.lap }
		: ref;
}
