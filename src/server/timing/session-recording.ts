/**
 * A stored session's recording read again from its kept original files: a logger's
 * `lap.six`/`gps.six`, or an imported file. What re-timing and reprocessing start from.
 */
import { parseDateFolder } from "../../domain/format/storage-names";
import { importRecording, isRecognised } from "../../domain/import";
import type { Recording } from "../../domain/recording/types";
import { emptyGpsPoints } from "../../domain/six/gps-columns";
import { parseGpsFile } from "../../domain/six/parse-gps";
import { parseLapFile } from "../../domain/six/parse-lap";
import type { GpsFile, LapFile } from "../../domain/six/types";
import { type SixSessionTiming, timeSixSession } from "../../domain/timing/six-session";
import { conflict } from "../errors";
import { folderOfIsoDate } from "../ingest/session-key";
import type { SessionSourceRow } from "../repositories/session-timing-repository";
import type { ObjectStorage } from "../storage/object-storage";

export type SessionRecording =
	| {
			kind: "six";
			lapBytes: Uint8Array | null;
			gpsBytes: Uint8Array | null;
			lap: LapFile;
			gps: GpsFile;
			timing: SixSessionTiming;
	  }
	| { kind: "import"; recording: Recording; fileName: string };

const missing = (what: string) =>
	conflict(
		`O arquivo original da sessão (${what}) não está no armazenamento.`,
		"source_file_missing",
	);

async function read(storage: ObjectStorage, key: string | null, what: string) {
	if (key === null) return null;
	const bytes = await storage.get(key);
	if (bytes === null) throw missing(what);
	return bytes;
}

export async function loadSessionRecording(
	storage: ObjectStorage,
	row: SessionSourceRow,
): Promise<SessionRecording> {
	if (row.sourceFormat === "six") {
		const [lapBytes, gpsBytes] = await Promise.all([
			read(storage, row.lapObjectKey, "lap.six"),
			read(storage, row.gpsObjectKey, "gps.six"),
		]);
		const lap: LapFile = lapBytes ? parseLapFile(lapBytes) : { laps: [], report: [] };
		const gps: GpsFile = gpsBytes
			? parseGpsFile(gpsBytes)
			: { points: emptyGpsPoints(), report: [] };
		const date = parseDateFolder(folderOfIsoDate(row.isoDate));
		if (!date) throw new Error(`session ${row.id}: date ${row.isoDate} is not a calendar date`);
		return { kind: "six", lapBytes, gpsBytes, lap, gps, timing: timeSixSession(lap, gps, date) };
	}
	const fileName = row.sourceFileName ?? "arquivo";
	const bytes = await read(storage, row.sourceObjectKey, fileName);
	if (bytes === null) throw missing(fileName);
	const recording = importRecording(bytes, fileName, row.sourceFormat);
	if (!isRecognised(recording)) {
		throw conflict(`O arquivo ${fileName} não pôde ser lido de novo.`, "source_unreadable");
	}
	return { kind: "import", recording, fileName };
}
