import { createHash } from "node:crypto";
import { type HttpResponse, Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_UPLOADS_PATH, importSession } from "../../shared/api/imports";
import { S3Storage } from "../storage/s3-storage";
import type { TestContext } from "../test/harness";
import { startTwoInstancesOnS3, type TwoInstancesOnS3, uploadHalf } from "../test/two-instances-s3";

/**
 * Resumable imports staged in S3 (the S3 test server): an import cut off on one instance is
 * resumed and finished on another, as behind a load balancer.
 */

let two: TwoInstancesOnS3;
let ctx: TestContext;
let originA: string;
let originB: string;

beforeAll(async () => {
	two = await startTwoInstancesOnS3();
	({ ctx, originA, originB } = two);
}, 120_000);
afterAll(async () => {
	await two?.close();
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

const stagedKeys = () => two.stagedKeys();

describe("resumable imports staged in S3, across two instances", () => {
	it("finishes on instance B an import cut off on instance A", async () => {
		expect(ctx.storage).toBeInstanceOf(S3Storage);
		const rider = await ctx.signIn((await ctx.createUser({ wifi_ssid: "box" })).id);
		const bytes = gpxFile(4000);
		const path = await uploadHalf(`${originA}${IMPORT_UPLOADS_PATH}`, bytes, rider.headers, {
			name: "duas.gpx",
			sha256: sha256(bytes),
		});
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
