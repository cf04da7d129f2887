import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { deriveSubkey } from "../crypto/secret-box";
import { forbidden } from "../errors";
import { createAuthSessionRepository } from "../repositories/auth-session-repository";
import {
	type AuthSessionService,
	createAuthSessionService,
	scheduleSessionPurge,
} from "./auth-sessions";

declare module "fastify" {
	interface FastifyInstance {
		authSessions: AuthSessionService;
		/** Starts a sign-in session for the user and sets its cookie. */
		issueSessionCookie(
			reply: FastifyReply,
			userId: string,
			userAgent: string | null,
		): Promise<void>;
		clearSessionCookie(reply: FastifyReply): void;
		csrfTokenFor(authSessionId: string): string;
	}
}

export const CSRF_HEADER = "x-csrf-token";

/** Over https the cookie is `__Host-` prefixed: Secure, Path=/, no Domain, so no subdomain can set it. */
export function sessionCookieName(config: Pick<Config, "secureCookies">): string {
	return config.secureCookies ? "__Host-lapsix_session" : "lapsix_session";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: cookie-authenticated requests that change state must carry `x-csrf-token`, an HMAC of
 * the sign-in session (given by GET /api/me), and, when the browser sends an Origin, it must be
 * ours. SameSite=Lax already stops most cross-site posts; the token covers the rest.
 */
function originAllowed(request: FastifyRequest, publicUrl: string): boolean {
	const origin = request.headers.origin;
	return origin === undefined || origin === publicUrl;
}

async function sessionPlugin(app: FastifyInstance) {
	const { config, db } = app.deps;
	const service = createAuthSessionService(createAuthSessionRepository(db));
	const cookieName = sessionCookieName(config);
	const csrfKey = deriveSubkey(config.secretKey, "csrf");
	const csrfTokenFor = (authSessionId: string) =>
		createHmac("sha256", csrfKey).update(authSessionId).digest("base64url");

	app.decorate("authSessions", service);
	let purge: { stop(): void } | undefined;
	app.addHook("onReady", async () => {
		purge = scheduleSessionPurge(service, config.sessionPurgeIntervalMs, (error) =>
			app.log.error({ err: error }, "purging expired sign-in sessions failed"),
		);
	});
	app.addHook("onClose", async () => purge?.stop());
	app.decorate("csrfTokenFor", csrfTokenFor);
	app.decorate(
		"issueSessionCookie",
		async (reply: FastifyReply, userId: string, userAgent: string | null) => {
			const { token, expiresAt } = await service.create(userId, userAgent);
			reply.setCookie(cookieName, token, {
				path: "/",
				httpOnly: true,
				sameSite: "lax",
				secure: config.secureCookies,
				expires: expiresAt,
			});
		},
	);
	app.decorate("clearSessionCookie", (reply: FastifyReply) => {
		reply.clearCookie(cookieName, {
			path: "/",
			httpOnly: true,
			sameSite: "lax",
			secure: config.secureCookies,
		});
	});

	app.authenticators.user = async (request, reply) => {
		const token = request.cookies[cookieName];
		if (!token) return null;
		const resolved = await service.resolve(token);
		if (!resolved) {
			app.clearSessionCookie(reply);
			return null;
		}
		return { kind: "user", user: resolved.user, authSessionId: resolved.idHash };
	};

	app.addHook("onRequest", async (request) => {
		if (SAFE_METHODS.has(request.method) || request.actor?.kind !== "user") return;
		const sent = request.headers[CSRF_HEADER];
		const expected = Buffer.from(csrfTokenFor(request.actor.authSessionId));
		const valid =
			typeof sent === "string" &&
			sent.length === expected.length &&
			timingSafeEqual(Buffer.from(sent), expected) &&
			originAllowed(request, config.publicUrl);
		if (!valid) {
			request.log.warn({ event: "access_denied", reason: "csrf" }, "request denied");
			throw forbidden(
				"Requisição recusada (proteção CSRF). Recarregue a página e tente de novo.",
				"csrf",
			);
		}
	});
}

export const sessionCookiePlugin = fp(sessionPlugin, {
	name: "session-cookie",
	dependencies: ["access-control"],
});
