import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "tus-js-client";
import { S3Storage } from "../storage/s3-storage";
import { createTestContext, type TestContext } from "./harness";
import { startS3Buckets } from "./ingest-test-support";
import { startSecondInstance } from "./second-instance";

export interface TwoInstancesOnS3 {
	ctx: TestContext;
	/** The test context's app, listening. */
	originA: string;
	/** Another instance on the same database and bucket. */
	originB: string;
	/** Keys at the bucket's root: what resumable uploads stage (stored files live in folders). */
	stagedKeys(): Promise<string[]>;
	close(): Promise<void>;
}

/** Two app instances on one database and one S3 bucket of the S3 test server, as behind a load balancer. */
export async function startTwoInstancesOnS3(): Promise<TwoInstancesOnS3> {
	const s3 = await startS3Buckets();
	const ctx = await createTestContext({ storage: () => s3.create() });
	const second = await startSecondInstance(ctx);
	const originA = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
	const originB = await second.app.listen({ port: 0, host: "127.0.0.1" });
	const storage = ctx.storage;
	if (!(storage instanceof S3Storage)) throw new Error("the test context is not on S3");
	return {
		ctx,
		originA,
		originB,
		async stagedKeys() {
			const { connection } = storage;
			const client = new S3Client({
				region: connection.region,
				forcePathStyle: true,
				...(connection.endpoint ? { endpoint: connection.endpoint } : {}),
				...(connection.credentials ? { credentials: connection.credentials } : {}),
			});
			try {
				const listed = await client.send(
					new ListObjectsV2Command({ Bucket: storage.bucket, Delimiter: "/" }),
				);
				return (listed.Contents ?? []).map((o) => o.Key ?? "");
			} finally {
				client.destroy();
			}
		},
		async close() {
			await second.close();
			await ctx.close();
			await s3.stop();
		},
	};
}

/** Sends about half of the file to `endpoint` with tus, then stops; gives the upload's path. */
export function uploadHalf(
	endpoint: string,
	bytes: Buffer,
	headers: Record<string, string>,
	metadata: Record<string, string>,
): Promise<string> {
	return new Promise<string>((resolve, reject) => {
		let cut = false;
		const started: Upload = new Upload(bytes, {
			endpoint,
			headers,
			retryDelays: null,
			chunkSize: Math.ceil(bytes.length / 8),
			metadata,
			onProgress(sent, total) {
				if (cut || sent < total / 2) return;
				cut = true;
				started.abort().then(() => {
					if (!started.url) return reject(new Error("no upload URL"));
					resolve(new URL(started.url, endpoint).pathname);
				}, reject);
			},
			onSuccess: () => reject(new Error("finished before the cut")),
			onError: reject,
		});
		started.start();
	});
}
