/**
 * Object storage: a flat key -> bytes store with S3 semantics, implemented on the local
 * filesystem (default, one machine) and on any S3-compatible service (scale-out).
 *
 * Keys are `/`-separated, e.g. `1/Interlagos Sul/01022024/lap.six`.
 */

export interface ObjectInfo {
	key: string;
	size: number;
	etag?: string;
	lastModified: Date;
	/** Hex SHA-256 of the content, when known: stored as metadata on put; `list` never fills it. */
	sha256?: string;
	/** Content type given on put, when known (`head` and `put` only). */
	contentType?: string;
}

export interface ListResult {
	objects: ObjectInfo[];
	prefixes: string[];
	nextPageToken?: string;
}

export interface PutOptions {
	contentType?: string;
	/** Expected hex SHA-256: the put is refused (nothing stored) when the content differs. */
	sha256?: string;
}

export interface ListOptions {
	delimiter?: string;
	pageToken?: string;
	/** 1..1000, default 1000; counts objects + prefixes. */
	maxResults?: number;
}

export interface ObjectStorage {
	readonly kind: "filesystem" | "s3";
	put(
		key: string,
		body: Uint8Array | NodeJS.ReadableStream,
		opts?: PutOptions,
	): Promise<ObjectInfo>;
	/** null when absent. */
	get(key: string): Promise<Uint8Array | null>;
	getStream(key: string): Promise<NodeJS.ReadableStream | null>;
	head(key: string): Promise<ObjectInfo | null>;
	list(prefix: string, opts?: ListOptions): Promise<ListResult>;
	/** An absent key is not an error. */
	delete(key: string): Promise<void>;
	/** Readiness probe: throws if the storage is unusable. */
	check(): Promise<void>;
}

export class InvalidObjectKeyError extends Error {
	override name = "InvalidObjectKeyError";
}

export class InvalidListOptionsError extends Error {
	override name = "InvalidListOptionsError";
}

export class ObjectChecksumMismatchError extends Error {
	override name = "ObjectChecksumMismatchError";
	constructor(
		readonly key: string,
		readonly expected: string,
		readonly actual: string,
	) {
		super(`SHA-256 mismatch for "${key}": expected ${expected}, got ${actual}`);
	}
}

export class ObjectTooLargeError extends Error {
	override name = "ObjectTooLargeError";
}

/** Same limit as S3. */
export const MAX_OBJECT_KEY_BYTES = 1024;
export const MAX_LIST_RESULTS = 1000;

/** C0 controls, DEL and C1 controls: invisible in logs and unsafe in paths and XML. */
function hasControlChar(s: string): boolean {
	for (let i = 0; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
	}
	return false;
}
// A lone surrogate cannot be encoded as UTF-8, so the stored key would differ from the given one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function keyProblem(key: string): string | null {
	if (typeof key !== "string" || key.length === 0) return "is empty";
	if (Buffer.byteLength(key, "utf8") > MAX_OBJECT_KEY_BYTES) {
		return `is longer than ${MAX_OBJECT_KEY_BYTES} bytes`;
	}
	if (hasControlChar(key)) return "contains a control character";
	if (LONE_SURROGATE.test(key)) return "is not valid Unicode";
	if (key.includes("\\")) return "contains a backslash";
	if (key.startsWith("/")) return "starts with '/'";
	for (const segment of key.split("/")) {
		if (segment === "") return "has an empty segment";
		if (segment === "." || segment === "..") return `has a '${segment}' segment`;
	}
	return null;
}

function quoteForMessage(key: unknown): string {
	return JSON.stringify(String(key).slice(0, 80));
}

export function assertValidObjectKey(key: string): void {
	const problem = keyProblem(key);
	if (problem)
		throw new InvalidObjectKeyError(`invalid object key ${quoteForMessage(key)}: ${problem}`);
}

/**
 * A list prefix may end anywhere (`a/b`, `a/b/`, `a/b/par`), but what it names must be
 * reachable by a valid key, so `../` or `a//` are refused like keys are.
 */
export function assertValidListPrefix(prefix: string): void {
	if (prefix === "") return;
	const problem = keyProblem(`${prefix}x`);
	if (problem)
		throw new InvalidObjectKeyError(`invalid list prefix ${quoteForMessage(prefix)}: ${problem}`);
}

export function resolveMaxResults(maxResults: number | undefined): number {
	if (maxResults === undefined) return MAX_LIST_RESULTS;
	if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > MAX_LIST_RESULTS) {
		throw new InvalidListOptionsError(
			`maxResults must be an integer in 1..${MAX_LIST_RESULTS}, got ${maxResults}`,
		);
	}
	return maxResults;
}

export function assertValidDelimiter(delimiter: string | undefined): void {
	if (delimiter === undefined) return;
	if (delimiter.length === 0 || hasControlChar(delimiter)) {
		throw new InvalidListOptionsError("delimiter must be a non-empty printable string");
	}
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Normalises an expected SHA-256 (hex, any case) or throws. */
export function normaliseSha256Hex(sha256: string | undefined): string | undefined {
	if (sha256 === undefined) return undefined;
	const lower = sha256.toLowerCase();
	if (!SHA256_HEX.test(lower)) throw new TypeError("sha256 must be 64 hex characters");
	return lower;
}
