import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRateLimitHit } from "../repositories/rate-limit-repository";
import { createTestLogger } from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { startSecondInstance } from "../test/second-instance";
import { SIGN_IN_RATE_LIMIT } from "./oidc/oidc-routes";
import { databaseRateLimitStore } from "./rate-limit-store";

/**
 * Rate limits count in the database: two instances share one count per address (sign-in) and
 * per logger (device requests).
 */

const HEARTBEATS = 4;
let ctx: TestContext;
let second: Awaited<ReturnType<typeof startSecondInstance>>;

beforeAll(async () => {
	ctx = await createTestContext({ env: { HEARTBEAT_RATE_PER_MINUTE: String(HEARTBEATS) } });
	second = await startSecondInstance(ctx);
}, 120_000);
afterAll(async () => {
	await second?.close();
	await ctx?.close();
});

function callback(app: FastifyInstance, address: string) {
	return app.inject({ url: "/auth/callback?state=x", remoteAddress: address });
}

describe("sign-in rate limit shared by instances", () => {
	it("counts the attempts made on either instance together", async () => {
		const statuses: number[] = [];
		for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i += 1) {
			const app = i % 2 === 0 ? ctx.app : second.app;
			statuses.push((await callback(app, "10.9.8.7")).statusCode);
		}
		expect(statuses.every((s) => s === 400)).toBe(true);
		const onFirst = await callback(ctx.app, "10.9.8.7");
		const onSecond = await callback(second.app, "10.9.8.7");
		expect([onFirst.statusCode, onSecond.statusCode]).toEqual([429, 429]);
		expect(onSecond.json()).toMatchObject({ error: "rate_limited" });
		// Another address has its own count.
		expect((await callback(second.app, "10.9.8.6")).statusCode).toBe(400);
	});

	it("counts a logger's heartbeats on either instance against its one limit", async () => {
		const logger = await createTestLogger(ctx);
		const beat = (app: FastifyInstance) =>
			app.inject({
				method: "POST",
				url: "/api/device/v1/heartbeat",
				headers: logger.auth,
				payload: { version: "1.0.0" },
			});
		const statuses: number[] = [];
		for (let i = 0; i < HEARTBEATS; i += 1)
			statuses.push((await beat(i % 2 === 0 ? ctx.app : second.app)).statusCode);
		expect(statuses).toEqual(Array(HEARTBEATS).fill(200));
		const refused = await beat(second.app);
		expect(refused.statusCode).toBe(429);
		expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
		expect((await beat(ctx.app)).statusCode).toBe(429);
	});

	it("starts a new window once the last one is over", async () => {
		const key = `test-window-${Date.now()}`;
		expect((await countRateLimitHit(ctx.db, key, 300)).hits).toBe(1);
		const two = await countRateLimitHit(ctx.db, key, 300);
		expect(two.hits).toBe(2);
		expect(two.ttlMs).toBeGreaterThan(0);
		expect(two.ttlMs).toBeLessThanOrEqual(300);
		await new Promise((r) => setTimeout(r, 350));
		expect((await countRateLimitHit(ctx.db, key, 300)).hits).toBe(1);
	});
});

describe("the database store", () => {
	type Store = {
		incr(key: string, cb: (e: Error | null, r?: { current: number }) => void, ms: number): void;
		child(options: unknown): Store;
	};
	const hit = (store: Store, key: string) =>
		new Promise<number>((resolve, reject) =>
			store.incr(
				key,
				(error, result) => (error ? reject(error) : resolve(result?.current ?? 0)),
				60_000,
			),
		);
	const storeOf = (prefix?: string): Store => {
		const Ctor = databaseRateLimitStore(ctx.db) as unknown as new (
			o?: unknown,
			p?: string,
		) => Store;
		return new Ctor(undefined, prefix);
	};
	const keys = async (like: string) =>
		(
			await ctx.db
				.selectFrom("rate_limit_hits")
				.select(["key", "hits"])
				.where("key", "like", like)
				.orderBy("key")
				.execute()
		).map((r) => `${r.key}=${r.hits}`);

	it("counts each key as given, and each route of a child under its method and URL", async () => {
		const root = storeOf();
		expect([await hit(root, "plain-1"), await hit(root, "plain-1")]).toEqual([1, 2]);
		const login = root.child({ routeInfo: { method: "GET", url: "/auth/login" } });
		const callbackRoute = root.child({ routeInfo: { method: "GET", url: "/auth/callback" } });
		await hit(login, "plain-1");
		await hit(callbackRoute, "plain-1");
		expect(await hit(login, "plain-1")).toBe(2);
		expect(await keys("%plain-1")).toEqual([
			"GET /auth/callback plain-1=1",
			"GET /auth/login plain-1=2",
			"plain-1=2",
		]);
		// A child made without the route's details still counts (under its own key).
		expect(await hit(root.child({}), "plain-2")).toBe(1);
		expect(await keys("%plain-2")).toEqual(["undefined undefined plain-2=1"]);
	});

	it("sweeps windows that ended over an hour ago at every 200th hit of a process", async () => {
		const store = storeOf("sweep ");
		const ended = (key: string, minutesAgo: number) =>
			ctx.db
				.insertInto("rate_limit_hits")
				.values({ key, hits: 5, window_ends_at: new Date(Date.now() - minutesAgo * 60_000) })
				.execute();
		await ended("ended-long-ago", 61);
		await ended("ended-recently", 59);
		for (let i = 0; i < 199; i += 1) await hit(store, "k");
		expect(await keys("ended-%")).toEqual(["ended-long-ago=5", "ended-recently=5"]);
		await hit(store, "k");
		const deadline = Date.now() + 5000;
		while ((await keys("ended-%")).length > 1 && Date.now() < deadline)
			await new Promise((r) => setTimeout(r, 20));
		expect(await keys("ended-%")).toEqual(["ended-recently=5"]);
	});

	it("passes a database failure to the limiter", async () => {
		const Ctor = databaseRateLimitStore({} as never) as unknown as new () => Store;
		await expect(hit(new Ctor(), "x")).rejects.toBeInstanceOf(Error);
	});
});
