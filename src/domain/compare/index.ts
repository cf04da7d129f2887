/**
 * Lap comparison: the delta time of a lap against a reference lap by position, the sectors and
 * the corners side by side. Pure: typed arrays in, typed arrays out, no I/O.
 */

export { compareLaps, type LapComparison, type LapComparisonOptions } from "./compare-laps";
export {
	type CornerDifference,
	type CornerFigures,
	compareCorners,
	measureCorners,
} from "./corner-figures";
export {
	CORNER_DEFAULTS,
	type Corner,
	type CornerOptions,
	detectCorners,
	relocateCorners,
} from "./corners";
export { computeDelta, DELTA_DEFAULTS, referenceOptionsOf } from "./delta";
export {
	prepareReference,
	type ReferenceLine,
	type ReferenceOptions,
	referenceChannelAt,
	referenceTimeAt,
} from "./reference-line";
export { compareSectors, type SectorDifference } from "./sectors";
export type {
	DeltaGrid,
	DeltaOptions,
	DeltaPoints,
	DeltaRefusal,
	DeltaRefused,
	DeltaResult,
	DeltaTrace,
	GridSeries,
} from "./types";
