/**
 * Which lap a comparison uses as its reference, from the choice in the address and the
 * references the server offered. The default is the session's best lap; when the compared lap
 * is that lap itself, the rider's personal best if it is another lap, else the session's next
 * fastest lap (a lap against itself shows nothing).
 */
import type { LapReferences } from "../../api/compare-hooks";
import type { RefChoice } from "../../lib/compare-url";
import { formatIsoDate, formatLapTime } from "../../lib/format";

export interface ResolvedReference {
	sessionId: string;
	lap: number;
	timeMs: number;
	/** What the reference is, in words (pt-BR). */
	label: string;
	/** The choice it was made from, as the picker names it. */
	choice: RefChoice;
}

export type ReferenceOutcome =
	| { kind: "ok"; reference: ResolvedReference }
	| { kind: "missing"; message: string };

const sameLap = (a: { sessionId: string; number: number }, sessionId: string, lap: number) =>
	a.sessionId === sessionId && a.number === lap;

export function resolveReference(refs: LapReferences, choice: RefChoice): ReferenceOutcome {
	const { lap } = refs;
	const here = lap.sessionId;
	switch (choice.kind) {
		case "best": {
			const best = refs.sessionBest;
			if (best && !sameLap(best, here, lap.number)) {
				return ok(
					best.sessionId,
					best.number,
					best.timeMs,
					`Melhor da sessão (volta ${best.number})`,
					choice,
				);
			}
			const pb = refs.personalBest;
			if (pb && !sameLap(pb, here, lap.number)) return resolveReference(refs, { kind: "pb" });
			const next = [...refs.sessionLaps].sort(
				(a, b) => a.timeMs - b.timeMs || a.number - b.number,
			)[0];
			if (next) return resolveReference(refs, { kind: "lap", lap: next.number });
			return {
				kind: "missing",
				message: "Não há outra volta com GPS nesta pista para comparar com esta.",
			};
		}
		case "pb": {
			const pb = refs.personalBest;
			if (!pb) return { kind: "missing", message: "Ainda não há recorde pessoal nesta pista." };
			if (sameLap(pb, here, lap.number)) {
				return {
					kind: "missing",
					message: "Esta volta é o seu recorde pessoal nesta pista: escolha outra referência.",
				};
			}
			return ok(
				pb.sessionId,
				pb.number,
				pb.timeMs,
				`Recorde pessoal (${formatIsoDate(pb.date)}, volta ${pb.number})`,
				choice,
			);
		}
		case "lap": {
			const found = refs.sessionLaps.find((l) => l.number === choice.lap);
			if (!found) {
				return {
					kind: "missing",
					message:
						choice.lap === lap.number
							? "Escolha outra volta: esta é a própria volta comparada."
							: `A volta ${choice.lap} não existe nesta sessão ou não tem GPS.`,
				};
			}
			return ok(here, found.number, found.timeMs, `Volta ${found.number}`, choice);
		}
		case "session": {
			const session = refs.otherSessions.find((s) => s.sessionId === choice.sessionId);
			const found = session?.laps.find((l) => l.number === choice.lap);
			if (!session || !found) {
				return {
					kind: "missing",
					message: "Essa volta de referência não existe ou você não tem acesso a ela.",
				};
			}
			const who = session.riderLabel ? ` · ${session.riderLabel}` : "";
			return ok(
				session.sessionId,
				found.number,
				found.timeMs,
				`${formatIsoDate(session.date)}${who} · volta ${found.number}`,
				choice,
			);
		}
	}
}

function ok(
	sessionId: string,
	lap: number,
	timeMs: number,
	label: string,
	choice: RefChoice,
): ReferenceOutcome {
	return {
		kind: "ok",
		reference: { sessionId, lap, timeMs, label: `${label} — ${formatLapTime(timeMs)}`, choice },
	};
}

/**
 * The reference `choice` will most likely resolve to, known before the references arrive (so
 * its channels load alongside them): the session's best lap by the session's own summary, the
 * lap or session lap named; null when only the references can tell (the personal best, or the
 * compared lap being the session's best). A wrong guess costs one unused download.
 */
export function likelyReference(
	choice: RefChoice,
	sessionId: string,
	lap: number,
	sessionBestLap: number | null,
): { sessionId: string; lap: number } | null {
	switch (choice.kind) {
		case "best":
			return sessionBestLap !== null && sessionBestLap !== lap
				? { sessionId, lap: sessionBestLap }
				: null;
		case "pb":
			return null;
		case "lap":
			return choice.lap !== lap ? { sessionId, lap: choice.lap } : null;
		case "session":
			return { sessionId: choice.sessionId, lap: choice.lap };
	}
}
