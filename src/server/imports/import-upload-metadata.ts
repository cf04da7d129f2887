import { Metadata } from "@tus/server";
import { normaliseSha256 } from "../device/tus-metadata";

/**
 * What the server keeps about a resumable import (in the tus upload's metadata, server-side).
 * A type alias (not an interface) so it can be stored where tus expects
 * Record<string, string | null>.
 */
export type ImportUploadMetadata = {
	/** The file's name as the person chose it (cleaned again by the import). */
	name: string;
	/** The rider whose session it becomes, resolved and checked at creation. */
	riderId: string;
	/** Hex SHA-256 of the whole file when the client sent it; checked at completion. */
	sha256: string | null;
	/** Set by the server: the signed-in user who created the upload, the only one who may use it. */
	importedBy: string;
};

/** What the client asks for in `Upload-Metadata`: `name`, and optionally `riderId`, `sha256`. */
export interface ImportUploadRequest {
	name: string;
	riderId: string | undefined;
	sha256: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_NAME = 1000;

/** Reads the client's `Upload-Metadata` header; or the reason it is refused (pt-BR). */
export function parseImportUploadRequest(
	header: string | undefined,
): { ok: true; request: ImportUploadRequest } | { ok: false; reason: string } {
	let metadata: Record<string, string | null>;
	try {
		metadata = Metadata.parse(header);
	} catch {
		return {
			ok: false,
			reason:
				"Upload-Metadata ausente ou malformado: informe ao menos name (o nome do arquivo, em base64).",
		};
	}
	const name = metadata.name?.trim() ?? "";
	if (name === "") return { ok: false, reason: "Upload-Metadata incompleto: falta name." };
	if (name.length > MAX_NAME) return { ok: false, reason: "Nome do arquivo longo demais." };
	const riderId = metadata.riderId || undefined;
	if (riderId !== undefined && !UUID.test(riderId)) {
		return { ok: false, reason: "riderId inválido." };
	}
	let sha256: string | null = null;
	if (metadata.sha256) {
		sha256 = normaliseSha256(metadata.sha256);
		if (sha256 === null) {
			return {
				ok: false,
				reason:
					"sha256 inválido: use o SHA-256 do arquivo em hexadecimal (64 caracteres) ou em base64.",
			};
		}
	}
	return { ok: true, request: { name, riderId: riderId?.toLowerCase(), sha256 } };
}

/** Reads back metadata stored at creation; null when the upload is not an import (a logger's). */
export function readImportUploadMetadata(
	metadata: Record<string, string | null> | undefined,
): ImportUploadMetadata | null {
	const { name, riderId, sha256, importedBy } = metadata ?? {};
	if (!name || !riderId || !importedBy) return null;
	return { name, riderId, sha256: sha256 || null, importedBy };
}
