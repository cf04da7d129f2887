import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open, readFile, realpath, rename, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import {
	fsyncDirectory,
	isErrno,
	newTempName,
	pruneEmptyDirectories,
	removeAbandonedTempFiles,
	removeIfPresent,
	sha256OfFile,
	writeNewFile,
} from "./filesystem-files";
import { findListEntries } from "./filesystem-list";
import { decodePageToken, encodePageToken, takePage } from "./list-paging";
import {
	assertValidDelimiter,
	assertValidListPrefix,
	assertValidObjectKey,
	InvalidObjectKeyError,
	type ListOptions,
	type ListResult,
	normaliseSha256Hex,
	ObjectChecksumMismatchError,
	type ObjectInfo,
	type ObjectStorage,
	type PutOptions,
	resolveMaxResults,
} from "./object-storage";

/** Sidecar of an object: which file it describes (inode + size) and what we know about it. */
interface ObjectMeta {
	ino: number;
	size: number;
	sha256: string;
	contentType?: string;
}

const META_DIR = ".lapsix-meta";
const TEMP_DIR = ".lapsix-tmp";
const HIDDEN_TOP_NAMES: ReadonlySet<string> = new Set([META_DIR, TEMP_DIR]);
const PUT_ATTEMPTS = 10;

/**
 * Objects are plain files at `<root>/<key>`, so the tree can be read, backed up or synced to
 * S3 with ordinary tools. Next to them, hidden trees the listing never shows:
 * - `<root>/.lapsix-tmp/<pid>-<random>.tmp`: writes in progress; renamed into place only once
 *   fsynced, so an object is always the old or the new version, never half of one.
 * - `<root>/.lapsix-meta/<key>`: JSON sidecar with sha256 and content type. It is renamed into
 *   place just before the object and names the object's inode, so a sidecar left stale by a
 *   crash or a concurrent put is detected and the hash is recomputed from the bytes.
 * Limits: a key cannot be both an object and a folder (`a` and `a/b`), keys whose first segment
 * is `.lapsix-meta` or `.lapsix-tmp` are refused, and each segment must fit a file name.
 */
export class FilesystemStorage implements ObjectStorage {
	readonly kind = "filesystem" as const;
	readonly rootDir: string;
	private readonly metaRoot: string;
	private readonly tempRoot: string;
	private readonly ready: Promise<string>;

	constructor(rootDir: string) {
		this.rootDir = resolve(rootDir);
		this.metaRoot = join(this.rootDir, META_DIR);
		this.tempRoot = join(this.rootDir, TEMP_DIR);
		this.ready = this.open();
		// The failure is reported by the first operation that awaits `ready`.
		this.ready.catch(() => {});
	}

	private async open(): Promise<string> {
		await mkdir(this.metaRoot, { recursive: true });
		await mkdir(this.tempRoot, { recursive: true });
		await removeAbandonedTempFiles(this.tempRoot);
		return realpath(this.rootDir);
	}

	async check(): Promise<void> {
		await this.ready;
		const probe = join(this.tempRoot, newTempName());
		try {
			await writeFile(probe, "ok", { flag: "wx" });
		} finally {
			await removeIfPresent(probe);
		}
	}

	async put(
		key: string,
		body: Uint8Array | NodeJS.ReadableStream,
		opts: PutOptions = {},
	): Promise<ObjectInfo> {
		this.assertStorableKey(key);
		const expected = normaliseSha256Hex(opts.sha256);
		await this.ready;
		const objectTemp = join(this.tempRoot, newTempName());
		const metaTemp = join(this.tempRoot, newTempName());
		try {
			const written = await writeNewFile(objectTemp, body);
			if (expected && expected !== written.sha256) {
				throw new ObjectChecksumMismatchError(key, expected, written.sha256);
			}
			const info = await lstat(objectTemp);
			const meta: ObjectMeta = { ino: info.ino, size: written.size, sha256: written.sha256 };
			if (opts.contentType) meta.contentType = opts.contentType;
			await writeNewFile(metaTemp, Buffer.from(JSON.stringify(meta)));
			await this.moveIntoPlace(key, metaTemp, objectTemp);
			return {
				key,
				size: written.size,
				lastModified: info.mtime,
				sha256: written.sha256,
				...(opts.contentType ? { contentType: opts.contentType } : {}),
			};
		} catch (error) {
			throw this.translateKeyError(key, error);
		} finally {
			await removeIfPresent(objectTemp);
			await removeIfPresent(metaTemp);
		}
	}

	/** Retries when a concurrent delete prunes a parent directory between mkdir and rename. */
	private async moveIntoPlace(key: string, metaTemp: string, objectTemp: string): Promise<void> {
		let metaPath: string | null = null;
		for (let attempt = 1; ; attempt++) {
			try {
				if (!metaPath) {
					const target = (await this.resolvePath(this.metaRoot, key, true))!;
					await rename(metaTemp, target);
					metaPath = target;
				}
				const objectPath = (await this.resolvePath(this.rootDir, key, true))!;
				await rename(objectTemp, objectPath);
				await fsyncDirectory(dirname(metaPath));
				await fsyncDirectory(dirname(objectPath));
				return;
			} catch (error) {
				if (attempt >= PUT_ATTEMPTS) throw error;
				if (isErrno(error, "ENOENT")) continue;
				// A folder pruned while mkdir walked down can look like a clash (EEXIST, ENOTDIR);
				// only a file where a folder must be, or a folder where the object goes, is one.
				if (!isErrno(error, "EEXIST", "ENOTDIR") || (await this.clashes(key))) throw error;
			}
		}
	}

	/** Does `key` clash with what the store holds: a file on its folder path, or a folder at it. */
	private async clashes(key: string): Promise<boolean> {
		const segments = key.split("/");
		for (const base of [this.metaRoot, this.rootDir]) {
			for (let i = 1; i <= segments.length; i++) {
				const info = await lstat(join(base, ...segments.slice(0, i))).catch(() => null);
				if (!info) break;
				const isLast = i === segments.length;
				if (isLast ? info.isDirectory() : !info.isDirectory()) return true;
			}
		}
		return false;
	}

	async get(key: string): Promise<Uint8Array | null> {
		const handle = await this.openObject(key);
		if (!handle) return null;
		try {
			return await handle.readFile();
		} finally {
			await handle.close();
		}
	}

	async getStream(key: string): Promise<NodeJS.ReadableStream | null> {
		const handle = await this.openObject(key);
		return handle ? handle.createReadStream() : null;
	}

	async head(key: string): Promise<ObjectInfo | null> {
		this.assertStorableKey(key);
		await this.ready;
		const objectPath = await this.resolvePath(this.rootDir, key, false);
		const info = objectPath ? await lstatObject(objectPath, key) : null;
		if (!objectPath || !info) return null;
		const meta = await this.readMeta(key, info);
		const sha256 = meta?.sha256 ?? (await sha256OfFile(objectPath).catch(() => undefined));
		return {
			key,
			size: info.size,
			lastModified: info.mtime,
			...(sha256 ? { sha256 } : {}),
			...(meta?.contentType ? { contentType: meta.contentType } : {}),
		};
	}

	async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
		assertValidListPrefix(prefix);
		assertValidDelimiter(opts.delimiter);
		const maxResults = resolveMaxResults(opts.maxResults);
		const after = opts.pageToken
			? decodePageToken(opts.pageToken, prefix, opts.delimiter)
			: undefined;
		await this.ready;
		const dirKey = prefix.slice(0, prefix.lastIndexOf("/") + 1);
		if (HIDDEN_TOP_NAMES.has(dirKey.split("/", 1)[0]!)) return { objects: [], prefixes: [] };
		const baseDir = dirKey ? await this.resolvePath(this.rootDir, `${dirKey}x`, false) : null;
		if (dirKey && !baseDir) return { objects: [], prefixes: [] };
		const entries = await findListEntries(
			baseDir ? dirname(baseDir) : this.rootDir,
			prefix,
			opts.delimiter,
			HIDDEN_TOP_NAMES,
		);
		const { page, nextAfter } = takePage(entries, after, maxResults);
		const result: ListResult = { objects: [], prefixes: [] };
		for (const entry of page) {
			if (entry.isPrefix) {
				result.prefixes.push(entry.name);
				continue;
			}
			// A key deleted since the directory was read is simply left out.
			const info = await lstat(join(this.rootDir, entry.name)).catch(() => null);
			if (info?.isFile()) {
				result.objects.push({ key: entry.name, size: info.size, lastModified: info.mtime });
			}
		}
		if (nextAfter !== undefined) {
			result.nextPageToken = encodePageToken(nextAfter, prefix, opts.delimiter);
		}
		return result;
	}

	async delete(key: string): Promise<void> {
		this.assertStorableKey(key);
		const realRoot = await this.ready;
		const objectPath = await this.resolvePath(this.rootDir, key, false);
		const metaPath = await this.resolvePath(this.metaRoot, key, false);
		// The sidecar goes first: an object without one only costs a rehash on head.
		if (metaPath) {
			await removeObjectFile(metaPath);
			await pruneEmptyDirectories(dirname(metaPath), join(realRoot, META_DIR));
		}
		if (objectPath) {
			await removeObjectFile(objectPath);
			await fsyncDirectory(dirname(objectPath)).catch(() => {});
			await pruneEmptyDirectories(dirname(objectPath), realRoot);
		}
	}

	/** The hidden trees are not reachable through keys, not even for reading. */
	private assertStorableKey(key: string): void {
		assertValidObjectKey(key);
		if (HIDDEN_TOP_NAMES.has(key.split("/", 1)[0]!)) {
			throw new InvalidObjectKeyError(`object key "${key}" uses a reserved folder name`);
		}
	}

	/**
	 * The path of `key` under `base`, with its folder resolved through any symbolic links and
	 * required to stay inside the store. null when the folder does not exist (and !create).
	 */
	private async resolvePath(base: string, key: string, create: boolean): Promise<string | null> {
		const realRoot = await this.ready;
		const segments = key.split("/");
		const name = segments.pop()!;
		const dir = join(base, ...segments);
		if (create) await mkdir(dir, { recursive: true });
		let realDir: string;
		try {
			realDir = await realpath(dir);
		} catch (error) {
			if (!create && isErrno(error, "ENOENT", "ENOTDIR")) return null;
			throw error;
		}
		if (realDir !== realRoot && !realDir.startsWith(realRoot + sep)) {
			throw new InvalidObjectKeyError(`object key "${key}" resolves outside the storage root`);
		}
		return join(realDir, name);
	}

	private async openObject(key: string) {
		this.assertStorableKey(key);
		await this.ready;
		const path = await this.resolvePath(this.rootDir, key, false);
		if (!path) return null;
		try {
			// O_NOFOLLOW: a symbolic link in place of the object could point anywhere.
			const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
			if ((await handle.stat()).isFile()) return handle;
			await handle.close();
			return null;
		} catch (error) {
			if (isErrno(error, "ENOENT", "ENOTDIR", "EISDIR")) return null;
			throw this.translateKeyError(key, error);
		}
	}

	private async readMeta(key: string, object: Stats): Promise<ObjectMeta | null> {
		try {
			const metaPath = await this.resolvePath(this.metaRoot, key, false);
			if (!metaPath) return null;
			const meta = JSON.parse(await readFile(metaPath, "utf8")) as ObjectMeta;
			return meta.ino === object.ino && meta.size === object.size ? meta : null;
		} catch {
			// Missing or unreadable sidecar: the hash is recomputed from the bytes.
			return null;
		}
	}

	private translateKeyError(key: string, error: unknown): unknown {
		if (isErrno(error, "ENAMETOOLONG")) {
			return new InvalidObjectKeyError(
				`object key "${key}" has a segment too long for a file name`,
			);
		}
		if (isErrno(error, "EEXIST", "ENOTDIR", "EISDIR")) {
			return new InvalidObjectKeyError(
				`object key "${key}" clashes with an existing object or folder (an object cannot also be a folder on filesystem storage)`,
			);
		}
		if (isErrno(error, "ELOOP")) {
			return new InvalidObjectKeyError(`object key "${key}" is a symbolic link`);
		}
		return error;
	}
}

async function lstatObject(path: string, key: string): Promise<Stats | null> {
	try {
		const info = await lstat(path);
		if (info.isSymbolicLink()) {
			throw new InvalidObjectKeyError(`object key "${key}" is a symbolic link`);
		}
		return info.isFile() ? info : null;
	} catch (error) {
		if (isErrno(error, "ENOENT", "ENOTDIR")) return null;
		throw error;
	}
}

async function removeObjectFile(path: string): Promise<void> {
	try {
		await removeIfPresent(path);
	} catch (error) {
		// A folder of other keys, not an object: nothing to delete.
		if (!isErrno(error, "EISDIR", "EPERM", "ENOTDIR")) throw error;
	}
}
