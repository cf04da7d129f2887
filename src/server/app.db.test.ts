import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./test/harness";

describe("app shell", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext();
	});
	afterAll(() => ctx.close());

	it("answers /healthz", async () => {
		const res = await ctx.app.inject({ url: "/healthz" });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ status: "ok" });
	});

	it("answers /readyz when the database and storage answer", async () => {
		const res = await ctx.app.inject({ url: "/readyz" });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ status: "ok", checks: { database: "ok", storage: "ok" } });
	});

	it("is not ready while the start-up tasks run", async () => {
		ctx.app.startup.done = false;
		try {
			const res = await ctx.app.inject({ url: "/readyz" });
			expect(res.statusCode).toBe(503);
			expect(res.json().checks.startup).toBe("pending");
		} finally {
			ctx.app.startup.done = true;
		}
	});

	it("sends a Content-Security-Policy without unsafe sources", async () => {
		const res = await ctx.app.inject({ url: "/healthz" });
		const csp = String(res.headers["content-security-policy"]);
		expect(csp).toContain("default-src 'self'");
		expect(csp).toContain("script-src 'self'");
		expect(csp).toContain("frame-ancestors 'none'");
		expect(csp).not.toContain("unsafe-inline");
		expect(csp).not.toContain("unsafe-eval");
		expect(res.headers["x-content-type-options"]).toBe("nosniff");
	});

	it("answers unknown API routes with a JSON 404", async () => {
		const res = await ctx.app.inject({ url: "/api/nope" });
		expect(res.statusCode).toBe(404);
		expect(res.json().error).toBe("not_found");
	});

	it("serves a clear 503 for the SPA when the client is not built", async () => {
		const res = await ctx.app.inject({ url: "/user" });
		expect(res.statusCode).toBe(503);
	});

	it("refuses to register a route without an access policy", async () => {
		const { default: Fastify } = await import("fastify");
		const { accessControlPlugin } = await import("./auth/policy");
		const bare = Fastify();
		await bare.register(accessControlPlugin);
		expect(() => bare.get("/x", async () => "x")).toThrow(/declares no access policy/);
		await bare.close();
	});
});
