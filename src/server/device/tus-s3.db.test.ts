import { randomBytes } from "node:crypto";
import { type HttpResponse, Upload, type UploadOptions } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Storage } from "../storage/s3-storage";
import { createTestLogger, lapFile, type TestLogger } from "../test/device-test-support";
import type { TestContext } from "../test/harness";
import { startTwoInstancesOnS3, type TwoInstancesOnS3, uploadHalf } from "../test/two-instances-s3";
import { sha256Hex } from "./content-digest";
import { TUS_PATH } from "./tus-uploads";

/**
 * Resumable uploads staged in S3 (the S3 test server): an upload started on one instance is
 * resumed and finished on another, which verifies the SHA-256 of the whole file.
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

type Outcome = { ok: true; last: HttpResponse } | { ok: false; error: Error };

function upload(bytes: Buffer, logger: TestLogger, options: UploadOptions): Promise<Outcome> {
	return new Promise((resolve) => {
		new Upload(bytes, {
			headers: logger.auth,
			retryDelays: null,
			chunkSize: 256 * 1024,
			...options,
			onSuccess: ({ lastResponse }) => resolve({ ok: true, last: lastResponse }),
			onError: (error) => resolve({ ok: false, error }),
		}).start();
	});
}

async function offsetAt(origin: string, path: string, logger: TestLogger): Promise<number> {
	const res = await fetch(`${origin}${path}`, {
		method: "HEAD",
		headers: { ...logger.auth, "Tus-Resumable": "1.0.0" },
	});
	expect(res.status).toBe(200);
	return Number(res.headers.get("upload-offset"));
}

const stagedKeys = () => two.stagedKeys();

/** The staged keys once they are gone, or as they are after 5 s. */
async function stagedKeysOnceSettled(): Promise<string[]> {
	const deadline = Date.now() + 5000;
	for (;;) {
		const keys = await stagedKeys();
		if (keys.length === 0 || Date.now() > deadline) return keys;
		await new Promise((r) => setTimeout(r, 100));
	}
}

function metadataFor(bytes: Buffer, filename: string, date: string, sha256 = sha256Hex(bytes)) {
	return { track: "Interlagos", date, filename, sha256 };
}

describe("tus uploads staged in S3, across two instances", () => {
	it("finishes on instance B an upload started on instance A", async () => {
		expect(ctx.storage).toBeInstanceOf(S3Storage);
		const logger = await createTestLogger(ctx);
		const bytes = lapFile(2500, 3);
		const path = await uploadHalf(
			`${originA}${TUS_PATH}/`,
			bytes,
			logger.auth,
			metadataFor(bytes, "lap.six", "05052025"),
		);
		const offset = await offsetAt(originB, path, logger);
		expect(offset).toBeGreaterThan(0);
		expect(offset).toBeLessThan(bytes.length);
		expect(await stagedKeys()).not.toEqual([]);

		const done = await upload(bytes, logger, { uploadUrl: `${originB}${path}`, endpoint: null });
		if (!done.ok) throw done.error;
		expect(done.last.getStatus()).toBe(200);
		const result = JSON.parse(done.last.getBody());
		expect(result).toMatchObject({
			session: { status: "processed", version: 1 },
			file: { name: "lap.six", size: bytes.length, sha256: sha256Hex(bytes), changed: true },
		});
		const stored = await ctx.storage.get(`${logger.hardwareId}/Interlagos/05052025/lap.six`);
		expect(stored && sha256Hex(Buffer.from(stored))).toBe(sha256Hex(bytes));
		// Finished: nothing of the upload is left staged (removed just after the answer).
		expect(await stagedKeysOnceSettled()).toEqual([]);
	});

	it("assembles a file of several S3 parts, and refuses it on B when its digest is wrong", async () => {
		const logger = await createTestLogger(ctx);
		const bytes = randomBytes(9 * 1024 * 1024);
		const wrong = sha256Hex(Buffer.from("other bytes"));
		const path = await uploadHalf(
			`${originA}${TUS_PATH}/`,
			bytes,
			logger.auth,
			metadataFor(bytes, "gps.six", "06052025", wrong),
		);
		const done = await upload(bytes, logger, {
			uploadUrl: `${originB}${path}`,
			endpoint: null,
			chunkSize: 1024 * 1024,
		});
		expect(done.ok).toBe(false);
		const error = done.ok ? null : (done.error as Error & { originalResponse?: HttpResponse });
		expect(error?.originalResponse?.getStatus()).toBe(400);
		expect(JSON.parse(error?.originalResponse?.getBody() ?? "{}")).toMatchObject({
			error: "digest_mismatch",
		});
		expect(await ctx.storage.head(`${logger.hardwareId}/Interlagos/06052025/gps.six`)).toBeNull();
		expect(await stagedKeysOnceSettled()).toEqual([]);

		// The same bytes with their true digest, again started on A and finished on B.
		const again = await uploadHalf(
			`${originA}${TUS_PATH}/`,
			bytes,
			logger.auth,
			metadataFor(bytes, "gps.six", "06052025"),
		);
		const finished = await upload(bytes, logger, {
			uploadUrl: `${originB}${again}`,
			endpoint: null,
			chunkSize: 1024 * 1024,
		});
		if (!finished.ok) throw finished.error;
		expect(JSON.parse(finished.last.getBody()).file).toMatchObject({
			size: bytes.length,
			sha256: sha256Hex(bytes),
		});
		const stored = await ctx.storage.get(`${logger.hardwareId}/Interlagos/06052025/gps.six`);
		expect(stored && sha256Hex(Buffer.from(stored))).toBe(sha256Hex(bytes));
	});
});
