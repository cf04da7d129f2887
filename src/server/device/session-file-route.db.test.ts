import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	createTestLogger,
	lapFile,
	putSessionFile as put,
	putSessionFileOverSocket,
	storedKeys,
} from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { contentDigestHeader, sha256Hex } from "./content-digest";

let ctx: TestContext;

beforeAll(async () => {
	ctx = await createTestContext();
	await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
	await ctx?.close();
});

async function sessionsOf(on: TestContext, hardwareId: string) {
	return on.db.selectFrom("sessions").selectAll().where("hardware_id", "=", hardwareId).execute();
}

async function stored(on: TestContext, key: string): Promise<Buffer | null> {
	const bytes = await on.storage.get(key);
	return bytes === null ? null : Buffer.from(bytes);
}

describe("PUT /api/device/v1/sessions/{track}/{ddmmyyyy}/{file}", () => {
	it("stores, ingests and answers the session; the same bytes again change nothing", async () => {
		const rider = await ctx.createUser();
		const logger = await createTestLogger(ctx, { ownerId: rider.id });
		const bytes = lapFile(4);
		const res = await put(ctx, logger, "Interlagos%20Sul/01022024/lap.six", bytes);
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.file).toEqual({
			name: "lap.six",
			size: bytes.length,
			sha256: sha256Hex(bytes),
			changed: true,
		});
		expect(body.session.version).toBe(1);
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([
			`${logger.hardwareId}/Interlagos Sul/01022024/lap.six`,
		]);
		expect(await stored(ctx, `${logger.hardwareId}/Interlagos Sul/01022024/lap.six`)).toEqual(
			bytes,
		);
		const [session] = await sessionsOf(ctx, logger.hardwareId);
		expect(session).toMatchObject({
			id: body.session.id,
			track: "Interlagos Sul",
			rider_id: rider.id,
			lap_sha256: sha256Hex(bytes),
		});

		const again = await put(ctx, logger, "Interlagos%20Sul/01022024/lap.six", bytes);
		expect(again.statusCode).toBe(200);
		expect(again.json()).toMatchObject({
			session: { id: body.session.id, version: 1 },
			file: { changed: false },
		});
	});

	it("accepts text/plain and bodies without a content type", async () => {
		const logger = await createTestLogger(ctx);
		const bytes = lapFile(2, 5);
		const asText = await put(ctx, logger, "Kart/02022024/lap.six", bytes, {
			"content-type": "text/plain",
		});
		expect(asText.statusCode).toBe(200);
		const res = await ctx.app.inject({
			method: "PUT",
			url: "/api/device/v1/sessions/Kart/03022024/lap.six",
			headers: { ...logger.auth, "content-digest": contentDigestHeader(bytes) },
			payload: bytes,
		});
		expect(res.statusCode).toBe(200);
	});

	it("requires Content-Digest", async () => {
		const logger = await createTestLogger(ctx);
		const bytes = lapFile();
		const res = await ctx.app.inject({
			method: "PUT",
			url: "/api/device/v1/sessions/Kart/01022024/lap.six",
			headers: { ...logger.auth, "content-type": "application/octet-stream" },
			payload: bytes,
		});
		expect(res.statusCode).toBe(400);
		expect(res.json()).toMatchObject({
			error: "content_digest_missing",
			message: expect.stringMatching(/^Content-Digest obrigatório/),
		});
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([]);
	});

	it("refuses a wrong digest and stores nothing", async () => {
		const logger = await createTestLogger(ctx);
		const res = await put(ctx, logger, "Kart/01022024/lap.six", lapFile(3), {
			"content-digest": contentDigestHeader(lapFile(3, 99)),
		});
		expect(res.statusCode).toBe(400);
		expect(res.json()).toMatchObject({ error: "digest_mismatch" });
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([]);
		expect(await sessionsOf(ctx, logger.hardwareId)).toEqual([]);
	});

	it("refuses a body with one flipped byte", async () => {
		const logger = await createTestLogger(ctx);
		const original = lapFile(5);
		const damaged = Buffer.from(original);
		damaged[Math.floor(damaged.length / 2)] = (damaged[Math.floor(damaged.length / 2)] ?? 0) ^ 0x01;
		const res = await put(ctx, logger, "Kart/01022024/gps.six", damaged, {
			"content-digest": contentDigestHeader(original),
		});
		expect(res.statusCode).toBe(400);
		expect(res.json()).toMatchObject({
			error: "digest_mismatch",
			message: expect.stringContaining("Nada foi gravado"),
		});
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([]);
	});

	it.each([
		["an impossible date", "Kart/31022025/lap.six", /Data inválida/],
		["a date that is not ddmmyyyy", "Kart/2024-02-01/lap.six", /Data inválida/],
		["a track with a backslash", "a%5Cb/01022024/lap.six", /Nome de pista inválido/],
		["a track over 64 characters", `${"x".repeat(65)}/01022024/lap.six`, /Nome de pista inválido/],
		["another file name", "Kart/01022024/x.six", /lap\.six ou gps\.six/],
	])("refuses %s with the rule broken", async (_name, path, reason) => {
		const logger = await createTestLogger(ctx);
		const res = await put(ctx, logger, path, lapFile());
		expect(res.statusCode).toBe(400);
		expect(res.json()).toMatchObject({
			error: "invalid_session_path",
			message: expect.stringMatching(reason),
		});
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([]);
	});

	it.each([
		["a '..' track", "%2E%2E/01022024/lap.six"],
		["a '.' track", "%2e/01022024/lap.six"],
	])("refuses %s sent verbatim on the wire", async (_name, path) => {
		const logger = await createTestLogger(ctx);
		const res = await putSessionFileOverSocket(ctx, logger, path, lapFile());
		expect(res.statusCode).toBe(400);
		expect(res.json()).toMatchObject({
			error: "invalid_session_path",
			message: expect.stringMatching(/Nome de pista inválido/),
		});
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([]);
	});

	it("never lets a literal '..' segment escape the route", async () => {
		const logger = await createTestLogger(ctx);
		const res = await putSessionFileOverSocket(ctx, logger, "../01022024/lap.six", lapFile());
		expect(res.statusCode).toBeGreaterThanOrEqual(400);
		expect(res.statusCode).toBeLessThan(500);
		expect(await storedKeys(ctx, logger.hardwareId)).toEqual([]);
	});

	it("makes exactly one session version from the same file sent five times, two at once", async () => {
		const logger = await createTestLogger(ctx);
		const bytes = lapFile(6, 3);
		const path = "Granja%20Viana/15032024/lap.six";
		const first = await put(ctx, logger, path, bytes);
		const [a, b] = await Promise.all([
			put(ctx, logger, path, bytes),
			put(ctx, logger, path, bytes),
		]);
		const rest = [await put(ctx, logger, path, bytes), await put(ctx, logger, path, bytes)];
		const all = [first, a, b, ...rest];
		expect(all.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
		expect(all.filter((res) => res.json().file.changed)).toHaveLength(1);
		const sessions = await sessionsOf(ctx, logger.hardwareId);
		expect(sessions).toHaveLength(1);
		expect(sessions[0]?.version).toBe(1);
		expect(new Set(all.map((res) => res.json().session.id)).size).toBe(1);
	});

	it("writes only under the logger of the key: B cannot touch A's session", async () => {
		const loggerA = await createTestLogger(ctx);
		const loggerB = await createTestLogger(ctx);
		const original = lapFile(3, 1);
		expect((await put(ctx, loggerA, "Kart/20042024/lap.six", original)).statusCode).toBe(200);
		const [before] = await sessionsOf(ctx, loggerA.hardwareId);

		const intruder = lapFile(3, 2);
		// The URL has no place for a logger id: whatever B tries lands under B.
		const res = await put(ctx, loggerB, "Kart/20042024/lap.six", intruder);
		expect(res.statusCode).toBe(200);
		const traversal = await put(
			ctx,
			loggerB,
			`${encodeURIComponent(`${loggerA.hardwareId}/Kart`)}/20042024/lap.six`,
			intruder,
		);
		expect(traversal.statusCode).toBe(400);

		expect(await stored(ctx, `${loggerA.hardwareId}/Kart/20042024/lap.six`)).toEqual(original);
		expect(await stored(ctx, `${loggerB.hardwareId}/Kart/20042024/lap.six`)).toEqual(intruder);
		const [after] = await sessionsOf(ctx, loggerA.hardwareId);
		expect(after).toMatchObject({
			id: before?.id,
			version: before?.version,
			lap_sha256: sha256Hex(original),
		});
		expect(await storedKeys(ctx, loggerA.hardwareId)).toEqual([
			`${loggerA.hardwareId}/Kart/20042024/lap.six`,
		]);
	});
});
