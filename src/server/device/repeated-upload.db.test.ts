import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionLockName } from "../ingest/session-key";
import {
	createTestLogger,
	lapFile,
	putSessionFile as put,
	type TestLogger,
} from "../test/device-test-support";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { contentDigestHeader } from "./content-digest";

/**
 * A logger sends a file again when unsure it arrived: the same bytes as stored are read and
 * checked, and answered without the session's lock, a temp file or a storage write
 * (ingest/unchanged-upload.ts). Whatever is not plainly "the same bytes, nothing to do" still
 * goes the full way.
 */
describe("PUT of a session file already stored as it is", () => {
	let ctx: TestContext;
	let admin: SignedIn;
	const track = "Interlagos";
	const date = "07062024";
	const path = `${track}/${date}/lap.six`;

	beforeAll(async () => {
		ctx = await createTestContext();
		admin = await ctx.signIn((await ctx.createUser({ is_admin: true })).id);
	}, 90_000);
	afterAll(async () => {
		await ctx?.close();
	});

	async function loggerWithSession(laps = 5) {
		const rider = await ctx.createUser();
		const logger = await createTestLogger(ctx, { ownerId: rider.id });
		const bytes = lapFile(laps, laps);
		const first = await put(ctx, logger, path, bytes);
		expect(first.statusCode).toBe(200);
		return { rider, logger, bytes, sessionId: first.json().session.id as string };
	}

	function sessionRow(logger: TestLogger) {
		return ctx.db
			.selectFrom("sessions")
			.selectAll()
			.where("hardware_id", "=", logger.hardwareId)
			.executeTakeFirstOrThrow();
	}

	it("answers without waiting for the session's lock", async () => {
		const { logger, bytes, sessionId } = await loggerWithSession();
		const lock = sessionLockName({ hardwareId: logger.hardwareId, track, date });
		// The full way waits for this lock (an upload or an ingest of the session in progress).
		const answer = await ctx.database.sessionLocks.run(lock, () =>
			Promise.race([
				put(ctx, logger, path, bytes),
				new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
			]),
		);
		expect(answer?.statusCode).toBe(200);
		expect(answer?.json()).toEqual({
			session: { id: sessionId, status: "processed", version: 1, error: null },
			file: {
				name: "lap.six",
				size: bytes.length,
				sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
				changed: false,
			},
		});
		expect(await sessionRow(logger)).toMatchObject({ version: 1, pending_since: null });
	});

	it("refuses a body that is not the bytes its digest names, the stored file's", async () => {
		const { logger, bytes } = await loggerWithSession();
		const damaged = Buffer.from(bytes);
		damaged[3] = damaged[3]! ^ 1;
		const res = await put(ctx, logger, path, damaged, {
			"content-digest": contentDigestHeader(bytes),
		});
		expect(res.statusCode).toBe(400);
		expect(res.json().error).toBe("digest_mismatch");
		const stored = await ctx.storage.get(`${logger.hardwareId}/${path}`);
		expect(Buffer.from(stored!).equals(bytes)).toBe(true);
	});

	it("stores the file again when storage lost it", async () => {
		const { logger, bytes } = await loggerWithSession();
		await ctx.storage.delete(`${logger.hardwareId}/${path}`);
		const res = await put(ctx, logger, path, bytes);
		expect(res.statusCode).toBe(200);
		expect(res.json().file.changed).toBe(true);
		const stored = await ctx.storage.get(`${logger.hardwareId}/${path}`);
		expect(stored && Buffer.from(stored).equals(bytes)).toBe(true);
	});

	it("finishes the ingest a crash left pending", async () => {
		const { logger, bytes } = await loggerWithSession();
		await ctx.db
			.updateTable("sessions")
			.set({ pending_since: sql<Date>`now()` })
			.where("hardware_id", "=", logger.hardwareId)
			.execute();
		const res = await put(ctx, logger, path, bytes);
		expect(res.statusCode).toBe(200);
		expect(res.json().session.version).toBe(2);
		expect(await sessionRow(logger)).toMatchObject({ version: 2, pending_since: null });
	});

	it("refuses (409) the same bytes from a logger handed to another rider", async () => {
		const { rider, logger, bytes } = await loggerWithSession();
		const other = await ctx.createUser();
		const moved = await ctx.request(admin, {
			method: "PUT",
			url: `/api/admin/hardware/${logger.hardwareId}/owner`,
			payload: { riderId: other.id },
		});
		expect(moved.statusCode).toBe(200);
		const res = await put(ctx, logger, path, bytes);
		expect(res.statusCode).toBe(409);
		expect(res.json().error).toBe("session_of_previous_owner");
		expect(await sessionRow(logger)).toMatchObject({ rider_id: rider.id, version: 1 });
	});

	it("counts the bytes read against the logger's daily quota", async () => {
		const { logger, bytes } = await loggerWithSession();
		const usage = () =>
			ctx.db
				.selectFrom("device_upload_usage")
				.select("bytes")
				.where("hardware_id", "=", logger.hardwareId)
				.executeTakeFirstOrThrow();
		const before = Number((await usage()).bytes);
		expect((await put(ctx, logger, path, bytes)).json().file.changed).toBe(false);
		expect(Number((await usage()).bytes)).toBe(before + bytes.length);
	});
});
