export {
	DEFAULT_GATE_MARGIN_M,
	findGateCrossings,
	type GateCrossing,
	type GateCrossingOptions,
	type GateCrossingResult,
	SECTOR_DEBOUNCE_MS,
	START_FINISH_DEBOUNCE_MS,
} from "./crossings";
export {
	type TimedLapFigures,
	type TimedSessionFigures,
	timedLapFigures,
	timedSessionFigures,
} from "./figures";
export {
	bearingBetween,
	bearingDifference,
	bearingOf,
	cumulativeDistance,
	distanceMetres,
	distanceToSegment,
	lineIntersection,
	offsetMetres,
	type Point,
	segmentsIntersect,
} from "./geometry";
export { type LapTimingResult, type LineTimingOptions, timeLapsFromLines } from "./lap-lines";
export { timeLapsFromMarks } from "./lap-marks";
export { startFinishFromMarks } from "./marks-start-line";
export { type LocalProjection, localProjection, projectX, projectY, unproject } from "./projection";
export { RECOGNITION_DISTANCE_M, recogniseTrack, type TrackMatch, trackMatches } from "./recognise";
export { type SixFixes, type SixFixesOptions, sixFixes, utcOffsetFromLaps } from "./six-fixes";
export { loggerLaps } from "./six-laps";
export { type SixSessionTiming, timeSixSession } from "./six-session";
export {
	DERIVED_LINE_WIDTH_M,
	type DerivedStartFinish,
	startFinishFromLapCounter,
} from "./six-start-line";
