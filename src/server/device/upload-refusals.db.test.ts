import { writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilesystemStorage } from "../storage/filesystem-storage";
import type { ObjectInfo, PutOptions } from "../storage/object-storage";
import {
	createTestLogger,
	lapFile,
	putSessionFile,
	storedKeys,
	type TestLogger,
} from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { contentDigestHeader } from "./content-digest";

/**
 * Filesystem storage on a disk that is full: every put writes its bytes to /dev/full, so the
 * error is the kernel's own ENOSPC, as a real full disk gives it.
 */
class FullDiskStorage extends FilesystemStorage {
	override async put(
		_key: string,
		body: Uint8Array | NodeJS.ReadableStream,
		_opts?: PutOptions,
	): Promise<ObjectInfo> {
		const chunks: Buffer[] = [];
		if (body instanceof Uint8Array) chunks.push(Buffer.from(body));
		else for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
		await writeFile("/dev/full", Buffer.concat(chunks));
		throw new Error("unreachable: /dev/full accepted a write");
	}
}

let ctx: TestContext;
let full: TestContext;
let port: number;

beforeAll(async () => {
	ctx = await createTestContext();
	await ctx.app.listen({ port: 0, host: "127.0.0.1" });
	const address = ctx.app.server.address();
	if (address === null || typeof address === "string") throw new Error("not listening");
	port = address.port;
	full = await createTestContext({
		storage: (dataDir) => new FullDiskStorage(join(dataDir, "objects")),
	});
});
afterAll(async () => {
	await ctx?.close();
	await full?.close();
});

/** Sends only the head of a PUT announcing a large body, and reads the answer. */
function putHeadOnly(logger: TestLogger, path: string) {
	return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
		const req = request({
			host: "127.0.0.1",
			port,
			method: "PUT",
			path: `/api/device/v1/sessions/${path}`,
			headers: {
				...logger.auth,
				"content-type": "application/octet-stream",
				"content-length": String(50 * 1024 * 1024),
				"content-digest": contentDigestHeader(Buffer.from("x")),
			},
		});
		req.on("response", (res) => {
			const chunks: Buffer[] = [];
			res.on("data", (chunk: Buffer) => chunks.push(chunk));
			res.on("end", () => {
				resolve({
					status: res.statusCode ?? 0,
					body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
				});
				req.destroy();
			});
		});
		req.on("error", reject);
		req.flushHeaders();
	});
}

describe("clean refusals of device uploads", () => {
	it("refuses a track name too long for a folder or the URL with the reason, before reading the body", async () => {
		const logger = await createTestLogger(ctx);
		// 64 characters (the character limit) but 256 bytes in UTF-8: no filesystem takes it.
		const tooLong = encodeURIComponent("🏁".repeat(64));
		const refused = await putHeadOnly(logger, `${tooLong}/01022024/lap.six`);
		expect(refused.status).toBe(400);
		expect(refused.body).toMatchObject({
			error: "invalid_session_path",
			message: expect.stringContaining("256 bytes"),
		});
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([]);

		// An accented name of 60 characters is 120 bytes and 360 characters in the URL: accepted.
		const accented = "ã".repeat(60);
		const stored = await putSessionFile(
			ctx,
			logger,
			`${encodeURIComponent(accented)}/01022024/lap.six`,
			lapFile(2),
		);
		expect(stored.statusCode).toBe(200);
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([
			`${logger.hardwareId}/${accented}/01022024/lap.six`,
		]);
	});

	it("refuses the same track names at tus creation, with the reason", async () => {
		const logger = await createTestLogger(ctx);
		const metadata = [
			["track", "🏁".repeat(64)],
			["date", "01022024"],
			["filename", "lap.six"],
			["sha256", "a".repeat(64)],
		]
			.map(([key, value]) => `${key} ${Buffer.from(value!).toString("base64")}`)
			.join(",");
		const created = await ctx.app.inject({
			method: "POST",
			url: "/api/device/v1/uploads/",
			headers: {
				...logger.auth,
				"tus-resumable": "1.0.0",
				"upload-length": "100",
				"upload-metadata": metadata,
			},
		});
		expect(created.statusCode).toBe(400);
		expect(created.json()).toMatchObject({
			error: "invalid_upload_metadata",
			message: expect.stringContaining("256 bytes"),
		});
	});

	it("refuses (409) a logger handed to another rider rewriting a session of its previous owner", async () => {
		const admin = await ctx.signIn((await ctx.createUser({ is_admin: true })).id);
		const riderA = await ctx.createUser();
		const riderB = await ctx.createUser();
		const logger = await createTestLogger(ctx);
		const giveTo = (riderId: string) =>
			ctx.request(admin, {
				method: "PUT",
				url: `/api/admin/hardware/${logger.hardwareId}/owner`,
				payload: { riderId },
			});
		expect((await giveTo(riderA.id)).statusCode).toBe(200);
		const path = "Interlagos/05052024/lap.six";
		const original = lapFile(12);
		expect((await putSessionFile(ctx, logger, path, original)).statusCode).toBe(200);
		expect((await giveTo(riderB.id)).statusCode).toBe(200);

		const forged = await putSessionFile(ctx, logger, path, lapFile(1, 7));
		expect(forged.statusCode).toBe(409);
		expect(forged.json()).toMatchObject({
			error: "session_of_previous_owner",
			message: expect.stringContaining("outro piloto"),
		});
		const stored = await ctx.storage.get(`${logger.hardwareId}/${path}`);
		expect(Buffer.from(stored!).equals(original)).toBe(true);
		const [session] = await ctx.db
			.selectFrom("sessions")
			.selectAll()
			.where("hardware_id", "=", logger.hardwareId)
			.execute();
		expect(session).toMatchObject({ rider_id: riderA.id, version: 1 });
		const laps = await ctx.db
			.selectFrom("laps")
			.select("lap_number")
			.where("session_id", "=", session!.id)
			.execute();
		expect(laps).toHaveLength(12);
	});

	it("answers 507 with Retry-After and a reason when the disk is full, and records nothing", async () => {
		const logger = await createTestLogger(full);
		const answer = await putSessionFile(full, logger, "Interlagos/01022024/lap.six", lapFile(3));
		expect(answer.statusCode).toBe(507);
		expect(answer.json()).toMatchObject({
			error: "insufficient_storage",
			message: expect.stringContaining("mais tarde"),
		});
		expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
		const sessions = await full.db
			.selectFrom("sessions")
			.selectAll()
			.where("hardware_id", "=", logger.hardwareId)
			.execute();
		expect(sessions).toEqual([]);
	});
});
