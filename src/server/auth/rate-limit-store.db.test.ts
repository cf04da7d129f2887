import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRateLimitHit } from "../repositories/rate-limit-repository";
import { createTestLogger } from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { startSecondInstance } from "../test/second-instance";
import { SIGN_IN_RATE_LIMIT } from "./oidc/oidc-routes";

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
