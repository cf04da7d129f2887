import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";
import { SIGN_IN_RATE_LIMIT } from "./oidc-routes";

/** A production install with a real OpenID client (never reached: the callbacks fail on state). */
const PRODUCTION = {
	NODE_ENV: "production",
	OIDC_CLIENT_ID: "lapsix",
	OIDC_CLIENT_SECRET: "secret",
	OIDC_ISSUER_URL: "http://127.0.0.1:9",
};

/** Sign-in callbacks from `remoteAddress`, each claiming to forward for `forwardedFor(i)`. */
async function callbacks(
	ctx: TestContext,
	count: number,
	remoteAddress: string,
	forwardedFor: (i: number) => string,
): Promise<number[]> {
	const statuses: number[] = [];
	for (let i = 0; i < count; i += 1) {
		const res = await ctx.app.inject({
			url: "/auth/callback?state=x",
			remoteAddress,
			headers: { "x-forwarded-for": forwardedFor(i) },
		});
		statuses.push(res.statusCode);
	}
	return statuses;
}

const LIMIT = SIGN_IN_RATE_LIMIT.max;

describe("TRUST_PROXY unset: X-Forwarded-For is nobody's word", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext({ env: PRODUCTION });
	}, 90_000);
	afterAll(() => ctx?.close());

	it("a rotating X-Forwarded-For does not bypass the sign-in rate limit", async () => {
		const statuses = await callbacks(ctx, LIMIT + 1, "203.0.113.7", (i) => `198.51.100.${i}`);
		expect(statuses.slice(0, LIMIT).every((s) => s === 400)).toBe(true);
		expect(statuses[LIMIT]).toBe(429);
	});
});

describe("TRUST_PROXY with the proxy's address", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext({ env: { ...PRODUCTION, TRUST_PROXY: "10.0.0.0/8" } });
	}, 90_000);
	afterAll(() => ctx?.close());

	it("limits each client the trusted proxy names, not the proxy", async () => {
		const many = await callbacks(ctx, LIMIT + 5, "10.1.2.3", (i) => `198.51.100.${i}`);
		expect(many.every((s) => s === 400)).toBe(true);
		const one = await callbacks(ctx, LIMIT + 1, "10.1.2.3", () => "198.51.100.200");
		expect(one[LIMIT]).toBe(429);
	});

	it("ignores the header from an address that is not the proxy", async () => {
		const statuses = await callbacks(ctx, LIMIT + 1, "203.0.113.8", (i) => `198.51.100.${i}`);
		expect(statuses[LIMIT]).toBe(429);
	});
});

describe("TRUST_PROXY as a hop count", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext({ env: { ...PRODUCTION, TRUST_PROXY: "1" } });
	}, 90_000);
	afterAll(() => ctx?.close());

	it("takes the address the nearest proxy saw, not one the client wrote before it", async () => {
		// The client forges "198.51.100.x"; the one proxy appends the address it really saw.
		const forged = await callbacks(ctx, LIMIT + 1, "10.1.2.3", (i) => `198.51.100.${i}, 192.0.2.9`);
		expect(forged[LIMIT]).toBe(429);
		const distinct = await callbacks(ctx, LIMIT + 1, "10.1.2.3", (i) => `192.0.2.${100 + i}`);
		expect(distinct.every((s) => s === 400)).toBe(true);
	});
});
