import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { finished } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/**
 * The backup archive: one gzip-compressed stream of JSON lines (NDJSON), written and read in
 * one pass so neither side ever holds the database or an object in memory:
 *
 *   {"format":"lapsix-backup","version":1,...}          header: schema version, source
 *   {"table":{"name":"users","columns":[...],...}}       then its rows, one per line:
 *   {"r":{...}}                                          a row as PostgreSQL's to_jsonb
 *   {"tableEnd":{"name":"users","rows":5}}
 *   {"fixes":{...}} {"r":...} {"fixesEnd":{...}}         deferred foreign keys, set at the end
 *   {"sequence":{"name":"audit_log_id_seq","value":"42"}}
 *   {"object":{"key":...,"size":...,"sha256":...}}       then its bytes in base64 chunks:
 *   {"c":"..."}
 *   {"objectEnd":{"key":...}}
 *   {"end":{"tables":7,"rows":...,"objects":...,"objectBytes":...}}
 */

export const ARCHIVE_FORMAT = "lapsix-backup";
export const ARCHIVE_VERSION = 1;
/** Raw bytes per object chunk line (about 1.4 MB of base64). */
export const OBJECT_CHUNK_BYTES = 1024 * 1024;
/** Longest line a restore accepts: a row with a long lap path, or an object chunk. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

/** A backup or restore refused or failed for a reason the operator can act on (pt-BR). */
export class BackupError extends Error {
	override name = "BackupError";
}

/** Writes the archive to `FILE.partial`, renamed to FILE only once complete. */
export class ArchiveWriter {
	private readonly gzip = createGzip({ level: 6 });
	private readonly partial: string;
	private readonly done: Promise<void>;
	private failure: Error | null = null;

	private constructor(
		private readonly file: string,
		out: NodeJS.WritableStream,
		partial: string,
	) {
		this.partial = partial;
		this.gzip.pipe(out);
		this.done = finished(out as NodeJS.WritableStream & NodeJS.EventEmitter);
		this.done.catch((error: Error) => {
			this.failure = error;
		});
		this.gzip.on("error", (error) => {
			this.failure = error;
		});
	}

	static async create(file: string): Promise<ArchiveWriter> {
		const partial = `${file}.partial`;
		const out = createWriteStream(partial, { flags: "w", mode: 0o600 });
		try {
			await once(out, "open");
		} catch (error) {
			throw new BackupError(`não foi possível criar ${partial}: ${(error as Error).message}`);
		}
		return new ArchiveWriter(file, out, partial);
	}

	/** One line: a record (serialised here) or text that already is one JSON object. */
	async write(record: object | string): Promise<void> {
		if (this.failure) throw this.failure;
		const line = typeof record === "string" ? record : JSON.stringify(record);
		if (!this.gzip.write(`${line}\n`)) await once(this.gzip, "drain");
	}

	/** Flushes, makes the file durable, then gives it its name. */
	async finish(): Promise<void> {
		this.gzip.end();
		await this.done;
		if (this.failure) throw this.failure;
		const handle = await open(this.partial, "r+");
		try {
			await handle.sync();
		} finally {
			await handle.close();
		}
		await rename(this.partial, this.file);
	}

	async abort(): Promise<void> {
		this.gzip.destroy();
		await rm(this.partial, { force: true });
	}
}

export interface ArchiveLine {
	/** 1-based, for error messages. */
	number: number;
	text: string;
}

/** The archive's lines, decompressed; a line longer than `maxLineBytes` is an error. */
export async function* readArchiveLines(
	file: string,
	maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<ArchiveLine> {
	const source = createReadStream(file);
	const input = source.pipe(createGunzip());
	// pipe() does not pass on the source's errors (a missing file, a read error).
	source.on("error", (error) => input.destroy(error));
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	let number = 0;
	try {
		for await (const chunk of input as AsyncIterable<Buffer>) {
			let start = 0;
			for (;;) {
				const newline = chunk.indexOf(0x0a, start);
				if (newline === -1) break;
				const piece = chunk.subarray(start, newline);
				number += 1;
				if (pendingBytes + piece.length > maxLineBytes) throw lineTooLong(number, maxLineBytes);
				const text =
					pending.length === 0
						? piece.toString("utf8")
						: Buffer.concat([...pending, piece]).toString("utf8");
				pending = [];
				pendingBytes = 0;
				yield { number, text };
				start = newline + 1;
			}
			if (start < chunk.length) {
				const rest = chunk.subarray(start);
				pendingBytes += rest.length;
				if (pendingBytes > maxLineBytes) throw lineTooLong(number + 1, maxLineBytes);
				pending.push(Buffer.from(rest));
			}
		}
	} catch (error) {
		if (error instanceof BackupError) throw error;
		const err = error as NodeJS.ErrnoException;
		if (err.code === "ENOENT") throw new BackupError(`arquivo não encontrado: ${file}`);
		if (err.code?.startsWith("Z_"))
			throw new BackupError(
				`o arquivo não é um backup lapsix íntegro (gzip: ${err.message}), depois da linha ${number}`,
			);
		throw error;
	} finally {
		input.destroy();
		source.destroy();
	}
	if (pendingBytes > 0) {
		throw new BackupError(`linha ${number + 1}: arquivo truncado (a última linha não termina)`);
	}
}

function lineTooLong(number: number, max: number): BackupError {
	return new BackupError(`linha ${number}: mais longa que ${max} bytes`);
}
