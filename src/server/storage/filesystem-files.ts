import { createHash, randomBytes } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { type FileHandle, open, readdir, rm, rmdir, stat, unlink } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";

/** Low-level file steps of the filesystem store: durable writes, hashing, temp and dir cleanup. */

export interface WrittenFile {
	size: number;
	sha256: string;
}

export function isErrno(error: unknown, ...codes: string[]): boolean {
	return (
		typeof error === "object" &&
		error !== null &&
		codes.includes((error as NodeJS.ErrnoException).code ?? "")
	);
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
	let offset = 0;
	while (offset < chunk.length) {
		const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
		offset += bytesWritten;
	}
}

function toBytes(chunk: unknown): Uint8Array {
	if (chunk instanceof Uint8Array) return chunk;
	if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
	throw new TypeError("stream chunks must be bytes or strings");
}

/**
 * Writes `body` to a new file (refusing to overwrite), hashing as it goes, and fsyncs it so
 * the bytes are on disk before the file is renamed into place.
 */
export async function writeNewFile(
	path: string,
	body: Uint8Array | NodeJS.ReadableStream,
): Promise<WrittenFile> {
	const hash = createHash("sha256");
	let size = 0;
	const handle = await open(path, "wx", 0o644);
	try {
		const chunks: AsyncIterable<unknown> | Iterable<unknown> =
			body instanceof Uint8Array ? [body] : (body as AsyncIterable<unknown>);
		for await (const raw of chunks) {
			const chunk = toBytes(raw);
			hash.update(chunk);
			size += chunk.length;
			await writeAll(handle, chunk);
		}
		await handle.sync();
	} finally {
		await handle.close();
	}
	return { size, sha256: hash.digest("hex") };
}

/** Makes a rename or unlink in `dir` durable. */
export async function fsyncDirectory(dir: string): Promise<void> {
	const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
	try {
		await handle.sync();
	} finally {
		await handle.close();
	}
}

export async function sha256OfFile(path: string): Promise<string> {
	const hash = createHash("sha256");
	for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
	return hash.digest("hex");
}

export async function removeIfPresent(path: string): Promise<void> {
	try {
		await unlink(path);
	} catch (error) {
		if (!isErrno(error, "ENOENT")) throw error;
	}
}

/** Removes now-empty directories from `dir` up to (not including) `stopAt`. */
export async function pruneEmptyDirectories(dir: string, stopAt: string): Promise<void> {
	let current = dir;
	while (current !== stopAt && relative(stopAt, current).split(sep)[0] !== "..") {
		try {
			await rmdir(current);
		} catch (error) {
			// Not empty (a concurrent put) or already gone: either way, stop here.
			if (isErrno(error, "ENOTEMPTY", "EEXIST", "ENOENT", "EBUSY")) return;
			throw error;
		}
		current = dirname(current);
	}
}

const TEMP_NAME = /^(\d+)-[0-9a-f]+\.tmp$/;
const ABANDONED_TEMP_AGE_MS = 24 * 60 * 60 * 1000;

/** Temp names carry the writer's pid so a reopen can tell a crashed writer from a live one. */
export function newTempName(): string {
	return `${process.pid}-${randomBytes(12).toString("hex")}.tmp`;
}

function isProcessAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return isErrno(error, "EPERM");
	}
}

/**
 * Deletes temp files left by crashed writers. Files of this process and of live processes are
 * kept (another store instance may be writing), unless they are a day old: by then a pid has
 * been reused rather than still writing.
 */
export async function removeAbandonedTempFiles(tempDir: string): Promise<number> {
	let removed = 0;
	for (const name of await readdir(tempDir)) {
		const path = join(tempDir, name);
		const match = TEMP_NAME.exec(name);
		if (match) {
			const pid = Number(match[1]);
			if (pid === process.pid) continue;
			if (isProcessAlive(pid)) {
				const info = await stat(path).catch(() => null);
				if (!info || Date.now() - info.mtimeMs < ABANDONED_TEMP_AGE_MS) continue;
			}
		}
		await rm(path, { force: true, recursive: true });
		removed++;
	}
	return removed;
}
