/**
 * One call for the whole comparison of a lap against a reference lap: the delta trace, the
 * sectors side by side, and the corners side by side (found on the reference, or the track's
 * corners located on it so their numbers are the track's).
 */
import type { TimedLap } from "../channels/types";
import { type CornerDifference, compareCorners, measureCorners } from "./corner-figures";
import { type Corner, type CornerOptions, detectCorners, relocateCorners } from "./corners";
import { computeDelta, referenceOptionsOf } from "./delta";
import { prepareReference, type ReferenceLine } from "./reference-line";
import { compareSectors, type SectorDifference } from "./sectors";
import type { DeltaOptions, DeltaResult } from "./types";

export interface LapComparisonOptions {
	delta?: DeltaOptions;
	/** The track's corners (from `detectCorners` on any lap of it); else found on the reference. */
	corners?: readonly Corner[];
	cornerOptions?: CornerOptions;
	/** The reference's line, already prepared with the same delta options (to compare many laps). */
	referenceLine?: ReferenceLine;
}

export interface LapComparison {
	delta: DeltaResult;
	sectors: SectorDifference[];
	/** The corners on the reference's line (the track's numbers when `corners` was given). */
	corners: Corner[];
	/** Corner by corner, most time lost first; null when the laps could not be compared. */
	cornerDifferences: CornerDifference[] | null;
}

export function compareLaps(
	lap: TimedLap,
	reference: TimedLap,
	options: LapComparisonOptions = {},
): LapComparison {
	const line =
		options.referenceLine ??
		prepareReference(reference.channels, referenceOptionsOf(options.delta));
	const delta = computeDelta(lap.channels, line ?? reference.channels, options.delta);
	if (!line || delta.status !== "ok") {
		return {
			delta,
			sectors: compareSectors(lap, reference, null),
			corners: [],
			cornerDifferences: null,
		};
	}
	const corners = options.corners
		? relocateCorners(options.corners, line)
		: detectCorners(line, options.cornerOptions);
	const onReference = measureCorners(
		reference.channels,
		line.sourceDistanceM,
		line.sourceSpeedKmh,
		corners,
	);
	const onLap = measureCorners(
		lap.channels,
		delta.points.refDistanceM,
		delta.points.speedKmh,
		corners,
	);
	return {
		delta,
		sectors: compareSectors(lap, reference, delta),
		corners,
		cornerDifferences: compareCorners(corners, onLap, onReference),
	};
}
