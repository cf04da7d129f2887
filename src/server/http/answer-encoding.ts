import { negotiate } from "@fastify/accept-negotiator";
import type { BodyEncoding } from "./encoded-body-cache";

/** The encodings the server compresses JSON with, preferred first (as @fastify/compress in app.ts). */
const ENCODINGS: BodyEncoding[] = ["br", "gzip", "identity"];

/** What to send a client given its Accept-Encoding: brotli, gzip, or the bytes as they are. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): BodyEncoding {
	const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
	if (!header) return "identity";
	return negotiate(header, ENCODINGS) ?? "identity";
}

/**
 * Does If-None-Match name this entity tag? Weak comparison (RFC 9110 13.1.2): `W/` is ignored,
 * since one answer goes out in several encodings under the same tag; `*` names any.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
	if (header === undefined) return false;
	const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
	const wanted = opaque(etag);
	for (const tag of (Array.isArray(header) ? header.join(",") : header).split(",")) {
		const t = tag.trim();
		if (t === "*" || (t !== "" && opaque(t) === wanted)) return true;
	}
	return false;
}
