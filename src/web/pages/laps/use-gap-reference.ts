import { useTrackHistory } from "../../api/compare-hooks";
import { type SessionDetail, useSession } from "../../api/hooks";
import type { RefChoice } from "../../lib/compare-url";
import { formatIsoDate } from "../../lib/format";
import { type GapReference, gapReferenceOf } from "../../lib/lap-gaps";

/**
 * The lap the gaps of /laps are measured against: the session's best, one of its laps, the
 * rider's personal best at the track, or a lap of another session (as in the address).
 */
export function useGapReference(detail: SessionDetail, choice: RefChoice): GapReference | null {
	const { session, laps } = detail;
	const wantsPb = choice.kind === "pb";
	const history = useTrackHistory(wantsPb ? session.track : null, session.riderId);
	const pb = wantsPb ? (history.data?.personalBest ?? null) : null;
	const otherId =
		choice.kind === "session"
			? choice.sessionId
			: pb && pb.sessionId !== session.id
				? pb.sessionId
				: null;
	const other = useSession(otherId);

	switch (choice.kind) {
		case "lap": {
			const lap = laps.find((l) => l.number === choice.lap);
			if (lap) return gapReferenceOf(lap, `volta ${lap.number}`, true);
			break;
		}
		case "pb": {
			if (!pb) return null;
			const from = pb.sessionId === session.id ? laps : other.data?.laps;
			const lap = from?.find((l) => l.number === pb.number);
			return lap
				? gapReferenceOf(
						lap,
						`recorde pessoal (${formatIsoDate(pb.date)}, volta ${pb.number})`,
						pb.sessionId === session.id,
					)
				: null;
		}
		case "session": {
			const lap = other.data?.laps.find((l) => l.number === choice.lap);
			if (lap && other.data) {
				return gapReferenceOf(
					lap,
					`${formatIsoDate(other.data.session.date)}, volta ${lap.number}`,
					false,
				);
			}
			if (other.isPending) return null;
			break;
		}
		case "best":
			break;
	}
	const best = laps.find((l) => l.best);
	return best ? gapReferenceOf(best, `melhor volta da sessão (volta ${best.number})`, true) : null;
}
