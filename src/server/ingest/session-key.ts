import {
	type DateFolder,
	type HardwareId,
	isValidDateFolder,
	isValidHardwareId,
	isValidTrackName,
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

declare const sessionFileKeyBrand: unique symbol;

/**
 * One file of one session, checked against every FORMATS.md "Storage layout" rule. Only
 * `parseSessionKey` makes one (the brand's symbol is not exported), so a storage key built from
 * it cannot hold an unchecked name.
 */
export type SessionFileKey = {
	readonly hardwareId: HardwareId;
	readonly track: TrackName;
	readonly date: DateFolder;
	/** The same day as SQL `date` text, `yyyy-mm-dd`. */
	readonly isoDate: string;
	readonly file: SixFileName;
	readonly [sessionFileKeyBrand]: true;
};

export type SessionKeyCheck =
	| { ok: true; key: SessionFileKey }
	| { ok: false; reason: string; code: "invalid_session_path" | "invalid_hardware_id" };

/**
 * A track name is a folder name in storage: most filesystems allow 255 bytes per name, and
 * this leaves room for the storage's own suffixes. Percent-encoded in a URL it is at most three
 * times as long, within the router's parameter limit (`MAX_URL_PARAM_LENGTH`).
 */
export const MAX_TRACK_NAME_BYTES = 200;

const HARDWARE_ID_REASON =
	"Identificador de logger inválido: use de 1 a 64 letras, dígitos, '-' ou '_'.";

/** FORMATS.md "Storage layout": the logger, track, date folder and file name of an upload. */
export function parseSessionKey(input: {
	hardwareId: string;
	track: string;
	date: string;
	file: string;
}): SessionKeyCheck {
	const { hardwareId, track, date, file } = input;
	const pathProblem = (reason: string) => ({
		ok: false as const,
		reason,
		code: "invalid_session_path" as const,
	});
	if (!isValidTrackName(track)) {
		return pathProblem(
			"Nome de pista inválido: use de 1 a 64 caracteres, sem '/', '\\' ou caracteres de controle, e diferente de '.' e '..'.",
		);
	}
	const trackBytes = Buffer.byteLength(track, "utf8");
	if (trackBytes > MAX_TRACK_NAME_BYTES) {
		return pathProblem(
			`Nome de pista longo demais: ${trackBytes} bytes em UTF-8 (no máximo ${MAX_TRACK_NAME_BYTES}, para caber no nome de uma pasta e na URL). Use um nome mais curto ou com menos acentos e símbolos.`,
		);
	}
	if (!isValidDateFolder(date)) {
		return pathProblem(`Data inválida "${date.slice(0, 20)}": use ddmmyyyy com uma data real.`);
	}
	if (file !== "lap.six" && file !== "gps.six") {
		return pathProblem(`Arquivo inválido "${file.slice(0, 40)}": use lap.six ou gps.six.`);
	}
	if (!isValidHardwareId(hardwareId)) {
		return { ok: false, reason: HARDWARE_ID_REASON, code: "invalid_hardware_id" };
	}
	const key = { hardwareId, track, date, isoDate: isoDateOfFolder(date), file };
	return { ok: true, key: key as SessionFileKey };
}

/** For names the program itself chose (demo data, tests): a refusal is a bug, thrown. */
export function sessionKeyOrThrow(key: SessionKey, file: string): SessionFileKey {
	const checked = parseSessionKey({ ...key, file });
	if (!checked.ok) throw new Error(checked.reason);
	return checked.key;
}

/** A storage key made by `sessionObjectKey` read back, checked by the same rules. */
export function parseSessionObjectKey(objectKey: string): SessionKeyCheck {
	const parts = objectKey.split("/");
	if (parts.length !== 4) {
		return {
			ok: false,
			reason: `Chave de armazenamento inválida "${objectKey.slice(0, 80)}".`,
			code: "invalid_session_path",
		};
	}
	const [hardwareId = "", track = "", date = "", file = ""] = parts;
	return parseSessionKey({ hardwareId, track, date, file });
}

export function hardwareIdProblem(hardwareId: string): string | null {
	return isValidHardwareId(hardwareId) ? null : HARDWARE_ID_REASON;
}

/** `ddmmyyyy` -> `yyyy-mm-dd` (the folder is assumed valid). */
export function isoDateOfFolder(folder: string): string {
	return `${folder.slice(4, 8)}-${folder.slice(2, 4)}-${folder.slice(0, 2)}`;
}

/** `yyyy-mm-dd` -> `ddmmyyyy`. */
export function folderOfIsoDate(isoDate: string): string {
	return `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}${isoDate.slice(0, 4)}`;
}

/** Where a session file lives in object storage: only from a checked key. */
export function sessionObjectKey(key: SessionFileKey): string {
	return `${key.hardwareId}/${key.track}/${key.date}/${key.file}`;
}

/** The session a file belongs to (no file name: what locks and jobs are keyed by). */
export function sessionOf(key: SessionKey): SessionKey {
	return { hardwareId: key.hardwareId, track: key.track, date: key.date };
}

/** One lock name per session, the same in every process. */
export function sessionLockName(key: SessionKey): string {
	return `${key.hardwareId}/${key.track}/${key.date}`;
}
