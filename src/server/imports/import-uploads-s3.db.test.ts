import { createHash } from "node:crypto";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { type HttpResponse, Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_UPLOADS_PATH, importSession } from "../../shared/api/imports";
import { S3Storage } from "../storage/s3-storage";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { startS3Buckets } from "../test/ingest-test-support";
import { startSecondInstance } from "../test/second-instance";

/**
 * Resumable imports staged in S3 (the S3 test server): an import cut off on one instance is
 * resumed and finished on another, as behind a load balancer.
 */

let s3: Awaited<ReturnType<typeof startS3Buckets>>;
let ctx: TestContext;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
let originA: string;
let originB: string;

beforeAll(async () => {
	s3 = await startS3Buckets();
	ctx = await createTestContext({ storage: () => s3.create() });
	second = await startSecondInstance(ctx);
	originA = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
	originB = await second.app.listen({ port: 0, host: "127.0.0.1" });
}, 120_000);
afterAll(async () => {
	await second?.close();
	await ctx?.close();
	await s3?.stop();
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A GPX of `points` fixes a second apart on a straight road. */
function gpxFile(points: number): Buffer {
	const t0 = Date.parse("2025-06-01T15:00:00Z");
	const rows = Array.from(
		{ length: points },
		(_, i) =>
			`<trkpt lat="${(-23.7 + i * 1e-5).toFixed(7)}" lon="-46.7"><time>${new Date(t0 + i * 1000).toISOString()}</time></trkpt>`,
	);
	return Buffer.from(
		`<?xml version="1.0"?><gpx version="1.1" creator="teste" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Duas instâncias</name><trkseg>${rows.join("")}</trkseg></trk></gpx>`,
	);
}

/** Sends about half of the file to `origin`, then stops; gives the upload's path. */
function uploadHalf(origin: string, bytes: Buffer, as: SignedIn) {
	return new Promise<string>((resolve, reject) => {
		let cut = false;
		const started: Upload = new Upload(bytes, {
			endpoint: `${origin}${IMPORT_UPLOADS_PATH}`,
			headers: as.headers,
			retryDelays: null,
			chunkSize: Math.ceil(bytes.length / 8),
			metadata: { name: "duas.gpx", sha256: sha256(bytes) },
			onProgress(sent, total) {
				if (cut || sent < total / 2) return;
				cut = true;
				started.abort().then(() => {
					if (!started.url) return reject(new Error("no upload URL"));
					resolve(new URL(started.url, origin).pathname);
				}, reject);
			},
			onSuccess: () => reject(new Error("finished before the cut")),
			onError: reject,
		});
		started.start();
	});
}

/** Keys at the bucket's root: what resumable uploads stage (imports live under `imports/`). */
async function stagedKeys(): Promise<string[]> {
	const storage = ctx.storage as S3Storage;
	const { connection } = storage;
	const client = new S3Client({
		region: connection.region,
		forcePathStyle: true,
		...(connection.endpoint ? { endpoint: connection.endpoint } : {}),
		...(connection.credentials ? { credentials: connection.credentials } : {}),
	});
	const listed = await client.send(
		new ListObjectsV2Command({ Bucket: storage.bucket, Delimiter: "/" }),
	);
	client.destroy();
	return (listed.Contents ?? []).map((o) => o.Key ?? "");
}

describe("resumable imports staged in S3, across two instances", () => {
	it("finishes on instance B an import cut off on instance A", async () => {
		expect(ctx.storage).toBeInstanceOf(S3Storage);
		const rider = await ctx.signIn((await ctx.createUser({ wifi_ssid: "box" })).id);
		const bytes = gpxFile(4000);
		const path = await uploadHalf(originA, bytes, rider);
		const head = await fetch(`${originB}${path}`, {
			method: "HEAD",
			headers: { ...rider.headers, "tus-resumable": "1.0.0" },
		});
		expect(head.status).toBe(200);
		const offset = Number(head.headers.get("upload-offset"));
		expect(offset).toBeGreaterThan(0);
		expect(offset).toBeLessThan(bytes.length);
		expect(await stagedKeys()).not.toEqual([]);

		const last = await new Promise<HttpResponse>((resolve, reject) => {
			new Upload(bytes, {
				uploadUrl: `${originB}${path}`,
				headers: rider.headers,
				retryDelays: null,
				chunkSize: 256 * 1024,
				onSuccess: ({ lastResponse }) => resolve(lastResponse),
				onError: reject,
			}).start();
		});
		const answer = importSession.response.parse(JSON.parse(last.getBody()));
		expect(answer).toMatchObject({ created: true, source: { format: "gpx" } });
		const stored = await ctx.storage.list(`imports/${rider.userId}/${answer.session.id}/`);
		const kept = await ctx.storage.get(stored.objects[0]?.key ?? "");
		expect(kept && sha256(Buffer.from(kept))).toBe(sha256(bytes));
		// Finished: nothing of the upload is left staged (removed just after the answer).
		await expect.poll(stagedKeys, { timeout: 5000 }).toEqual([]);
	});
});
