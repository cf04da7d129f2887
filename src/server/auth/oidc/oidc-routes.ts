import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden } from "../../errors";
import { createLoginAttemptRepository } from "../../repositories/login-attempt-repository";
import { createUserRepository } from "../../repositories/user-repository";
import { PAGES_CSS, PAGES_CSS_PATH, POPUP_SCRIPT, POPUP_SCRIPT_PATH } from "../html";
import { CSRF_HEADER, sessionCookieName } from "../session-plugin";
import { createSignInService } from "../sign-in-service";
import { renderSignedInPopupPage, renderSignInFailedPage } from "./callback-pages";
import { createLoginAttempts } from "./login-attempts";
import { type RelyingParty, SignInError, type SignInFailureReason } from "./relying-party";

export const CALLBACK_PATH = "/auth/callback";
export const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: "1 minute" } as const;

/** Where a signed-in person goes next; the SPA sends a rider without "Meus Dados" on to /enroll. */
const AFTER_SIGN_IN = "/user";

const STATUS_FOR: Record<SignInFailureReason, number> = {
	issuer_unavailable: 502,
	issuer_error: 401,
	attempt_missing: 400,
	attempt_expired: 400,
	attempt_other_browser: 400,
	callback_invalid: 400,
	token_rejected: 401,
	email_missing: 401,
	email_unverified: 401,
	identity_conflict: 401,
};

/** Pages of the sign-in popup must not cut the link to the login page that opened them. */
function allowOpener(reply: FastifyReply): FastifyReply {
	return reply.header("cross-origin-opener-policy", "unsafe-none");
}

function noStore(reply: FastifyReply): FastifyReply {
	return reply.header("cache-control", "no-store").header("pragma", "no-cache");
}

/** GET /auth/login, GET /auth/callback, POST /auth/logout and the pages' script and style. */
export async function oidcRoutes(app: FastifyInstance, options: { relyingParty: RelyingParty }) {
	const { config, db } = app.deps;
	const { relyingParty } = options;
	const attempts = createLoginAttempts(createLoginAttemptRepository(db), config);
	const signIns = createSignInService(createUserRepository(db));
	const sessionCookie = sessionCookieName(config);

	function fail(request: FastifyRequest, reply: FastifyReply, error: unknown) {
		const failure =
			error instanceof SignInError
				? error
				: new SignInError("token_rejected", error instanceof Error ? error.message : "unknown");
		if (!(error instanceof SignInError))
			request.log.error({ err: error }, "sign-in failed unexpectedly");
		request.log.warn(
			{ event: "sign_in_failed", reason: failure.reason, detail: failure.detail },
			"sign-in failed",
		);
		return allowOpener(noStore(reply))
			.status(STATUS_FOR[failure.reason])
			.type("text/html; charset=utf-8")
			.send(renderSignInFailedPage(failure.reason));
	}

	app.get(
		"/auth/login",
		{ config: { policy: "public", rateLimit: SIGN_IN_RATE_LIMIT } },
		async (request, reply) => {
			const popup = (request.query as Record<string, unknown>).popup === "1";
			try {
				const { url, secrets } = await relyingParty.beginAuthorization();
				await attempts.start(reply, secrets, popup);
				return allowOpener(noStore(reply)).redirect(url.href, 302);
			} catch (error) {
				return fail(request, reply, error);
			}
		},
	);

	app.get(
		CALLBACK_PATH,
		{ config: { policy: "public", rateLimit: SIGN_IN_RATE_LIMIT } },
		async (request, reply) => {
			const query = request.query as Record<string, unknown>;
			try {
				const state = typeof query.state === "string" ? query.state : undefined;
				const { secrets, popup } = await attempts.take(request, state);
				// The URL the issuer sent the browser to, rebuilt on our public origin (behind a proxy
				// the request's own host may differ); openid-client checks state, iss and errors in it.
				const callbackUrl = new URL(request.url, config.publicUrl);
				const identity = await relyingParty.completeAuthorization(callbackUrl, secrets);
				const { user, how } = await signIns.signIn(identity);
				// A session this browser still had (maybe another person's) ends with the new sign-in.
				const previous = request.cookies[sessionCookie];
				if (previous) await app.authSessions.revoke(previous);
				await app.issueSessionCookie(reply, user.id, request.headers["user-agent"] ?? null);
				request.log.info({ event: "sign_in", userId: user.id, how }, "signed in");
				noStore(reply);
				if (popup) {
					return allowOpener(reply)
						.type("text/html; charset=utf-8")
						.send(renderSignedInPopupPage(AFTER_SIGN_IN));
				}
				return reply.redirect(AFTER_SIGN_IN, 302);
			} catch (error) {
				return fail(request, reply, error);
			}
		},
	);

	app.post("/auth/logout", { config: { policy: "public" } }, async (request, reply) => {
		const token = request.cookies[sessionCookie];
		const origin = request.headers.origin;
		// A public route, so the CSRF hook does not run: ask for our Origin, or (browsers that send
		// none) the session's CSRF token, so another site cannot sign people out.
		if (origin !== undefined) {
			if (origin !== config.publicUrl) {
				request.log.warn({ event: "access_denied", reason: "logout_origin" }, "request denied");
				throw forbidden("Requisição recusada: origem desconhecida.", "csrf");
			}
		} else if (token) {
			const resolved = await app.authSessions.resolve(token);
			const sent = request.headers[CSRF_HEADER];
			if (resolved && sent !== app.csrfTokenFor(resolved.idHash)) {
				request.log.warn({ event: "access_denied", reason: "logout_csrf" }, "request denied");
				throw forbidden(
					"Requisição recusada (proteção CSRF). Recarregue a página e tente de novo.",
					"csrf",
				);
			}
		}
		if (token) await app.authSessions.revoke(token);
		app.clearSessionCookie(reply);
		request.log.info({ event: "sign_out", hadSession: Boolean(token) }, "signed out");
		return noStore(reply).status(204).send();
	});

	app.get(POPUP_SCRIPT_PATH, { config: { policy: "public" } }, async (_request, reply) =>
		reply
			.header("cache-control", "public, max-age=300")
			.type("text/javascript; charset=utf-8")
			.send(POPUP_SCRIPT),
	);

	app.get(PAGES_CSS_PATH, { config: { policy: "public" } }, async (_request, reply) =>
		reply
			.header("cache-control", "public, max-age=300")
			.type("text/css; charset=utf-8")
			.send(PAGES_CSS),
	);
}
