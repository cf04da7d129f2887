import { createHash } from "node:crypto";
import { join } from "node:path";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore } from "@tus/server";
import type { Config } from "../config";
import type { ObjectStorage } from "../storage/object-storage";
import { S3Storage } from "../storage/s3-storage";
import type { StagedFile, UploadStaging } from "./upload-staging";

/** Unfinished uploads older than this are deleted (the logger starts over). */
export const UNFINISHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** S3 multipart parts (the minimum is 5 MiB); smaller chunks wait in a `.part` object. */
const S3_PART_BYTES = 8 * 1024 * 1024;
/** Ids made by tus's default naming function: 16 random bytes in hex. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** What an S3 upload leaves at the bucket's root: the file, its `.info` and its `.part`. */
const STAGED_OBJECT = /^[0-9a-f]{32}(\.info|\.part)?$/;

export interface TusStaging {
	datastore: DataStore;
	/**
	 * Runs `use` with the finished upload as a local file, hashed as it was read (the file is
	 * never held whole in memory); on S3 it is downloaded to a temp file first, removed after.
	 */
	withLocalFile<T>(id: string, use: (file: StagedFile) => Promise<T>): Promise<T>;
	/** Deletes what an upload left, finished or not; an absent upload is not an error. */
	remove(id: string): Promise<void>;
}

/**
 * Where resumable uploads are staged: in the configured object storage, so that any instance
 * can resume an upload another one started. S3: `@tus/s3-store` (a multipart upload per tus
 * upload, at the bucket's root, beside the `.info` holding its metadata). Filesystem (one
 * machine): `<DATA_DIR>/tus`, as always.
 */
export function createTusStaging(
	config: Config,
	storage: ObjectStorage,
	downloads: UploadStaging,
): TusStaging {
	if (!(storage instanceof S3Storage)) {
		const directory = join(config.dataDir, "tus");
		const datastore = new FileStore({
			directory,
			expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS,
		});
		return {
			datastore,
			async withLocalFile(id, use) {
				const { size, sha256 } = await hashStream(datastore.read(id));
				return use({ path: join(directory, id), size, sha256 });
			},
			remove: (id) => datastore.remove(id),
		};
	}
	const target = storage.connection;
	const datastore = new S3Store({
		partSize: S3_PART_BYTES,
		// Tags drive bucket lifecycle rules; many S3-compatible services lack them. Unfinished
		// uploads are swept by the server (cleanUpExpiredUploads) instead.
		useTags: false,
		expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS,
		s3ClientConfig: {
			bucket: target.bucket,
			region: target.region,
			forcePathStyle: target.forcePathStyle,
			...(target.endpoint ? { endpoint: target.endpoint } : {}),
			...(target.credentials ? { credentials: target.credentials } : {}),
			requestChecksumCalculation: "WHEN_REQUIRED",
			responseChecksumValidation: "WHEN_REQUIRED",
		},
	});
	return {
		datastore,
		async withLocalFile(id, use) {
			const file = await downloads.stage(
				await datastore.read(id),
				Number.POSITIVE_INFINITY,
				() => new Error("unreachable"),
			);
			try {
				return await use(file);
			} finally {
				await downloads.discard(file);
			}
		},
		async remove(id) {
			if (!UPLOAD_ID.test(id)) return;
			// After completion there is no multipart upload left to abort, and S3Store.remove
			// then stops before deleting the objects: delete them here in every case.
			await datastore.remove(id).catch(() => {});
			for (const key of [id, `${id}.info`, `${id}.part`]) await storage.delete(key);
		},
	};
}

/** Objects of unfinished (or just finished) resumable uploads: not part of a backup. */
export function isStagedUploadObject(key: string): boolean {
	return STAGED_OBJECT.test(key);
}

async function hashStream(
	stream: AsyncIterable<unknown>,
): Promise<{ size: number; sha256: string }> {
	const hash = createHash("sha256");
	let size = 0;
	for await (const chunk of stream) {
		hash.update(chunk as Buffer);
		size += (chunk as Buffer).length;
	}
	return { size, sha256: hash.digest("hex") };
}
