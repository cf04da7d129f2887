export { importAim } from "./aim";
export { detectFormat } from "./detect";
export {
	GPX_10_NS,
	GPX_11_NS,
	importGpx,
	LAPSIX_GPX_NS,
	TRACKPOINT_V1_NS,
	TRACKPOINT_V2_NS,
} from "./gpx";
export type { ImportedRecording } from "./import-recording";
export {
	IMPORTABLE_FORMATS,
	importRecording,
	isRecognised,
	MAX_IMPORT_BYTES,
} from "./import-recording";
export { importNmea } from "./nmea";
export { importRaceCapture } from "./racecapture";
export { importRaceChrono } from "./racechrono";
export { MAX_REPORT_ENTRIES } from "./report";
export { importTrackAddict } from "./trackaddict";
export { importVbo } from "./vbo";
