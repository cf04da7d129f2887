import type { Recording, SourceFormat } from "../recording/types";
import { importAim } from "./aim";
import { detectFormat } from "./detect";
import { emptyRecording } from "./fixes-builder";
import { importGpx } from "./gpx";
import { importNmea } from "./nmea";
import { importRaceCapture } from "./racecapture";
import { importRaceChrono } from "./racechrono";
import { ImportReport } from "./report";
import { normaliseText } from "./text";
import { importTrackAddict } from "./trackaddict";
import { importVbo } from "./vbo";

/**
 * Largest file an import reads (512 MiB, hours of 25 Hz data): beyond it the file is refused
 * whole, so one upload cannot hold the server's memory. Callers bound uploads tighter.
 */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/** What `importRecording` gives: a recording, or for a file it cannot read, its report. */
export type ImportedRecording =
	| Recording
	| (Omit<Recording, "source"> & { source: { format: "unknown"; device: null } });

/** Whether the import read a format it knows (the recording may still have no fix). */
export function isRecognised(result: ImportedRecording): result is Recording {
	return result.source.format !== "unknown";
}

type Importer = (bytes: Uint8Array, fileName: string) => Recording;

const IMPORTERS: Partial<Record<SourceFormat, Importer>> = {
	racechrono: importRaceChrono,
	vbo: importVbo,
	nmea: importNmea,
	gpx: importGpx,
	trackaddict: importTrackAddict,
	racecapture: importRaceCapture,
	aim: importAim,
};

/** Formats `importRecording` reads (`six` goes to the logger parsers). */
export const IMPORTABLE_FORMATS = Object.keys(IMPORTERS) as SourceFormat[];

/**
 * The one entry point of the importers: reads `bytes` as `format`, or as the format its
 * content shows (`"auto"`), never from the file name, which only names the report's file.
 * Never throws. A file of unknown format (or a `.six`, which the logger parsers read, or one
 * above `MAX_IMPORT_BYTES`) gives an empty result whose report says why.
 */
export function importRecording(
	bytes: Uint8Array,
	fileName: string,
	format: "auto" | SourceFormat = "auto",
): ImportedRecording {
	const report = new ImportReport(fileName);
	if (bytes.length > MAX_IMPORT_BYTES) {
		report.reject(
			0,
			`arquivo grande demais: ${Math.ceil(bytes.length / 1024 / 1024)} MiB, o limite é ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`,
		);
		return unknown(report);
	}
	const chosen = format === "auto" ? detectFormat(bytes) : format;
	if (chosen === null) {
		report.reject(
			0,
			"formato não reconhecido: esperado RaceChrono CSV v3, VBO, NMEA, GPX, TrackAddict, RaceCapture ou AiM CSV",
		);
		return unknown(report);
	}
	if (chosen === "six") {
		report.reject(0, "arquivo do logger lapsix (.six): envie o par lap.six e gps.six da sessão");
		return { ...emptyRecording("six", report) };
	}
	const importer = IMPORTERS[chosen];
	if (!importer) {
		report.reject(0, `formato ${chosen} ainda não é importado`);
		return emptyRecording(chosen, report);
	}
	try {
		return importer(normaliseText(bytes), fileName);
	} catch (error) {
		// An importer bug must not become a failed request without a reason: the file is
		// refused whole, with the error named, and nothing half-read is returned.
		report.reject(0, `erro interno ao ler o arquivo: ${(error as Error).message ?? String(error)}`);
		return emptyRecording(chosen, report);
	}
}

function unknown(report: ImportReport): ImportedRecording {
	const empty = emptyRecording("gpx", report);
	return { ...empty, source: { format: "unknown", device: null } };
}
