import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installErrorHandler } from "../http/error-handler";
import type { Actor } from "./actor";
import { accessControlPlugin, isAllowed, POLICY_NAMES, type PolicyName } from "./policy";

/**
 * The access-control plugin on a bare Fastify app: who is let through each policy and the
 * answer of a refusal. The authenticators stand in for the sign-in and device plugins (the
 * access matrix checks the whole app with the real ones): they read the actor from a header.
 */

const user = (flags: { isAdmin?: boolean; isSeller?: boolean } = {}): Actor => ({
	kind: "user",
	authSessionId: "s",
	user: {
		id: "u",
		email: "u@example.com",
		displayName: null,
		photoUrl: null,
		isAdmin: flags.isAdmin ?? false,
		isSeller: flags.isSeller ?? false,
		hardwareId: null,
		needsEnrollment: false,
	},
});

const ACTORS: Record<string, Actor> = {
	anonymous: { kind: "anonymous" },
	rider: user(),
	seller: user({ isSeller: true }),
	admin: user({ isAdmin: true }),
	device: { kind: "device", hardwareId: "1" },
	monitor: { kind: "monitor" },
};

/** Status of each actor at each policy (200: let through). */
const EXPECTED: Record<PolicyName, Record<keyof typeof ACTORS, number>> = {
	public: { anonymous: 200, rider: 200, seller: 200, admin: 200, device: 200, monitor: 200 },
	signedIn: { anonymous: 401, rider: 200, seller: 200, admin: 200, device: 401, monitor: 401 },
	seller: { anonymous: 401, rider: 403, seller: 200, admin: 200, device: 401, monitor: 401 },
	admin: { anonymous: 401, rider: 403, seller: 403, admin: 200, device: 401, monitor: 401 },
	device: { anonymous: 401, rider: 401, seller: 401, admin: 401, device: 200, monitor: 401 },
	metrics: { anonymous: 401, rider: 401, seller: 401, admin: 401, device: 401, monitor: 200 },
};

describe("isAllowed", () => {
	for (const policy of POLICY_NAMES) {
		for (const [name, actor] of Object.entries(ACTORS)) {
			it(`${policy} ${EXPECTED[policy][name] === 200 ? "lets in" : "refuses"} ${name}`, () => {
				expect(isAllowed(policy, actor)).toBe(EXPECTED[policy][name] === 200);
			});
		}
	}
});

describe("access-control plugin", () => {
	let app: FastifyInstance;
	const seen: { policy: string; kind: string; via: string }[] = [];

	beforeAll(async () => {
		app = Fastify();
		installErrorHandler(app);
		await app.register(accessControlPlugin);
		const fromHeader = (via: string) => async (request: { headers: Record<string, unknown> }) => {
			const name = request.headers["x-actor"];
			seen.push({ policy: "", kind: String(name), via });
			return typeof name === "string" && name !== "anonymous" ? ACTORS[name]! : null;
		};
		app.authenticators.user = fromHeader("user");
		app.authenticators.device = fromHeader("device");
		app.authenticators.metrics = fromHeader("metrics");
		for (const policy of POLICY_NAMES) {
			app.get(`/${policy}`, { config: { policy } }, async (request) => ({
				actor: request.actor.kind,
			}));
		}
		await app.ready();
	});
	afterAll(() => app?.close());

	it("answers every actor at every policy as the table says", async () => {
		for (const policy of POLICY_NAMES) {
			for (const name of Object.keys(ACTORS)) {
				const res = await app.inject({ url: `/${policy}`, headers: { "x-actor": name } });
				expect([policy, name, res.statusCode]).toEqual([policy, name, EXPECTED[policy][name]]);
				if (res.statusCode === 200) {
					const kind = policy === "public" ? "anonymous" : ACTORS[name]!.kind;
					expect(res.json()).toEqual({ actor: kind });
				}
			}
		}
	});

	it("says why in pt-BR", async () => {
		const call = async (url: string, actor: string) =>
			(await app.inject({ url, headers: { "x-actor": actor } })).json();
		expect(await call("/device", "rider")).toEqual({
			error: "invalid_device_key",
			message: "Chave do dispositivo ausente ou inválida.",
		});
		expect(await call("/signedIn", "anonymous")).toEqual({
			error: "unauthorized",
			message: "É preciso entrar para continuar.",
		});
		expect(await call("/admin", "seller")).toEqual({
			error: "forbidden",
			message: "Apenas administradores podem fazer isso.",
		});
		expect(await call("/seller", "rider")).toEqual({
			error: "forbidden",
			message: "Apenas revendedores podem fazer isso.",
		});
	});

	it("asks the device authenticator only for device routes, and nobody for public ones", async () => {
		seen.length = 0;
		await app.inject({ url: "/public", headers: { "x-actor": "admin" } });
		expect(seen).toEqual([]);
		await app.inject({ url: "/device", headers: { "x-actor": "device" } });
		await app.inject({ url: "/admin", headers: { "x-actor": "admin" } });
		expect(seen.map((s) => s.via)).toEqual(["device", "user"]);
	});

	it("lets unknown URLs reach the 404 handler without an identity", async () => {
		seen.length = 0;
		const res = await app.inject({ url: "/nowhere", headers: { "x-actor": "admin" } });
		expect(res.statusCode).toBe(404);
		expect(seen).toEqual([]);
	});

	it("refuses to register a route without a policy, or with an unknown one", async () => {
		const bare = Fastify();
		await bare.register(accessControlPlugin);
		expect(() => bare.get("/open", async () => "x")).toThrow(
			"Route GET /open declares no access policy",
		);
		expect(() =>
			bare.get("/odd", { config: { policy: "everyone" as PolicyName } }, async () => "x"),
		).toThrow(/declares no access policy/);
		await bare.close();
	});

	it("logs every refusal with its policy, actor and status", async () => {
		const lines: Record<string, unknown>[] = [];
		const logged = Fastify({
			logger: {
				level: "warn",
				stream: { write: (line: string) => lines.push(JSON.parse(line)) },
			},
		});
		installErrorHandler(logged);
		await logged.register(accessControlPlugin);
		logged.get("/adm", { config: { policy: "admin" } }, async () => "x");
		expect((await logged.inject({ url: "/adm" })).statusCode).toBe(401);
		expect(lines).toContainEqual(
			expect.objectContaining({
				event: "access_denied",
				policy: "admin",
				actor: "anonymous",
				status: 401,
				msg: "request denied",
			}),
		);
		await logged.close();
	});

	it("lets nobody in before the sign-in and device plugins set the authenticators", async () => {
		const bare = Fastify();
		installErrorHandler(bare);
		await bare.register(accessControlPlugin);
		bare.get("/signed", { config: { policy: "signedIn" } }, async () => "x");
		bare.get("/dev", { config: { policy: "device" } }, async () => "x");
		expect((await bare.inject({ url: "/signed" })).statusCode).toBe(401);
		expect((await bare.inject({ url: "/dev" })).statusCode).toBe(401);
		await bare.close();
	});
});
