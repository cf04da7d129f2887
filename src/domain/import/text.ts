/**
 * What every text importer does to the bytes first: a UTF-8 byte-order mark is skipped,
 * UTF-16 text (Windows tools write it) becomes UTF-8, and a file whose lines end in CR alone
 * (classic Mac) gets LF endings, so each importer only ever sees LF or CRLF.
 */

/** Length of a UTF-8 byte-order mark at the start, or 0. */
export function bomLength(bytes: Uint8Array): number {
	return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** UTF-16 (with its byte-order mark) as UTF-8; CR-only line ends as LF; else the bytes as they are. */
export function normaliseText(bytes: Uint8Array): Uint8Array {
	let out = bytes;
	if (bytes.length >= 2) {
		const littleEndian = bytes[0] === 0xff && bytes[1] === 0xfe;
		const bigEndian = bytes[0] === 0xfe && bytes[1] === 0xff;
		if (littleEndian || bigEndian) {
			const text = new TextDecoder(littleEndian ? "utf-16le" : "utf-16be").decode(
				bytes.subarray(2),
			);
			out = new TextEncoder().encode(text);
		}
	}
	if (out.indexOf(10) < 0 && out.indexOf(13) >= 0) {
		out = out === bytes ? out.slice() : out;
		for (let i = 0; i < out.length; i++) if (out[i] === 13) out[i] = 10;
	}
	return out;
}
