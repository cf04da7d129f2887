import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthSessionRepository } from "../repositories/auth-session-repository";
import { createTestContext, type TestContext } from "../test/harness";
import {
	createAuthSessionService,
	hashSessionToken,
	SESSION_ABSOLUTE_LIFETIME_MS,
	SESSION_IDLE_TIMEOUT_MS,
	scheduleSessionPurge,
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

	it("ends a session only once idle for more than 14 days, not at 14 days exactly", async () => {
		const token = await newSession(T0);
		clock = T0 + 14 * DAY;
		expect(await sessions.resolve(token)).not.toBeNull();
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

describe("sign-in sessions, each made in its test", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext();
	}, 90_000);
	afterAll(() => ctx?.close());

	const stored = (token: string) =>
		ctx.db
			.selectFrom("auth_sessions")
			.select(["user_agent", "last_seen_at", "expires_at"])
			.where("id_hash", "=", hashSessionToken(token))
			.executeTakeFirst();

	it("lasts 30 days from the real time when given no clock, and resolves to its user", async () => {
		const sessions = createAuthSessionService(createAuthSessionRepository(ctx.db));
		const user = await ctx.createUser({ is_seller: true });
		const before = Date.now();
		const { token, expiresAt } = await sessions.create(user.id, null);
		expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY);
		expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);
		const resolved = await sessions.resolve(token);
		expect(resolved?.user).toMatchObject({ id: user.id, isSeller: true, isAdmin: false });
		expect(resolved?.expiresAt).toEqual(expiresAt);
	});

	it("keeps the browser's user agent, cut at 400 characters, or none", async () => {
		const sessions = createAuthSessionService(createAuthSessionRepository(ctx.db));
		const user = await ctx.createUser();
		const long = await sessions.create(user.id, `Mozilla/5.0 ${"x".repeat(500)}`);
		const none = await sessions.create(user.id, null);
		expect((await stored(long.token))?.user_agent).toBe(`Mozilla/5.0 ${"x".repeat(388)}`);
		expect((await stored(none.token))?.user_agent).toBeNull();
	});

	it("never looks up a cookie that cannot be a session id", async () => {
		const repo = createAuthSessionRepository(ctx.db);
		let lookups = 0;
		const sessions = createAuthSessionService({
			...repo,
			findWithUser: (idHash) => {
				lookups += 1;
				return repo.findWithUser(idHash);
			},
		});
		const user = await ctx.createUser();
		const { token } = await sessions.create(user.id, null);
		for (const bad of ["", "short", `${token}!`, `${token}${"A".repeat(100)}`, `a b${token}`])
			expect(await sessions.resolve(bad), JSON.stringify(bad)).toBeNull();
		expect(lookups).toBe(0);
		expect(await sessions.resolve(token)).not.toBeNull();
		expect(lookups).toBe(1);
	});

	it("writes the last use only when over a minute has passed since the last one written", async () => {
		let clock = T0;
		const sessions = createAuthSessionService(
			createAuthSessionRepository(ctx.db),
			() => new Date(clock),
		);
		const user = await ctx.createUser();
		const { token } = await sessions.create(user.id, null);
		const lastSeen = async () => (await stored(token))?.last_seen_at.getTime();
		clock = T0 + MINUTE;
		await sessions.resolve(token);
		expect(await lastSeen()).toBe(T0);
		clock = T0 + MINUTE + 1;
		await sessions.resolve(token);
		expect(await lastSeen()).toBe(T0 + MINUTE + 1);
		clock = T0 + 2 * MINUTE;
		await sessions.resolve(token);
		expect(await lastSeen()).toBe(T0 + MINUTE + 1);
	});

	it("ends one session by its hash, and every session of one user, counting them", async () => {
		const sessions = createAuthSessionService(createAuthSessionRepository(ctx.db));
		const [ana, bia] = [await ctx.createUser(), await ctx.createUser()];
		const anaPhone = await sessions.create(ana.id, null);
		const anaLaptop = await sessions.create(ana.id, null);
		const anaTablet = await sessions.create(ana.id, null);
		const biaPhone = await sessions.create(bia.id, null);
		await sessions.revokeByHash(hashSessionToken(anaTablet.token));
		expect(await stored(anaTablet.token)).toBeUndefined();
		expect(await stored(anaPhone.token)).toBeDefined();
		expect(await sessions.revokeAllOfUser(ana.id)).toBe(2);
		expect(await stored(anaPhone.token)).toBeUndefined();
		expect(await stored(anaLaptop.token)).toBeUndefined();
		expect(await sessions.resolve(biaPhone.token)).not.toBeNull();
		await sessions.revoke(biaPhone.token);
		expect(await sessions.resolve(biaPhone.token)).toBeNull();
	});
});

describe("scheduleSessionPurge", () => {
	const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

	it("purges every interval, one purge at a time, until stopped", async () => {
		let running = 0;
		let overlapped = false;
		let purges = 0;
		const purge = scheduleSessionPurge(
			{
				async purgeExpired() {
					running += 1;
					overlapped ||= running > 1;
					purges += 1;
					await wait(60);
					running -= 1;
					return 0;
				},
			},
			10,
			() => {},
		);
		await wait(400);
		purge.stop();
		const atStop = purges;
		// A purge takes six intervals: overlapping ones would have made about forty.
		expect(atStop).toBeGreaterThanOrEqual(2);
		expect(atStop).toBeLessThanOrEqual(10);
		expect(overlapped).toBe(false);
		await wait(150);
		expect(purges).toBe(atStop);
	});

	it("reports a failed purge and tries again at the next interval", async () => {
		const errors: unknown[] = [];
		let calls = 0;
		const purge = scheduleSessionPurge(
			{
				async purgeExpired() {
					calls += 1;
					throw new Error(`falhou ${calls}`);
				},
			},
			10,
			(error) => errors.push(error),
		);
		await wait(200);
		purge.stop();
		expect(calls).toBeGreaterThanOrEqual(2);
		expect(errors.map(String).slice(0, 2)).toEqual(["Error: falhou 1", "Error: falhou 2"]);
	});
});
