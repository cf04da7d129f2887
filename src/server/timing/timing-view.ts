import type { SourceFormat, TrackLines } from "../../domain/recording/types";
import type { SessionTimingView } from "../../shared/api/tracks";
import type { TimingShown } from "../db/schema";

/** What a session says about its timing: shown, and what else it can be re-timed with. */
export function timingView(session: {
	timingShown: TimingShown;
	timingLines: TrackLines | null;
	sourceFormat: SourceFormat;
	trackHasLine: boolean;
}): SessionTimingView {
	return {
		shown: session.timingShown,
		lines: session.timingLines,
		loggerAvailable: session.sourceFormat === "six",
		trackHasLine: session.trackHasLine,
	};
}
