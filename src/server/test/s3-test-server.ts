import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A local S3 server for tests: s3rver on 127.0.0.1, a random free port, data in a temp dir.
 *
 * s3rver 3.7's ListObjectsV2 does not match S3 in ways the storage contract depends on, so
 * that one operation is served here instead (everything else is s3rver's):
 * - keys come in directory-read order, not UTF-8 order, so pages skip and repeat keys;
 * - its continuation token is DES-encrypted, which OpenSSL 3 (Node >= 17) refuses, so any
 *   truncated listing fails with a 500;
 * - MaxKeys counts only objects, where S3 counts objects and common prefixes together.
 * Written apart from the storage code on purpose, so the contract checks one against the other.
 *
 * s3rver 3.7 stores multipart uploads but cannot list their parts, list the uploads or abort
 * one; resumable uploads on S3 (@tus/s3-store) need all three, so they are served here too,
 * from the files s3rver keeps for each upload (`<bucket>/._S3rver_uploads/<uploadId>/<part>`).
 */

const require = createRequire(import.meta.url);

interface StoredObject {
	key: string;
	size: number;
	lastModifiedDate: Date;
	metadata: Record<string, string>;
}

interface S3rverInstance {
	store: {
		getResourcePath(bucket: string, key: string | undefined, resource: string): string;
		getBucket(name: string): Promise<unknown>;
		listObjects(bucket: string, options: { prefix?: string }): Promise<{ objects: StoredObject[] }>;
	};
	middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
	run(): Promise<AddressInfo>;
	close(): Promise<void>;
}

interface KoaContext {
	method: string;
	path: string;
	query: Record<string, string | undefined>;
	body: unknown;
}

type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, string>) => Error;

export interface S3TestServer {
	endpoint: string;
	accessKeyId: string;
	secretAccessKey: string;
	stop(): Promise<void>;
}

export async function startS3TestServer(): Promise<S3TestServer> {
	const S3rver = require("s3rver") as S3rverClass;
	const directory = await mkdtemp(join(tmpdir(), "lapsix-s3rver-"));
	const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
	// Just before s3rver's router, after its XML encoder and host handling.
	server.middleware.splice(server.middleware.length - 1, 0, (ctx, next) =>
		listObjectsV2(server, ctx, () => multipartExtras(server, ctx, next)),
	);
	const address = await server.run();
	return {
		endpoint: `http://127.0.0.1:${address.port}`,
		// s3rver's built-in account.
		accessKeyId: "S3RVER",
		secretAccessKey: "S3RVER",
		async stop() {
			await server.close();
			await rm(directory, { recursive: true, force: true });
		},
	};
}

const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

async function listObjectsV2(server: S3rverInstance, ctx: KoaContext, next: () => Promise<void>) {
	const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
	if (ctx.method !== "GET" || ctx.query["list-type"] !== "2" || !bucket) return next();
	if (!(await server.store.getBucket(bucket))) return next();

	const S3Error = require("s3rver/lib/models/error") as S3ErrorClass;
	const prefix = ctx.query.prefix ?? "";
	const delimiter = ctx.query.delimiter || undefined;
	const maxKeys = Math.min(1000, Number(ctx.query["max-keys"] ?? 1000));
	const token = ctx.query["continuation-token"];
	let after = ctx.query["start-after"] ?? "";
	if (token !== undefined) {
		after = Buffer.from(token, "base64").toString("utf8");
		if (!after.startsWith("t:")) {
			throw new S3Error("InvalidArgument", "The continuation token provided is incorrect");
		}
		after = after.slice(2);
	}

	const { objects } = await server.store.listObjects(bucket, { prefix });
	objects.sort((a, b) => byUtf8(a.key, b.key));
	const contents: StoredObject[] = [];
	const commonPrefixes: string[] = [];
	let last = "";
	let truncated = false;
	for (const object of objects) {
		const cut = delimiter ? object.key.indexOf(delimiter, prefix.length) : -1;
		const name = cut === -1 ? object.key : object.key.slice(0, cut + delimiter!.length);
		if (byUtf8(name, after) <= 0 || name === last) continue;
		if (contents.length + commonPrefixes.length === maxKeys) {
			truncated = true;
			break;
		}
		if (cut === -1) contents.push(object);
		else commonPrefixes.push(name);
		last = name;
	}

	ctx.body = {
		ListBucketResult: {
			"@": { xmlns: "http://doc.s3.amazonaws.com/2006-03-01/" },
			Name: bucket,
			Prefix: prefix,
			...(token ? { ContinuationToken: token } : {}),
			...(truncated ? { NextContinuationToken: Buffer.from(`t:${last}`).toString("base64") } : {}),
			KeyCount: contents.length + commonPrefixes.length,
			MaxKeys: maxKeys,
			...(delimiter ? { Delimiter: delimiter } : {}),
			IsTruncated: truncated,
			Contents: contents.map((o) => ({
				Key: o.key,
				LastModified: o.lastModifiedDate.toISOString(),
				ETag: o.metadata.etag,
				Size: o.size,
				StorageClass: "STANDARD",
			})),
			CommonPrefixes: commonPrefixes.map((p) => ({ Prefix: p })),
		},
	};
}

/** ListParts, AbortMultipartUpload and ListMultipartUploads over s3rver's upload files. */
async function multipartExtras(server: S3rverInstance, ctx: KoaContext, next: () => Promise<void>) {
	const match = /^\/([^/]+)\/?(.*)$/.exec(ctx.path);
	const bucket = match?.[1];
	if (!bucket || !(await server.store.getBucket(bucket))) return next();
	const key = decodeURIComponent(match?.[2] ?? "");
	const uploadsDir = server.store.getResourcePath(bucket, undefined, "uploads");
	const S3Error = require("s3rver/lib/models/error") as S3ErrorClass;
	const uploadId = ctx.query.uploadId;

	if (key === "" && ctx.method === "GET" && "uploads" in ctx.query) {
		const ids = await readdir(uploadsDir).catch(() => [] as string[]);
		const uploads = [];
		for (const id of ids) {
			const uploadKey = await readFile(join(uploadsDir, id, "key"), "utf8").catch(() => null);
			if (uploadKey === null) continue;
			const info = await stat(join(uploadsDir, id));
			uploads.push({ Key: uploadKey, UploadId: id, Initiated: info.mtime.toISOString() });
		}
		ctx.body = {
			ListMultipartUploadsResult: {
				"@": { xmlns: "http://s3.amazonaws.com/doc/2006-03-01/" },
				Bucket: bucket,
				IsTruncated: false,
				Upload: uploads,
			},
		};
		return;
	}
	if (key === "" || uploadId === undefined || !/^[0-9a-f]+$/.test(uploadId)) return next();
	const dir = join(uploadsDir, uploadId);
	const storedKey = await readFile(join(dir, "key"), "utf8").catch(() => null);
	if (ctx.method === "GET" || ctx.method === "DELETE") {
		if (storedKey !== key) {
			throw new S3Error("NoSuchUpload", "The specified upload does not exist.", {
				UploadId: uploadId,
			});
		}
	}
	if (ctx.method === "DELETE") {
		await rm(dir, { recursive: true, force: true });
		(ctx as KoaContext & { status: number }).status = 204;
		ctx.body = "";
		return;
	}
	if (ctx.method !== "GET") return next();
	const names = (await readdir(dir)).filter((name) => /^\d+$/.test(name));
	const parts = [];
	for (const name of names.map(Number).sort((a, b) => a - b)) {
		const info = await stat(join(dir, String(name)));
		const md5 = await readFile(join(dir, `${name}.md5`), "utf8").catch(() => "");
		parts.push({
			PartNumber: name,
			LastModified: info.mtime.toISOString(),
			ETag: JSON.stringify(md5),
			Size: info.size,
		});
	}
	ctx.body = {
		ListPartsResult: {
			"@": { xmlns: "http://s3.amazonaws.com/doc/2006-03-01/" },
			Bucket: bucket,
			Key: key,
			UploadId: uploadId,
			IsTruncated: false,
			Part: parts,
		},
	};
}
