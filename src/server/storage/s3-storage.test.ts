import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3TestServer } from "../test/s3-test-server";
import { describeStorageContract } from "../test/storage-contract";
import { ObjectChecksumMismatchError, ObjectTooLargeError } from "./object-storage";
import { MULTIPART_PART_BYTES, S3Storage, type S3StorageOptions } from "./s3-storage";

let server: S3TestServer;

beforeAll(async () => {
	server = await startS3TestServer();
});
afterAll(async () => {
	await server?.stop();
});

function options(bucket: string): S3StorageOptions {
	return {
		bucket,
		endpoint: server.endpoint,
		region: "us-east-1",
		forcePathStyle: true,
		credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
	};
}

/** A fresh bucket per test, created through the SDK like an operator would. */
async function createBucketStorage(extra: Partial<S3StorageOptions> = {}): Promise<S3Storage> {
	const bucket = `lapsix-${randomBytes(6).toString("hex")}`;
	const admin = new S3Client({
		region: "us-east-1",
		endpoint: server.endpoint,
		forcePathStyle: true,
		credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
	});
	await admin.send(new CreateBucketCommand({ Bucket: bucket }));
	admin.destroy();
	return new S3Storage({ ...options(bucket), ...extra });
}

describeStorageContract("S3Storage (s3rver)", {
	create: () => createBucketStorage(),
	dispose: async (storage) => (storage as S3Storage).destroy(),
});

describe("S3Storage", () => {
	it("fails the readiness probe when the bucket does not exist", async () => {
		const storage = new S3Storage(options("lapsix-no-such-bucket"));
		await expect(storage.check()).rejects.toThrow();
		storage.destroy();
	});

	it("does not take a missing bucket for a missing object", async () => {
		const storage = new S3Storage(options("lapsix-no-such-bucket"));
		await expect(storage.get("a/b")).rejects.toThrow();
		storage.destroy();
	});

	it("refuses a stream larger than the buffer limit and stores nothing", async () => {
		const storage = await createBucketStorage({ maxBufferedPutBytes: 1000 });
		const body = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
		await expect(storage.put("big", body)).rejects.toThrow(ObjectTooLargeError);
		expect(await storage.head("big")).toBeNull();
		await storage.put("small", Readable.from([Buffer.alloc(600)]));
		expect(await storage.head("small")).toMatchObject({ size: 600 });
		storage.destroy();
	});

	it("streams a body with a known SHA-256 in parts, never whole, and aborts (nothing stored) on a mismatch", async () => {
		// Far below the object's size: a body read whole into memory would be refused.
		const storage = await createBucketStorage({ maxBufferedPutBytes: 1024 * 1024 });
		const whole = randomBytes(MULTIPART_PART_BYTES * 2 + 12345);
		const sha256 = createHash("sha256").update(whole).digest("hex");
		const chunks = () => {
			const list: Buffer[] = [];
			for (let at = 0; at < whole.length; at += 256 * 1024)
				list.push(whole.subarray(at, at + 256 * 1024));
			return list;
		};
		const info = await storage.put("multi", Readable.from(chunks()), { sha256 });
		expect(info).toMatchObject({ size: whole.length, sha256 });
		expect(await storage.head("multi")).toMatchObject({ size: whole.length, sha256 });
		expect(Buffer.from((await storage.get("multi"))!).equals(whole)).toBe(true);

		const wrong = "0".repeat(64);
		await expect(
			storage.put("multi-wrong", Readable.from(chunks()), { sha256: wrong }),
		).rejects.toThrow(ObjectChecksumMismatchError);
		expect(await storage.head("multi-wrong")).toBeNull();
		storage.destroy();
	});
});
