import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestLogger, type TestLogger } from "../test/device-test-support";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { findNulCharacter, NUL_CHARACTER_CODE } from "./json-body-parser";

interface BodyRoute {
	method: string;
	url: string;
	policy: string | undefined;
}

/** Routes whose bodies are not JSON: logger files (raw bytes), tus (loggers' and imports'), the demo issuer's forms. */
const NOT_JSON = [
	/^\/api\/device\/v1\/sessions\//,
	/^\/api\/device\/v1\/uploads/,
	/^\/api\/sessions\/import\/uploads/,
	/^\/oidc\//,
];

describe("a NUL character in a JSON body", () => {
	let ctx: TestContext;
	let admin: SignedIn;
	let logger: TestLogger;
	const routes: BodyRoute[] = [];

	beforeAll(async () => {
		ctx = await createTestContext({
			onRoute: (route: RouteOptions) => {
				const methods = Array.isArray(route.method) ? route.method : [route.method];
				for (const method of methods) {
					if (!["POST", "PUT", "PATCH", "DELETE"].includes(String(method))) continue;
					if (NOT_JSON.some((pattern) => pattern.test(route.url))) continue;
					routes.push({ method: String(method), url: route.url, policy: route.config?.policy });
				}
			},
		});
		admin = await ctx.signIn((await ctx.createUser({ is_admin: true, is_seller: true })).id);
		logger = await createTestLogger(ctx);
	}, 90_000);
	afterAll(() => ctx?.close());

	it("answers 400 with a reason on every JSON route, before the route runs", async () => {
		expect(routes.length).toBeGreaterThan(5);
		const answers: string[] = [];
		for (const route of routes) {
			const url = route.url.replace(
				/:[A-Za-z0-9_]+(\([^)]*\))?/g,
				"00000000-0000-4000-8000-000000000000",
			);
			const res = await ctx.request(route.policy === "device" ? null : admin, {
				method: route.method as "POST",
				url,
				headers: {
					"content-type": "application/json",
					...(route.policy === "device" ? logger.auth : {}),
				},
				payload: '{"text":"a\\u0000b","list":["ok"]}',
			});
			answers.push(`${route.method} ${route.url} ${res.statusCode} ${res.json().error}`);
		}
		expect(answers.filter((a) => !a.endsWith(` 400 ${NUL_CHARACTER_CODE}`))).toEqual([]);
	});

	it("says where the character is and stores nothing (Meus Dados, a logger's heartbeat)", async () => {
		const rider = await ctx.signIn((await ctx.createUser()).id);
		const profile = {
			wifiSsid: "Box",
			wifiPassword: "senha-segura",
			pilotName: "Pa\u0000ula",
			bikeNumber: "27",
		};
		const res = await ctx.request(rider, {
			method: "PUT",
			url: "/api/me/profile",
			payload: profile,
		});
		expect(res.statusCode).toBe(400);
		expect(res.json()).toMatchObject({
			error: NUL_CHARACTER_CODE,
			details: { path: "/pilotName" },
		});
		expect(res.json().message).toContain("caractere nulo");
		const stored = await ctx.db
			.selectFrom("users")
			.select("pilot_name")
			.where("id", "=", rider.userId)
			.executeTakeFirstOrThrow();
		expect(stored.pilot_name).not.toContain("\u0000");

		const heartbeat = await ctx.request(null, {
			method: "POST",
			url: "/api/device/v1/heartbeat",
			headers: logger.auth,
			payload: { version: "1.2\u0000" },
		});
		expect(heartbeat.statusCode).toBe(400);
		expect(heartbeat.json().error).toBe(NUL_CHARACTER_CODE);
	});

	it("still parses clean JSON and still refuses prototype poisoning", async () => {
		const beat = await ctx.request(null, {
			method: "POST",
			url: "/api/device/v1/heartbeat",
			headers: logger.auth,
			payload: { version: "1.2.3" },
		});
		expect(beat.statusCode).toBe(200);
		const poisoned = await ctx.request(null, {
			method: "POST",
			url: "/api/device/v1/heartbeat",
			headers: { ...logger.auth, "content-type": "application/json" },
			payload: '{"version":"1","__proto__":{"isAdmin":true}}',
		});
		expect(poisoned.statusCode).toBe(400);
	});
});

describe("findNulCharacter", () => {
	it("finds U+0000 in nested values and keys, and nothing in clean values", () => {
		expect(findNulCharacter({ a: [1, "x", { b: "y\u0000" }] })).toBe("/a/2/b");
		expect(findNulCharacter({ "k\u0000": 1 })).toBe("/k\\u0000");
		expect(findNulCharacter("\u0000")).toBe("/");
		expect(findNulCharacter({ a: ["x", null, 3, true, { b: "\\u0000" }] })).toBeNull();
	});
});
