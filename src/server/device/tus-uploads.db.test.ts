import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { DetailedError, type HttpResponse, Upload, type UploadOptions } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestLogger, lapFile, type TestLogger } from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { sha256Hex } from "./content-digest";

const LIMIT = 1024 * 1024;
let ctx: TestContext;
let origin: string;
let endpoint: string;

beforeAll(async () => {
	ctx = await createTestContext({ env: { UPLOAD_MAX_BYTES: String(LIMIT) } });
	origin = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
	endpoint = `${origin}/api/device/v1/uploads/`;
});
afterAll(async () => {
	await ctx?.close();
});

function metadataFor(
	bytes: Buffer,
	props: Partial<Record<"track" | "date" | "filename" | "sha256", string>> = {},
) {
	return {
		track: "Interlagos",
		date: "01022024",
		filename: "lap.six",
		sha256: sha256Hex(bytes),
		...props,
	};
}

type Outcome = { ok: true; last: HttpResponse } | { ok: false; error: Error | DetailedError };

/** Runs a tus-js-client upload to its end (success or error). */
function runUpload(
	bytes: Buffer,
	logger: TestLogger,
	options: UploadOptions = {},
): { upload: Upload; done: Promise<Outcome> } {
	let upload!: Upload;
	const done = new Promise<Outcome>((resolve) => {
		upload = new Upload(bytes, {
			endpoint,
			headers: logger.auth,
			retryDelays: null,
			chunkSize: 32 * 1024,
			metadata: metadataFor(bytes),
			...options,
			onSuccess: ({ lastResponse }) => resolve({ ok: true, last: lastResponse }),
			onError: (error) => resolve({ ok: false, error }),
		});
		upload.start();
	});
	return { upload, done };
}

/** Starts an upload and aborts it once about half of the bytes are sent; gives its URL. */
async function uploadHalf(
	bytes: Buffer,
	logger: TestLogger,
	metadata = metadataFor(bytes),
): Promise<string> {
	return new Promise<string>((resolve, reject) => {
		let aborted = false;
		const upload: Upload = new Upload(bytes, {
			endpoint,
			headers: logger.auth,
			retryDelays: null,
			chunkSize: 16 * 1024,
			metadata,
			onProgress: (sent, total) => {
				if (!aborted && sent >= total / 2) {
					aborted = true;
					upload
						.abort()
						.then(
							() => (upload.url ? resolve(upload.url) : reject(new Error("no upload URL"))),
							reject,
						);
				}
			},
			onSuccess: () => reject(new Error("the upload finished before it could be cut")),
			onError: reject,
		});
		upload.start();
	});
}

async function headOffset(
	url: string,
	logger: TestLogger,
): Promise<{ status: number; offset: number }> {
	const res = await fetch(url, {
		method: "HEAD",
		headers: { ...logger.auth, "Tus-Resumable": "1.0.0" },
	});
	return { status: res.status, offset: Number(res.headers.get("upload-offset") ?? -1) };
}

async function sessionsOf(hardwareId: string) {
	return ctx.db.selectFrom("sessions").selectAll().where("hardware_id", "=", hardwareId).execute();
}

async function stagedUploads(): Promise<string[]> {
	return readdir(join(ctx.config.dataDir, "tus")).catch(() => []);
}

function bigLapFile(): Buffer {
	const bytes = lapFile(2500, 7);
	expect(bytes.length).toBeGreaterThan(200 * 1024);
	return bytes;
}

describe("tus uploads at /api/device/v1/uploads/", () => {
	it("resumes an upload cut off halfway and ingests the session", async () => {
		const logger = await createTestLogger(ctx);
		const bytes = bigLapFile();
		const url = await uploadHalf(bytes, logger);
		const cut = await headOffset(url, logger);
		expect(cut.status).toBe(200);
		expect(cut.offset).toBeGreaterThan(0);
		expect(cut.offset).toBeLessThan(bytes.length);
		expect(await sessionsOf(logger.hardwareId)).toEqual([]);

		// A new client (as after a reboot) continues from the stored URL.
		const { done } = runUpload(bytes, logger, { uploadUrl: url, endpoint: null });
		const outcome = await done;
		if (!outcome.ok) throw outcome.error;
		const result = JSON.parse(outcome.last.getBody());
		expect(result.file).toEqual({
			name: "lap.six",
			size: bytes.length,
			sha256: sha256Hex(bytes),
			changed: true,
		});

		const [session] = await sessionsOf(logger.hardwareId);
		expect(session).toMatchObject({
			id: result.session.id,
			track: "Interlagos",
			lap_sha256: sha256Hex(bytes),
		});
		const stored = await ctx.storage.get(`${logger.hardwareId}/Interlagos/01022024/lap.six`);
		expect(stored && Buffer.from(stored).equals(bytes)).toBe(true);
		// The staged copy is cleaned up once ingested (right after the response is sent).
		const id = url.slice(url.lastIndexOf("/") + 1);
		await expect
			.poll(async () => (await stagedUploads()).filter((name) => name.startsWith(id)), {
				timeout: 2000,
			})
			.toEqual([]);
		expect((await headOffset(url, logger)).status).toBe(404);
	});

	it("refuses a file whose sha256 does not match, ingests nothing and deletes the upload", async () => {
		const logger = await createTestLogger(ctx);
		const bytes = lapFile(40, 1);
		let uploadUrl: string | null = null;
		const { upload, done } = runUpload(bytes, logger, {
			metadata: metadataFor(bytes, { sha256: sha256Hex(lapFile(40, 2)) }),
			onUploadUrlAvailable: () => {
				uploadUrl = upload.url;
			},
		});
		const outcome = await done;
		expect(outcome.ok).toBe(false);
		const error = (outcome as { error: DetailedError }).error;
		expect(error).toBeInstanceOf(DetailedError);
		expect(error.originalResponse?.getStatus()).toBe(400);
		expect(JSON.parse(error.originalResponse?.getBody() ?? "{}")).toMatchObject({
			error: "digest_mismatch",
		});
		expect(await sessionsOf(logger.hardwareId)).toEqual([]);
		expect((await ctx.storage.list(`${logger.hardwareId}/`)).objects).toEqual([]);
		expect(uploadUrl).not.toBeNull();
		expect((await headOffset(uploadUrl ?? "", logger)).status).toBe(404);
	});

	it("accepts sha256 in base64 and answers changed:false for the same bytes again", async () => {
		const logger = await createTestLogger(ctx);
		const bytes = lapFile(30, 4);
		const base64 = Buffer.from(sha256Hex(bytes), "hex").toString("base64");
		const first = await runUpload(bytes, logger, {
			metadata: metadataFor(bytes, { sha256: base64, date: "02022024" }),
		}).done;
		// Sent with the creation request (creation-with-upload): one round trip.
		const second = await runUpload(bytes, logger, {
			metadata: metadataFor(bytes, { date: "02022024" }),
			uploadDataDuringCreation: true,
			chunkSize: Number.POSITIVE_INFINITY,
		}).done;
		if (!first.ok) throw first.error;
		if (!second.ok) throw second.error;
		expect(JSON.parse(first.last.getBody()).file.changed).toBe(true);
		expect(JSON.parse(second.last.getBody())).toMatchObject({
			file: { changed: false },
			session: { version: 1 },
		});
	});

	it("does not let another logger read, continue or delete an upload", async () => {
		const loggerA = await createTestLogger(ctx);
		const loggerB = await createTestLogger(ctx);
		const bytes = bigLapFile();
		const url = await uploadHalf(bytes, loggerA, metadataFor(bytes, { date: "05052024" }));
		const { offset } = await headOffset(url, loggerA);

		const asB = { ...loggerB.auth, "Tus-Resumable": "1.0.0" };
		expect((await fetch(url, { method: "HEAD", headers: asB })).status).toBe(404);
		const patch = await fetch(url, {
			method: "PATCH",
			headers: {
				...asB,
				"Content-Type": "application/offset+octet-stream",
				"Upload-Offset": String(offset),
			},
			body: new Uint8Array(bytes.subarray(offset)),
		});
		expect(patch.status).toBe(404);
		expect((await fetch(url, { method: "DELETE", headers: asB })).status).toBe(404);
		expect(await headOffset(url, loggerA)).toEqual({ status: 200, offset });
		expect(await sessionsOf(loggerB.hardwareId)).toEqual([]);

		const outcome = await runUpload(bytes, loggerA, { uploadUrl: url, endpoint: null }).done;
		if (!outcome.ok) throw outcome.error;
		const [session] = await sessionsOf(loggerA.hardwareId);
		expect(session?.lap_sha256).toBe(sha256Hex(bytes));
	});

	it("validates the metadata and the size at creation, with the reason", async () => {
		const logger = await createTestLogger(ctx);
		const create = (metadata: Record<string, string>, length = 100) =>
			fetch(endpoint, {
				method: "POST",
				headers: {
					...logger.auth,
					"Tus-Resumable": "1.0.0",
					"Upload-Length": String(length),
					"Upload-Metadata": Object.entries(metadata)
						.map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
						.join(","),
				},
			});
		const bytes = lapFile(2);
		const cases: [Record<string, string>, RegExp][] = [
			[metadataFor(bytes, { date: "31022025" }), /Data inválida/],
			[metadataFor(bytes, { track: ".." }), /Nome de pista inválido/],
			[metadataFor(bytes, { filename: "x.six" }), /lap\.six ou gps\.six/],
			[metadataFor(bytes, { sha256: "123" }), /sha256 inválido/],
			[{ track: "Kart", date: "01022024" }, /falta filename, sha256/],
		];
		for (const [metadata, reason] of cases) {
			const res = await create(metadata);
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({
				error: "invalid_upload_metadata",
				message: expect.stringMatching(reason),
			});
		}
		const tooBig = await create(metadataFor(bytes), LIMIT + 1);
		expect(tooBig.status).toBe(413);
		expect(await tooBig.json()).toMatchObject({
			error: "payload_too_large",
			message: expect.stringContaining(String(LIMIT)),
		});
		const fits = await create(metadataFor(bytes), LIMIT);
		expect(fits.status).toBe(201);
		expect(fits.headers.get("location")).toMatch(/^\/api\/device\/v1\/uploads\/[0-9a-f]{32}$/);
	});

	it("needs a device key on every tus method", async () => {
		const logger = await createTestLogger(ctx);
		const url = await uploadHalf(
			bigLapFile(),
			logger,
			metadataFor(bigLapFile(), { date: "06062024" }),
		);
		const anonymous = { "Tus-Resumable": "1.0.0" };
		expect(
			(await fetch(endpoint, { method: "POST", headers: { ...anonymous, "Upload-Length": "10" } }))
				.status,
		).toBe(401);
		expect((await fetch(endpoint, { method: "OPTIONS" })).status).toBe(401);
		for (const method of ["HEAD", "PATCH", "DELETE"]) {
			expect((await fetch(url, { method, headers: anonymous })).status, method).toBe(401);
		}
		const options = await fetch(endpoint, { method: "OPTIONS", headers: logger.auth });
		expect(options.status).toBe(204);
		expect(options.headers.get("tus-max-size")).toBe(String(LIMIT));
	});
});
