import { createHash } from "node:crypto";
import { type Dictionary, ParseError, parseDictionary } from "structured-headers";

/**
 * `Content-Digest` (RFC 9530): a structured-field dictionary (RFC 9651, parsed by
 * `structured-headers`) of algorithm -> byte sequence, e.g.
 * `sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:, sha-512=:...:`. Only sha-256 is used;
 * other algorithms may be listed and are ignored.
 */
export type ContentDigestResult =
	| { ok: true; sha256Hex: string }
	| { ok: false; code: "content_digest_missing" | "content_digest_invalid"; reason: string };

const EXAMPLE = "Content-Digest: sha-256=:<SHA-256 do corpo em base64>:";

export function readContentDigestSha256(
	header: string | string[] | undefined,
): ContentDigestResult {
	const text = Array.isArray(header) ? header.join(", ") : header;
	if (text === undefined || text.trim() === "") {
		return {
			ok: false,
			code: "content_digest_missing",
			reason: `Content-Digest obrigatório (RFC 9530). Envie ${EXAMPLE}`,
		};
	}
	let dict: Dictionary;
	try {
		dict = parseDictionary(text);
	} catch (error) {
		if (!(error instanceof ParseError)) throw error;
		return {
			ok: false,
			code: "content_digest_invalid",
			reason: `Content-Digest mal formado (${error.message}). Envie ${EXAMPLE}`,
		};
	}
	const member = dict.get("sha-256");
	if (member === undefined) {
		return {
			ok: false,
			code: "content_digest_invalid",
			reason: `Content-Digest não traz sha-256 (o único algoritmo aceito). Envie ${EXAMPLE}`,
		};
	}
	// An item is [value, parameters]; an inner list is [items, parameters]. Byte sequences parse
	// to an ArrayBuffer.
	const value = member[0];
	if (!(value instanceof ArrayBuffer) || value.byteLength !== 32) {
		return {
			ok: false,
			code: "content_digest_invalid",
			reason: `Content-Digest: sha-256 deve ser uma sequência de 32 bytes em base64 entre dois-pontos. Envie ${EXAMPLE}`,
		};
	}
	return { ok: true, sha256Hex: Buffer.from(value).toString("hex") };
}

/** The header value for some bytes, as a client sends it. */
export function contentDigestHeader(bytes: Uint8Array): string {
	return `sha-256=:${sha256Base64(bytes)}:`;
}

export function sha256Hex(bytes: Uint8Array): string {
	return createHash("sha256").update(bytes).digest("hex");
}

function sha256Base64(bytes: Uint8Array): string {
	return createHash("sha256").update(bytes).digest("base64");
}
