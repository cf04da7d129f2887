import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import {
	AbortMultipartUploadCommand,
	CompleteMultipartUploadCommand,
	CreateMultipartUploadCommand,
	DeleteObjectCommand,
	GetObjectCommand,
	HeadBucketCommand,
	HeadObjectCommand,
	ListObjectsV2Command,
	type ListObjectsV2CommandOutput,
	PutObjectCommand,
	S3Client,
	S3ServiceException,
	UploadPartCommand,
} from "@aws-sdk/client-s3";
import {
	assertValidDelimiter,
	assertValidListPrefix,
	assertValidObjectKey,
	InvalidListOptionsError,
	type ListOptions,
	type ListResult,
	normaliseSha256Hex,
	ObjectChecksumMismatchError,
	type ObjectInfo,
	type ObjectStorage,
	ObjectTooLargeError,
	type PutOptions,
	resolveMaxResults,
} from "./object-storage";

export interface S3StorageOptions {
	bucket: string;
	/** For S3-compatible services (MinIO, Ceph, R2...); AWS when absent. */
	endpoint?: string;
	region: string;
	forcePathStyle: boolean;
	/** The SDK's default chain (env vars, profiles, instance roles) when absent. */
	credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
	/** Largest stream body put buffers in memory (default 64 MiB, the upload limit). */
	maxBufferedPutBytes?: number;
}

export const DEFAULT_MAX_BUFFERED_PUT_BYTES = 64 * 1024 * 1024;
/** S3's smallest part (except the last): the memory one streamed put holds. */
export const MULTIPART_PART_BYTES = 5 * 1024 * 1024;

/** The stream cut into parts of exactly `partBytes` (the last one shorter). */
async function* readParts(source: AsyncIterable<unknown>, partBytes: number) {
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	for await (const chunk of source) {
		let bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
		while (pendingBytes + bytes.length >= partBytes) {
			const take = partBytes - pendingBytes;
			pending.push(bytes.subarray(0, take));
			yield Buffer.concat(pending, partBytes);
			bytes = bytes.subarray(take);
			pending = [];
			pendingBytes = 0;
		}
		if (bytes.length > 0) {
			pending.push(bytes);
			pendingBytes += bytes.length;
		}
	}
	if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/**
 * Object storage on an S3-compatible service. A stream with a known SHA-256 goes up in parts
 * (see `putStream`); any other stream body is read into memory before the PutObject (uploads are at most 64 MiB, and `@aws-sdk/lib-storage` multipart is not a
 * dependency): this gives the request a known length and lets us hash the bytes, refuse a
 * wrong checksum before anything is stored, and keep the hash as `x-amz-meta-sha256`.
 */
export class S3Storage implements ObjectStorage {
	readonly kind = "s3" as const;
	readonly bucket: string;
	/** How to reach the bucket: other S3 clients of the same bucket (resumable uploads) use it. */
	readonly connection: S3StorageOptions;
	private readonly client: S3Client;
	private readonly maxBufferedPutBytes: number;

	constructor(options: S3StorageOptions) {
		this.bucket = options.bucket;
		this.connection = options;
		this.maxBufferedPutBytes = options.maxBufferedPutBytes ?? DEFAULT_MAX_BUFFERED_PUT_BYTES;
		this.client = new S3Client({
			region: options.region,
			forcePathStyle: options.forcePathStyle,
			...(options.endpoint ? { endpoint: options.endpoint } : {}),
			...(options.credentials ? { credentials: options.credentials } : {}),
			// Since SDK 3.729 CRC32 checksums are sent and checked by default; many S3-compatible
			// services reject or mangle them. Integrity is ours: sha256 metadata, checked on put.
			requestChecksumCalculation: "WHEN_REQUIRED",
			responseChecksumValidation: "WHEN_REQUIRED",
		});
	}

	async check(): Promise<void> {
		await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
	}

	async put(
		key: string,
		body: Uint8Array | NodeJS.ReadableStream,
		opts: PutOptions = {},
	): Promise<ObjectInfo> {
		assertValidObjectKey(key);
		const expected = normaliseSha256Hex(opts.sha256);
		if (!(body instanceof Uint8Array) && expected) {
			return this.putStream(key, body, expected, opts.contentType);
		}
		const bytes = body instanceof Uint8Array ? body : await this.readWhole(key, body);
		const sha256 = createHash("sha256").update(bytes).digest("hex");
		if (expected && expected !== sha256)
			throw new ObjectChecksumMismatchError(key, expected, sha256);
		const result = await this.client.send(
			new PutObjectCommand({
				Bucket: this.bucket,
				Key: key,
				Body: bytes,
				ContentLength: bytes.length,
				Metadata: { sha256 },
				...(opts.contentType ? { ContentType: opts.contentType } : {}),
			}),
		);
		return {
			key,
			size: bytes.length,
			...(result.ETag ? { etag: result.ETag } : {}),
			// PutObject does not return the server's time; this is the client's.
			lastModified: new Date(),
			sha256,
			...(opts.contentType ? { contentType: opts.contentType } : {}),
		};
	}

	/**
	 * A stream with a known SHA-256: sent in parts of MULTIPART_PART_BYTES (multipart upload), so
	 * only one part is in memory; the SHA-256 is checked before the upload is completed, and a
	 * mismatch or any error aborts it (nothing stored). A stream shorter than one part is one PUT.
	 */
	private async putStream(
		key: string,
		stream: NodeJS.ReadableStream,
		expected: string,
		contentType: string | undefined,
	): Promise<ObjectInfo> {
		const hash = createHash("sha256");
		const parts = readParts(stream as AsyncIterable<unknown>, MULTIPART_PART_BYTES);
		const first = await parts.next();
		const firstPart = first.done ? Buffer.alloc(0) : first.value;
		const second = first.done ? first : await parts.next();
		if (second.done) {
			return this.put(key, firstPart, { sha256: expected, contentType });
		}
		const created = await this.client.send(
			new CreateMultipartUploadCommand({
				Bucket: this.bucket,
				Key: key,
				Metadata: { sha256: expected },
				...(contentType ? { ContentType: contentType } : {}),
			}),
		);
		const uploadId = created.UploadId;
		if (!uploadId) throw new Error(`CreateMultipartUpload "${key}" returned no UploadId`);
		const done: { ETag: string; PartNumber: number }[] = [];
		let size = 0;
		try {
			const send = async (part: Buffer) => {
				hash.update(part);
				size += part.length;
				const partNumber = done.length + 1;
				const result = await this.client.send(
					new UploadPartCommand({
						Bucket: this.bucket,
						Key: key,
						UploadId: uploadId,
						PartNumber: partNumber,
						Body: part,
						ContentLength: part.length,
					}),
				);
				done.push({ ETag: result.ETag ?? "", PartNumber: partNumber });
			};
			await send(firstPart);
			await send(second.value);
			for (let next = await parts.next(); !next.done; next = await parts.next()) {
				await send(next.value);
			}
			const sha256 = hash.digest("hex");
			if (sha256 !== expected) throw new ObjectChecksumMismatchError(key, expected, sha256);
			const result = await this.client.send(
				new CompleteMultipartUploadCommand({
					Bucket: this.bucket,
					Key: key,
					UploadId: uploadId,
					MultipartUpload: { Parts: done },
				}),
			);
			return {
				key,
				size,
				...(result.ETag ? { etag: result.ETag } : {}),
				lastModified: new Date(),
				sha256,
				...(contentType ? { contentType } : {}),
			};
		} catch (error) {
			(stream as Readable).destroy?.();
			await this.client
				.send(
					new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
				)
				.catch(() => undefined);
			throw error;
		}
	}

	private async readWhole(key: string, stream: NodeJS.ReadableStream): Promise<Uint8Array> {
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of stream as AsyncIterable<unknown>) {
			const bytes =
				typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
			size += bytes.length;
			if (size > this.maxBufferedPutBytes) {
				(stream as Readable).destroy?.();
				throw new ObjectTooLargeError(
					`object "${key}" is larger than ${this.maxBufferedPutBytes} bytes`,
				);
			}
			chunks.push(bytes);
		}
		return Buffer.concat(chunks, size);
	}

	async get(key: string): Promise<Uint8Array | null> {
		const stream = await this.getBody(key);
		return stream ? await stream.transformToByteArray() : null;
	}

	async getStream(key: string): Promise<NodeJS.ReadableStream | null> {
		const stream = await this.getBody(key);
		// In Node the SDK's body is an http.IncomingMessage with helper methods mixed in.
		return stream ? (stream as unknown as NodeJS.ReadableStream) : null;
	}

	private async getBody(key: string) {
		assertValidObjectKey(key);
		try {
			const result = await this.client.send(
				new GetObjectCommand({ Bucket: this.bucket, Key: key }),
			);
			if (!result.Body) throw new Error(`GetObject "${key}" returned no body`);
			return result.Body;
		} catch (error) {
			if (isNotFound(error)) return null;
			throw error;
		}
	}

	async head(key: string): Promise<ObjectInfo | null> {
		assertValidObjectKey(key);
		try {
			const result = await this.client.send(
				new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
			);
			const sha256 = result.Metadata?.sha256;
			return {
				key,
				size: result.ContentLength ?? 0,
				lastModified: result.LastModified ?? new Date(0),
				...(result.ETag ? { etag: result.ETag } : {}),
				...(sha256 ? { sha256 } : {}),
				...(result.ContentType ? { contentType: result.ContentType } : {}),
			};
		} catch (error) {
			if (isNotFound(error)) return null;
			throw error;
		}
	}

	async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
		assertValidListPrefix(prefix);
		assertValidDelimiter(opts.delimiter);
		const maxResults = resolveMaxResults(opts.maxResults);
		let result: ListObjectsV2CommandOutput;
		try {
			result = await this.client.send(
				new ListObjectsV2Command({
					Bucket: this.bucket,
					MaxKeys: maxResults,
					...(prefix ? { Prefix: prefix } : {}),
					...(opts.delimiter ? { Delimiter: opts.delimiter } : {}),
					...(opts.pageToken ? { ContinuationToken: opts.pageToken } : {}),
				}),
			);
		} catch (error) {
			if (
				opts.pageToken &&
				error instanceof S3ServiceException &&
				error.name === "InvalidArgument"
			) {
				throw new InvalidListOptionsError("invalid pageToken");
			}
			throw error;
		}
		const listed: ListResult = {
			objects: (result.Contents ?? []).map((o) => ({
				key: o.Key!,
				size: o.Size ?? 0,
				lastModified: o.LastModified ?? new Date(0),
				...(o.ETag ? { etag: o.ETag } : {}),
			})),
			prefixes: (result.CommonPrefixes ?? []).map((p) => p.Prefix!),
		};
		if (result.IsTruncated && result.NextContinuationToken) {
			listed.nextPageToken = result.NextContinuationToken;
		}
		return listed;
	}

	async delete(key: string): Promise<void> {
		assertValidObjectKey(key);
		await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
	}

	/** Releases the client's sockets. */
	destroy(): void {
		this.client.destroy();
	}
}

function isNotFound(error: unknown): boolean {
	// NoSuchBucket is a 404 too, and must not pass for an absent object.
	return (
		error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound")
	);
}
