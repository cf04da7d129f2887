import { promisify } from "node:util";
import {
	brotliCompress,
	brotliDecompress,
	gunzip,
	gzip,
	constants as zlibConstants,
} from "node:zlib";

/**
 * Answers that only change with the data they show (a session's lap paths change only when a
 * new version of it is stored), kept encoded and compressed in this process: a request that
 * finds its answer here costs a lookup instead of reading, converting, serialising and
 * compressing megabytes of JSON again.
 *
 * Each entry belongs to a group (a session) and is valid for one stamp (what changes when the
 * data changes: the session's version). The stamp an entry is stored under is the one read
 * together with the data it was built from, in one statement, never one read before: a version
 * stored between the two reads must not be kept under the older stamp. A group holds one stamp
 * at a time: a newer one replaces it (versions only grow, so the old answer is dead).
 *
 * Bounded by bytes (least recently used entries go first); one entry holds the encodings that
 * were asked for, each made once (off the event loop: zlib works in the thread pool), and the
 * requests that ask for the same entry at once share one build.
 */

export type BodyEncoding = "br" | "gzip" | "identity";

export interface EncodedBodyCacheOptions {
	/** Total bytes of every encoding of every entry. */
	maxBytes: number;
	/** An answer larger than this (uncompressed) is built for its request and not kept. */
	maxEntryBytes: number;
	/** Bodies smaller than this are sent as they are (compressing them gains nothing). */
	compressThreshold: number;
	brotliQuality: number;
	gzipLevel: number;
}

export interface BuiltBody {
	/** The stamp read with the data (it may be newer than the one asked for). */
	stamp: string;
	/** The answer, uncompressed. */
	body: Buffer;
}

export interface EncodedBody {
	stamp: string;
	/** The encoding `body` is in: the one asked for, or identity for a body too small to gain. */
	encoding: BodyEncoding;
	body: Buffer;
}

interface Entry {
	stamp: string;
	variants: Map<BodyEncoding, Buffer>;
	/** Encodings being made now: requests wanting the same one wait for it. */
	making: Map<BodyEncoding, Promise<Buffer>>;
	/** A client asked for the uncompressed body: it stays beside the compressed ones. */
	plainAsked: boolean;
	bytes: number;
}

/** What an entry costs besides its bodies (map slots, the key, the stamp). */
const ENTRY_OVERHEAD_BYTES = 256;

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export class EncodedBodyCache {
	private readonly entries = new Map<string, Entry>();
	private readonly building = new Map<string, Promise<BuiltBody>>();
	private totalBytes = 0;

	constructor(private readonly options: EncodedBodyCacheOptions) {}

	/** Bytes held now (every encoding of every entry). */
	get bytes(): number {
		return this.totalBytes;
	}

	get size(): number {
		return this.entries.size;
	}

	/**
	 * The answer of `group` at `stamp` in `encoding`. On a miss, `build` reads the data; what it
	 * returns is kept under the stamp it read, and sent whatever that stamp is.
	 */
	async get(
		group: string,
		stamp: string,
		encoding: BodyEncoding,
		build: () => Promise<BuiltBody>,
	): Promise<EncodedBody> {
		const entry = this.entries.get(group);
		if (entry !== undefined && entry.stamp === stamp) {
			this.touch(group, entry);
			return this.encoded(group, entry, encoding);
		}
		const built = await this.buildOnce(group, stamp, build);
		const kept = this.keep(group, built);
		if (kept !== null) return this.encoded(group, kept, encoding);
		// Too large to keep: encoded for this request only.
		if (encoding === "identity" || built.body.length < this.options.compressThreshold) {
			return { stamp: built.stamp, encoding: "identity", body: built.body };
		}
		return { stamp: built.stamp, encoding, body: await this.compress(built.body, encoding) };
	}

	private buildOnce(
		group: string,
		stamp: string,
		build: () => Promise<BuiltBody>,
	): Promise<BuiltBody> {
		const id = `${group}\n${stamp}`;
		const running = this.building.get(id);
		if (running) return running;
		const started = build().finally(() => this.building.delete(id));
		this.building.set(id, started);
		return started;
	}

	private keep(group: string, built: BuiltBody): Entry | null {
		const current = this.entries.get(group);
		if (current !== undefined && current.stamp === built.stamp) return current;
		if (current !== undefined) this.drop(group, current);
		if (built.body.length > this.options.maxEntryBytes) return null;
		const entry: Entry = {
			stamp: built.stamp,
			variants: new Map([["identity", built.body]]),
			making: new Map(),
			plainAsked: false,
			bytes: ENTRY_OVERHEAD_BYTES + built.body.length,
		};
		this.entries.set(group, entry);
		this.totalBytes += entry.bytes;
		this.evict();
		return entry;
	}

	private async encoded(group: string, entry: Entry, wanted: BodyEncoding): Promise<EncodedBody> {
		const plainSize = entry.variants.get("identity")?.length;
		const encoding =
			plainSize !== undefined && plainSize < this.options.compressThreshold ? "identity" : wanted;
		if (encoding === "identity") entry.plainAsked = true;
		const ready = entry.variants.get(encoding);
		if (ready) return { stamp: entry.stamp, encoding, body: ready };
		let making = entry.making.get(encoding);
		if (!making) {
			making = this.encodeFrom(entry, encoding).finally(() => entry.making.delete(encoding));
			entry.making.set(encoding, making);
		}
		const body = await making;
		// Still the live entry (not evicted, not replaced by a newer stamp): keep this encoding.
		if (this.entries.get(group) === entry && !entry.variants.has(encoding)) {
			entry.variants.set(encoding, body);
			entry.bytes += body.length;
			this.totalBytes += body.length;
			if (encoding !== "identity") this.dropPlainWhenUnasked(entry);
			this.evict();
		}
		return { stamp: entry.stamp, encoding, body };
	}

	/**
	 * The uncompressed body is kept only while no compressed one exists or someone asked for it
	 * as it is: most clients take brotli, and a JSON body is several times its compressed size.
	 */
	private dropPlainWhenUnasked(entry: Entry): void {
		const plain = entry.variants.get("identity");
		if (plain === undefined || entry.making.size > 0 || entry.plainAsked) return;
		entry.variants.delete("identity");
		entry.bytes -= plain.length;
		this.totalBytes -= plain.length;
	}

	/** From the uncompressed body, or from a compressed one decompressed first. */
	private async encodeFrom(entry: Entry, encoding: BodyEncoding): Promise<Buffer> {
		const plain = entry.variants.get("identity") ?? (await this.decompressAny(entry));
		return encoding === "identity" ? plain : this.compress(plain, encoding);
	}

	private async decompressAny(entry: Entry): Promise<Buffer> {
		const br = entry.variants.get("br");
		if (br) return unbrotli(br);
		const gz = entry.variants.get("gzip");
		if (gz) return gunzipAsync(gz);
		throw new Error("encoded body cache: an entry without any body");
	}

	private compress(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
		if (encoding === "br") {
			return brotli(body, {
				params: {
					[zlibConstants.BROTLI_PARAM_QUALITY]: this.options.brotliQuality,
					[zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
					[zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
				},
			});
		}
		return gzipAsync(body, { level: this.options.gzipLevel });
	}

	private touch(group: string, entry: Entry): void {
		this.entries.delete(group);
		this.entries.set(group, entry);
	}

	private drop(group: string, entry: Entry): void {
		this.entries.delete(group);
		this.totalBytes -= entry.bytes;
	}

	private evict(): void {
		for (const [group, entry] of this.entries) {
			if (this.totalBytes <= this.options.maxBytes) return;
			this.drop(group, entry);
		}
	}
}
