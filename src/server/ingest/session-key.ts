import {
	type DateFolder,
	isValidHardwareId,
	isValidTrackName,
	parseDateFolder,
	type TrackName,
} from "../../domain/format/storage-names";
import type { SixFileName } from "../../domain/six/types";

/** One recording session of one logger: the folder `{hardwareId}/{track}/{ddmmyyyy}`. */
export interface SessionKey {
	hardwareId: string;
	track: string;
	/** `ddmmyyyy`, the logger's folder name. */
	date: string;
}

export type SessionPathCheck =
	| {
			ok: true;
			track: TrackName;
			date: DateFolder;
			/** The same day as SQL `date` text, `yyyy-mm-dd`. */
			isoDate: string;
			fileName: SixFileName;
	  }
	| { ok: false; reason: string };

/** FORMATS.md "Storage layout": the track, date folder and file name of an upload. */
export function validateSessionPath(
	track: string,
	date: string,
	fileName: string,
): SessionPathCheck {
	if (!isValidTrackName(track)) {
		return {
			ok: false,
			reason:
				"Nome de pista inválido: use de 1 a 64 caracteres, sem '/', '\\' ou caracteres de controle, e diferente de '.' e '..'.",
		};
	}
	const day = parseDateFolder(date);
	if (!day) {
		return {
			ok: false,
			reason: `Data inválida "${date.slice(0, 20)}": use ddmmyyyy com uma data real.`,
		};
	}
	if (fileName !== "lap.six" && fileName !== "gps.six") {
		return {
			ok: false,
			reason: `Arquivo inválido "${fileName.slice(0, 40)}": use lap.six ou gps.six.`,
		};
	}
	return { ok: true, track, date: date as DateFolder, isoDate: isoDateOfFolder(date), fileName };
}

export function hardwareIdProblem(hardwareId: string): string | null {
	return isValidHardwareId(hardwareId)
		? null
		: "Identificador de logger inválido: use de 1 a 64 letras, dígitos, '-' ou '_'.";
}

/** `ddmmyyyy` -> `yyyy-mm-dd` (the folder is assumed valid). */
export function isoDateOfFolder(folder: string): string {
	return `${folder.slice(4, 8)}-${folder.slice(2, 4)}-${folder.slice(0, 2)}`;
}

/** `yyyy-mm-dd` -> `ddmmyyyy`. */
export function folderOfIsoDate(isoDate: string): string {
	return `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}${isoDate.slice(0, 4)}`;
}

/** Where a session file lives in object storage. */
export function sessionObjectKey(key: SessionKey, fileName: SixFileName): string {
	return `${key.hardwareId}/${key.track}/${key.date}/${fileName}`;
}

/** One lock name per session, the same in every process. */
export function sessionLockName(key: SessionKey): string {
	return `${key.hardwareId}/${key.track}/${key.date}`;
}
