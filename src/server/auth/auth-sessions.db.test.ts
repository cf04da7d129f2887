import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthSessionRepository } from "../repositories/auth-session-repository";
import { createTestContext, type TestContext } from "../test/harness";
import {
	createAuthSessionService,
	hashSessionToken,
	SESSION_ABSOLUTE_LIFETIME_MS,
	SESSION_IDLE_TIMEOUT_MS,
} from "./auth-sessions";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** Far ahead of the real clock, so the app's own scheduled purge never touches these rows. */
const T0 = new Date("2031-03-01T12:00:00Z").getTime();

describe("sign-in session expiry", () => {
	let ctx: TestContext;
	let clock = T0;
	let sessions: ReturnType<typeof createAuthSessionService>;

	beforeAll(async () => {
		ctx = await createTestContext({ env: { SESSION_PURGE_INTERVAL_MS: "100" } });
		sessions = createAuthSessionService(createAuthSessionRepository(ctx.db), () => new Date(clock));
	}, 90_000);
	afterAll(() => ctx?.close());

	async function rowExists(token: string): Promise<boolean> {
		const row = await ctx.db
			.selectFrom("auth_sessions")
			.select("id_hash")
			.where("id_hash", "=", hashSessionToken(token))
			.executeTakeFirst();
		return row !== undefined;
	}

	async function newSession(at: number): Promise<string> {
		clock = at;
		const user = await ctx.createUser();
		return (await sessions.create(user.id, "test")).token;
	}

	it("are 14 days idle and 30 days absolute", () => {
		expect(SESSION_IDLE_TIMEOUT_MS).toBe(14 * DAY);
		expect(SESSION_ABSOLUTE_LIFETIME_MS).toBe(30 * DAY);
	});

	it("keeps a session used within 14 days, and ends one idle for longer", async () => {
		const used = await newSession(T0);
		const idle = await newSession(T0);
		clock = T0 + 14 * DAY - MINUTE;
		expect(await sessions.resolve(used)).not.toBeNull();
		clock = T0 + 14 * DAY + MINUTE;
		expect(await sessions.resolve(idle)).toBeNull();
		expect(await rowExists(idle)).toBe(false);
		// The use at 14 days minus a minute counts as activity.
		expect(await sessions.resolve(used)).not.toBeNull();
	});

	it("ends a session 30 days after sign-in even when it is used every day", async () => {
		const token = await newSession(T0);
		for (let day = 1; day < 30; day += 1) {
			clock = T0 + day * DAY;
			expect(await sessions.resolve(token), `day ${day}`).not.toBeNull();
		}
		clock = T0 + 30 * DAY;
		expect(await sessions.resolve(token)).toBeNull();
		expect(await rowExists(token)).toBe(false);
	});

	it("purges expired and idle sessions, and only them", async () => {
		const fresh = await newSession(T0 + 100 * DAY);
		const idle = await newSession(T0 + 100 * DAY);
		const old = await newSession(T0 + 100 * DAY - 20 * DAY);
		// `fresh` was used just now; `idle` not since it started; `old` is past 30 days in all.
		clock = T0 + 100 * DAY + 13 * DAY;
		expect(await sessions.resolve(fresh)).not.toBeNull();
		clock = T0 + 100 * DAY + 14 * DAY + MINUTE;
		expect(await sessions.purgeExpired()).toBeGreaterThanOrEqual(2);
		expect(await rowExists(fresh)).toBe(true);
		expect(await rowExists(idle)).toBe(false);
		expect(await rowExists(old)).toBe(false);
	});

	it("purges expired rows on a schedule while the server runs", async () => {
		const user = await ctx.createUser();
		const realNow = Date.now();
		await ctx.db
			.insertInto("auth_sessions")
			.values([
				{
					id_hash: "scheduled-expired",
					user_id: user.id,
					created_at: new Date(realNow - 31 * DAY),
					last_seen_at: new Date(realNow - MINUTE),
					expires_at: new Date(realNow - MINUTE),
				},
				{
					id_hash: "scheduled-idle",
					user_id: user.id,
					created_at: new Date(realNow - 20 * DAY),
					last_seen_at: new Date(realNow - 15 * DAY),
					expires_at: new Date(realNow + 10 * DAY),
				},
				{
					id_hash: "scheduled-live",
					user_id: user.id,
					created_at: new Date(realNow - DAY),
					last_seen_at: new Date(realNow - MINUTE),
					expires_at: new Date(realNow + 29 * DAY),
				},
			])
			.execute();
		const left = async () =>
			(
				await ctx.db
					.selectFrom("auth_sessions")
					.select("id_hash")
					.where("user_id", "=", user.id)
					.execute()
			).map((r) => r.id_hash);
		const deadline = Date.now() + 5000;
		while ((await left()).length > 1 && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		expect(await left()).toEqual(["scheduled-live"]);
	});
});

describe("the scheduled purge", () => {
	it("stops when the server closes", async () => {
		const ctx = await createTestContext({ env: { SESSION_PURGE_INTERVAL_MS: "50" } });
		try {
			const user = await ctx.createUser();
			await ctx.app.close();
			const past = new Date(Date.now() - DAY);
			await ctx.db
				.insertInto("auth_sessions")
				.values({
					id_hash: "after-close",
					user_id: user.id,
					last_seen_at: past,
					expires_at: past,
				})
				.execute();
			await new Promise((resolve) => setTimeout(resolve, 300));
			const row = await ctx.db
				.selectFrom("auth_sessions")
				.select("id_hash")
				.where("id_hash", "=", "after-close")
				.executeTakeFirst();
			expect(row?.id_hash).toBe("after-close");
		} finally {
			await ctx.close();
		}
	}, 90_000);
});
