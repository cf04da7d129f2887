export type { SessionAnalysisWithPaths } from "./analyze";
export { analyzeSession, analyzeSixFiles, sortReport } from "./analyze";
export { bestSectorTimes, fastestLap } from "./best";
export { emptyGpsPoints } from "./gps-columns";
export { parseGpsFile } from "./parse-gps";
export { parseLapFile } from "./parse-lap";
export type { DecodedLapPath } from "./path-codec";
export { decodeLapPath, encodeLapPath, LAP_PATH_VERSION, LapPathDecodeError } from "./path-codec";
export {
	formatDecimal,
	formatGpsLine,
	formatLapLine,
	formatLapTimeDigits,
	gpsPointAt,
} from "./serialize";
export { splitLaps } from "./split-laps";
export type * from "./types";
