import { createHash } from "node:crypto";
import { GpsPieceParser } from "../../domain/six/parse-gps";
import type { GpsFile } from "../../domain/six/types";

/** Bytes gathered before a piece is parsed: large enough for the line-count estimate. */
export const PIECE_BYTES = 1 << 20;

/** A `gps.six` parsed from a stream, with what the ingest needs of its bytes. */
export interface StreamedGps {
	parsed: GpsFile;
	/** Hex SHA-256 of the bytes read. */
	sha256: string;
	/** The bytes hold anything but whitespace (an empty file is not an unreadable one). */
	hasContent: boolean;
}

/** True when the bytes hold anything but whitespace. */
export function hasContent(bytes: Uint8Array): boolean {
	for (let i = 0; i < bytes.length; i++) {
		const b = bytes[i]!;
		if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return true;
	}
	return false;
}

/**
 * Parses a stored `gps.six` as it is read, a piece of whole lines at a time (`GpsPieceParser`),
 * hashing it on the way: a 63 MB file costs its columns and about a piece of its bytes, not its
 * bytes whole next to its columns. `size` is the stored size (only the capacity estimate uses it).
 */
export async function parseGpsStream(
	source: AsyncIterable<unknown>,
	size: number,
	/** Smaller in tests, so a small file spans many pieces. */
	pieceBytes = PIECE_BYTES,
): Promise<StreamedGps> {
	const parser = new GpsPieceParser(size);
	const hash = createHash("sha256");
	let anyContent = false;
	let buffer = new Uint8Array(pieceBytes);
	let length = 0;
	let first = true;
	/** Parses the whole lines gathered (all of them at the end) and keeps the rest. */
	const flush = (atEnd: boolean) => {
		const cut = atEnd ? length : buffer.lastIndexOf(0x0a, length - 1) + 1;
		// The first piece carries the file's start: not cut before the estimate's sample.
		if (cut === 0 || (first && !atEnd && cut < pieceBytes / 2)) return;
		parser.push(buffer.subarray(0, cut));
		first = false;
		buffer.copyWithin(0, cut, length);
		length -= cut;
	};
	for await (const raw of source) {
		const chunk = typeof raw === "string" ? Buffer.from(raw) : (raw as Uint8Array);
		hash.update(chunk);
		if (!anyContent) anyContent = hasContent(chunk);
		if (length + chunk.length > buffer.length) {
			// A line longer than a piece (a file without LF): the buffer grows to hold it.
			const grown = new Uint8Array(Math.max(buffer.length * 2, length + chunk.length));
			grown.set(buffer.subarray(0, length));
			buffer = grown;
		}
		buffer.set(chunk, length);
		length += chunk.length;
		if (length >= pieceBytes) flush(false);
	}
	flush(true);
	return { parsed: parser.finish(), sha256: hash.digest("hex"), hasContent: anyContent };
}
