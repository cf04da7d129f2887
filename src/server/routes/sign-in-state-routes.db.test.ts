import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";

describe("GET /api/me/state", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext();
	}, 90_000);
	afterAll(() => ctx?.close());

	it("answers 200 with no user when nobody is signed in, and is never cached", async () => {
		const res = await ctx.request(null, { url: "/api/me/state" });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ user: null, csrfToken: null });
		expect(res.headers["cache-control"]).toBe("no-store");
	});

	it("answers as /api/me does for a signed-in user, with a CSRF token that works", async () => {
		const user = await ctx.createUser({ display_name: "Quem Sou" });
		const as = await ctx.signIn(user.id);
		const state = await ctx.request(as, { url: "/api/me/state" });
		const me = await ctx.request(as, { url: "/api/me" });
		expect(state.statusCode).toBe(200);
		expect(state.json()).toEqual(me.json());
		expect(state.json().csrfToken).toBe(as.csrfToken);
	});

	it("treats an unknown or ended session cookie as nobody", async () => {
		const user = await ctx.createUser();
		const as = await ctx.signIn(user.id);
		await ctx.request(as, { method: "POST", url: "/auth/logout" });
		const res = await ctx.request(as, { url: "/api/me/state" });
		expect(res.json()).toEqual({ user: null, csrfToken: null });
	});
});
