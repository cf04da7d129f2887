import { parseSessionKey, type SessionFileKey } from "../ingest/session-key";

/** What the server keeps about a tus upload (in the upload's metadata, server-side). */
// A type alias (not an interface) so it can be stored where tus expects Record<string, string | null>.
export type TusSessionMetadata = {
	track: string;
	date: string;
	filename: "lap.six" | "gps.six";
	/** Hex, lower case. */
	sha256: string;
	/** Set by the server from the device key of the creating request, never by the client. */
	hardwareId: string;
};

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
const BASE64_SHA256 = /^[A-Za-z0-9+/_-]{43}=?$/;

/** A SHA-256 as hex (64 characters) or base64 / base64url (32 bytes): lower-case hex, or null. */
export function normaliseSha256(text: string): string | null {
	if (HEX_SHA256.test(text)) return text.toLowerCase();
	if (!BASE64_SHA256.test(text)) return null;
	const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
	return bytes.length === 32 ? bytes.toString("hex") : null;
}

/**
 * Checks the client's `Upload-Metadata` (`track`, `date`, `filename`, `sha256`) and returns the
 * metadata to store, bound to the creating logger; or the reason it is refused (pt-BR).
 */
export function validateTusMetadata(
	metadata: Record<string, string | null> | undefined,
	hardwareId: string,
): { ok: true; metadata: TusSessionMetadata } | { ok: false; reason: string } {
	const read = (name: string) => {
		const value = metadata?.[name];
		return typeof value === "string" && value !== "" ? value : null;
	};
	const missing = ["track", "date", "filename", "sha256"].filter((name) => read(name) === null);
	if (missing.length > 0) {
		return {
			ok: false,
			reason: `Upload-Metadata incompleto: falta ${missing.join(", ")} (obrigatórios: track, date, filename, sha256).`,
		};
	}
	const track = read("track") ?? "";
	const date = read("date") ?? "";
	const filename = read("filename") ?? "";
	const path = parseSessionKey({ hardwareId, track, date, file: filename });
	if (!path.ok) return { ok: false, reason: path.reason };
	const sha256 = normaliseSha256(read("sha256") ?? "");
	if (sha256 === null) {
		return {
			ok: false,
			reason:
				"sha256 inválido: use o SHA-256 do arquivo em hexadecimal (64 caracteres) ou em base64.",
		};
	}
	const { file } = path.key;
	return { ok: true, metadata: { track, date, filename: file, sha256, hardwareId } };
}

/**
 * Reads back metadata stored by `validateTusMetadata`, with its session key; null when it is not
 * ours. The metadata lies in the upload store between the requests, outside the type system: the
 * key is parsed again here, by the same single validator, rather than trusted.
 */
export function readStoredTusMetadata(
	metadata: Record<string, string | null> | undefined,
): (TusSessionMetadata & { key: SessionFileKey }) | null {
	const { track, date, filename, sha256, hardwareId } = metadata ?? {};
	if (!track || !date || !sha256 || !hardwareId || !filename) return null;
	const path = parseSessionKey({ hardwareId, track, date, file: filename });
	if (!path.ok) return null;
	return { track, date, filename: path.key.file, sha256, hardwareId, key: path.key };
}
