import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { finished } from "node:stream/promises";

/** An upload received whole into a temp file, hashed on the way. */
export interface StagedFile {
	path: string;
	size: number;
	/** Hex SHA-256 of the bytes received. */
	sha256: string;
}

/**
 * Where uploads land while they arrive: `<DATA_DIR>/upload-staging`, one temp file per upload,
 * hashed as it is written, so no upload is ever held whole in memory. Emptied at start: a file
 * left there by a crash belonged to an upload that was never acknowledged.
 */
export class UploadStaging {
	constructor(readonly directory: string) {}

	async prepare(): Promise<void> {
		await rm(this.directory, { recursive: true, force: true });
		await mkdir(this.directory, { recursive: true });
	}

	/**
	 * Writes `source` to a new temp file. Throws `tooLarge()` as soon as more than `limitBytes`
	 * arrived; any error (a cut connection, a full disk) removes the partial file.
	 */
	async stage(
		source: AsyncIterable<unknown>,
		limitBytes: number,
		tooLarge: () => Error,
	): Promise<StagedFile> {
		const path = join(this.directory, `${randomBytes(12).toString("hex")}.part`);
		const hash = createHash("sha256");
		let size = 0;
		const out = createWriteStream(path, { flags: "wx" });
		// A write error (ENOSPC) ends the loop below at its next await.
		let writeError: unknown = null;
		out.on("error", (error) => {
			writeError = error;
		});
		// Iterated by hand: on a refusal the body is left unread (the answer closes the connection)
		// rather than destroyed, which would cut the connection before the client sees why.
		const chunks = source[Symbol.asyncIterator]();
		try {
			for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
				const chunk = next.value;
				if (writeError) throw writeError;
				// Not copied: the request hands each chunk over (a copy per chunk, times 24 uploads at
				// once, is garbage that piles up as fast as the bodies arrive).
				const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Uint8Array);
				size += bytes.length;
				if (size > limitBytes) throw tooLarge();
				hash.update(bytes);
				if (!out.write(bytes)) await waitForDrain(out);
			}
			out.end();
			await finished(out);
			if (writeError) throw writeError;
			return { path, size, sha256: hash.digest("hex") };
		} catch (error) {
			out.destroy();
			await rm(path, { force: true });
			throw error;
		}
	}

	async discard(file: StagedFile | null | undefined): Promise<void> {
		if (file) await rm(file.path, { force: true });
	}
}

/**
 * Reads `source` to its end only to hash it: for an upload whose bytes the server already holds
 * (nothing is written, each chunk is let go once hashed). Throws `tooLarge()` as soon as more than
 * `limitBytes` arrived, leaving the rest unread, as `stage` does.
 */
export async function hashUpload(
	source: AsyncIterable<unknown>,
	limitBytes: number,
	tooLarge: () => Error,
): Promise<{ size: number; sha256: string }> {
	const hash = createHash("sha256");
	let size = 0;
	const chunks = source[Symbol.asyncIterator]();
	for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
		const chunk = next.value;
		const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Uint8Array);
		size += bytes.length;
		if (size > limitBytes) throw tooLarge();
		hash.update(bytes);
	}
	return { size, sha256: hash.digest("hex") };
}

function waitForDrain(out: NodeJS.WritableStream & { destroyed?: boolean }): Promise<void> {
	return new Promise((resolve, reject) => {
		const onDrain = () => {
			out.off("error", onError);
			resolve();
		};
		const onError = (error: unknown) => {
			out.off("drain", onDrain);
			reject(error);
		};
		out.once("drain", onDrain);
		out.once("error", onError);
	});
}
