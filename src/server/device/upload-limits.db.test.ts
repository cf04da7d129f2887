import { readdir, stat } from "node:fs/promises";
import { type ClientRequest, request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	createTestLogger,
	lapFile,
	putSessionFile,
	storedKeys,
	type TestLogger,
} from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { contentDigestHeader } from "./content-digest";

let ctx: TestContext;
let port: number;

beforeAll(async () => {
	ctx = await createTestContext({
		env: {
			UPLOAD_CONCURRENCY_PER_LOGGER: "1",
			UPLOAD_CONCURRENCY_TOTAL: "2",
			UPLOAD_RATE_PER_MINUTE: "4",
			HEARTBEAT_RATE_PER_MINUTE: "2",
			TUS_CREATE_RATE_PER_MINUTE: "2",
			UPLOAD_DAILY_QUOTA_BYTES: "100000",
		},
	});
	await ctx.app.listen({ port: 0, host: "127.0.0.1" });
	const address = ctx.app.server.address();
	if (address === null || typeof address === "string") throw new Error("not listening");
	port = address.port;
});
afterAll(async () => {
	await ctx?.close();
});

interface SlowPut {
	req: ClientRequest;
	/** Sends the rest of the body and resolves with the answer. */
	finish(): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** A PUT over a real socket that sends its first bytes and waits, as a slow logger does. */
async function startSlowPut(logger: TestLogger, path: string, body: Buffer): Promise<SlowPut> {
	let answer!: Promise<{ status: number; body: Record<string, unknown> }>;
	const before = (await stagedFiles()).length;
	const req = request({
		host: "127.0.0.1",
		port,
		method: "PUT",
		path: `/api/device/v1/sessions/${path}`,
		headers: {
			...logger.auth,
			"content-type": "application/octet-stream",
			"content-length": String(body.length),
			"content-digest": contentDigestHeader(body),
		},
	});
	answer = new Promise((resolve, reject) => {
		req.on("response", (res) => {
			const chunks: Buffer[] = [];
			res.on("data", (chunk: Buffer) => chunks.push(chunk));
			res.on("end", () =>
				resolve({
					status: res.statusCode ?? 0,
					body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
				}),
			);
		});
		req.on("error", reject);
	});
	// A test that cuts the connection never reads the answer.
	answer.catch(() => {});
	req.write(body.subarray(0, 10));
	// The server has admitted it once its temp file exists.
	await waitFor(async () => (await stagedFiles()).length > before);
	return {
		req,
		finish() {
			req.end(body.subarray(10));
			return answer;
		},
	};
}

async function stagedFiles(): Promise<string[]> {
	return readdir(join(ctx.dataDir, "upload-staging")).catch(() => []);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
	const until = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > until) throw new Error("timed out waiting");
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

describe("device upload limits", () => {
	it("streams the body into a temp file while it arrives and leaves nothing behind", async () => {
		const logger = await createTestLogger(ctx);
		const body = lapFile(40);
		const slow = await startSlowPut(logger, "Streamed/01022024/lap.six", body);
		// Before the body is complete its first bytes are already on disk, not in memory.
		const [partial] = await stagedFiles();
		await waitFor(async () => (await stat(join(ctx.dataDir, "upload-staging", partial!))).size > 0);
		expect((await stat(join(ctx.dataDir, "upload-staging", partial!))).size).toBe(10);
		const done = await slow.finish();
		expect(done.status).toBe(200);
		expect(done.body).toMatchObject({ file: { size: body.length, changed: true } });
		expect(await stagedFiles()).toEqual([]);
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([
			`${logger.hardwareId}/Streamed/01022024/lap.six`,
		]);
	});

	it("caps uploads in progress per logger (429) and in total (503), with Retry-After", async () => {
		const a = await createTestLogger(ctx);
		const b = await createTestLogger(ctx);
		const c = await createTestLogger(ctx);
		const slowA = await startSlowPut(a, "Cap/01022024/lap.six", lapFile(5));
		const second = await putSessionFile(ctx, a, "Cap/02022024/lap.six", lapFile(3));
		expect(second.statusCode).toBe(429);
		expect(second.json()).toMatchObject({ error: "too_many_uploads" });
		expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);

		const slowB = await startSlowPut(b, "Cap/01022024/lap.six", lapFile(5));
		const third = await putSessionFile(ctx, c, "Cap/01022024/lap.six", lapFile(3));
		expect(third.statusCode).toBe(503);
		expect(third.json()).toMatchObject({ error: "server_busy" });
		expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
		expect(await storedKeys(ctx, c.hardwareId)).toEqual([]);

		expect((await slowA.finish()).status).toBe(200);
		expect((await slowB.finish()).status).toBe(200);
		// The slots are free again once the answers are sent.
		expect((await putSessionFile(ctx, c, "Cap/01022024/lap.six", lapFile(3))).statusCode).toBe(200);
		expect((await putSessionFile(ctx, a, "Cap/02022024/lap.six", lapFile(3))).statusCode).toBe(200);
	});

	it("frees the slot of an upload whose connection was cut", async () => {
		const logger = await createTestLogger(ctx);
		const slow = await startSlowPut(logger, "Cut/01022024/lap.six", lapFile(5));
		slow.req.on("error", () => {});
		slow.req.destroy();
		await waitFor(async () => (await stagedFiles()).length === 0);
		await waitFor(
			async () =>
				(await putSessionFile(ctx, logger, "Cut/01022024/lap.six", lapFile(5))).statusCode === 200,
		);
	});

	it("rate-limits uploads, heartbeats and tus creations per logger, with Retry-After", async () => {
		const logger = await createTestLogger(ctx);
		for (let day = 1; day <= 4; day++) {
			const path = `Rate/0${day}022024/lap.six`;
			expect((await putSessionFile(ctx, logger, path, lapFile(2))).statusCode).toBe(200);
		}
		const over = await putSessionFile(ctx, logger, "Rate/05022024/lap.six", lapFile(2));
		expect(over.statusCode).toBe(429);
		expect(over.json()).toMatchObject({ error: "rate_limited" });
		expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
		// Another logger is not affected.
		const other = await createTestLogger(ctx);
		expect((await putSessionFile(ctx, other, "Rate/05022024/lap.six", lapFile(2))).statusCode).toBe(
			200,
		);

		const heartbeat = () =>
			ctx.app.inject({
				method: "POST",
				url: "/api/device/v1/heartbeat",
				headers: logger.auth,
				payload: { version: "1.0" },
			});
		expect((await heartbeat()).statusCode).toBe(200);
		expect((await heartbeat()).statusCode).toBe(200);
		const tooMany = await heartbeat();
		expect(tooMany.statusCode).toBe(429);
		expect(tooMany.headers["retry-after"]).toBeDefined();

		const create = () =>
			ctx.app.inject({
				method: "POST",
				url: "/api/device/v1/uploads/",
				headers: {
					...logger.auth,
					"tus-resumable": "1.0.0",
					"upload-length": "100",
					"upload-metadata": tusMetadata({
						track: "Rate",
						date: "01032024",
						filename: "lap.six",
						sha256: "a".repeat(64),
					}),
				},
			});
		expect((await create()).statusCode).toBe(201);
		expect((await create()).statusCode).toBe(201);
		const refused = await create();
		expect(refused.statusCode).toBe(429);
		expect(refused.json()).toMatchObject({ error: "rate_limited" });
	});

	it("keeps a daily byte quota per logger; unfinished tus uploads count against it", async () => {
		const logger = await createTestLogger(ctx);
		const big = Buffer.alloc(60_000, "x");
		expect((await putSessionFile(ctx, logger, "Quota/01022024/gps.six", big)).statusCode).toBe(200);
		// 60,000 used: an unfinished tus upload of 30,000 takes the total to 90,000.
		const created = await ctx.app.inject({
			method: "POST",
			url: "/api/device/v1/uploads/",
			headers: {
				...logger.auth,
				"tus-resumable": "1.0.0",
				"upload-length": "30000",
				"upload-metadata": tusMetadata({
					track: "Quota",
					date: "02022024",
					filename: "gps.six",
					sha256: "b".repeat(64),
				}),
			},
		});
		expect(created.statusCode).toBe(201);
		const refused = await putSessionFile(
			ctx,
			logger,
			"Quota/03022024/gps.six",
			Buffer.alloc(20_000, "y"),
		);
		expect(refused.statusCode).toBe(429);
		expect(refused.json()).toMatchObject({ error: "daily_quota_exceeded" });
		expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([
			`${logger.hardwareId}/Quota/01022024/gps.six`,
		]);
		// What is left still fits.
		expect(
			(await putSessionFile(ctx, logger, "Quota/03022024/gps.six", Buffer.alloc(9_000, "z")))
				.statusCode,
		).toBe(200);
		const usage = await ctx.db
			.selectFrom("device_upload_usage")
			.select("bytes")
			.where("hardware_id", "=", logger.hardwareId)
			.executeTakeFirstOrThrow();
		expect(Number(usage.bytes)).toBe(99_000);
	});
});

function tusMetadata(fields: Record<string, string>): string {
	return Object.entries(fields)
		.map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
		.join(",");
}
