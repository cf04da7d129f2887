/**
 * Writers yield their text in chunks of about this many characters (a chunk ends at the first
 * point past it), so a one-hour session streams with bounded memory and few, large writes.
 */
export const CHUNK_TARGET_CHARS = 64 * 1024;
