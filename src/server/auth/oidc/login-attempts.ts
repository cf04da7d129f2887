import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { createSecretBox } from "../../crypto/secret-box";
import type { LoginAttemptRepository } from "../../repositories/login-attempt-repository";
import { type AuthorizationSecrets, SignInError } from "./relying-party";

export const LOGIN_ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** Over https `__Host-` prefixed, like the session cookie. */
export function loginCookieName(config: Pick<Config, "secureCookies">): string {
	return config.secureCookies ? "__Host-lapsix_login" : "lapsix_login";
}

function sha256(text: string): string {
	return createHash("sha256").update(text, "utf8").digest("hex");
}

function isSecrets(value: unknown): value is AuthorizationSecrets {
	const v = value as Partial<AuthorizationSecrets> | null;
	return (
		typeof v?.state === "string" &&
		typeof v.nonce === "string" &&
		typeof v.codeVerifier === "string"
	);
}

/**
 * Sign-in attempts between /auth/login and /auth/callback. The state, nonce and PKCE verifier
 * stay on the server (sealed); the browser holds only a random login cookie, and an attempt is
 * accepted only from the browser that started it (no login CSRF), only once (the row is deleted
 * when read) and only within 10 minutes. Each /auth/login mints a new login cookie, so of
 * two sign-ins started in one browser only the latest can complete.
 */
export function createLoginAttempts(
	repo: LoginAttemptRepository,
	config: Pick<Config, "secretKey" | "secureCookies">,
	now: () => Date = () => new Date(),
) {
	const box = createSecretBox(config.secretKey, "oidc-attempt");
	const cookieName = loginCookieName(config);

	return {
		async start(reply: FastifyReply, secrets: AuthorizationSecrets, popup: boolean): Promise<void> {
			// Always a new token: one the browser brings may have been planted by someone who
			// holds an attempt bound to it (login CSRF), so it is never reused.
			const browserToken = randomBytes(32).toString("base64url");
			const at = now();
			await repo.deleteExpired(at);
			await repo.insert({
				stateHash: sha256(secrets.state),
				browserHash: sha256(browserToken),
				sealed: box.seal(JSON.stringify(secrets)),
				popup,
				expiresAt: new Date(at.getTime() + LOGIN_ATTEMPT_TTL_MS),
			});
			reply.setCookie(cookieName, browserToken, {
				path: "/",
				httpOnly: true,
				// Lax: the issuer brings the browser back with a top-level GET, which carries it.
				sameSite: "lax",
				secure: config.secureCookies,
				maxAge: LOGIN_ATTEMPT_TTL_MS / 1000,
			});
		},

		/** The attempt this callback answers; it is used up whatever happens next. */
		async take(
			request: FastifyRequest,
			state: string | undefined,
		): Promise<{ secrets: AuthorizationSecrets; popup: boolean }> {
			if (!state || state.length > 200)
				throw new SignInError("attempt_missing", "no state in the callback");
			const attempt = await repo.take(sha256(state));
			if (!attempt) throw new SignInError("attempt_missing", "unknown or already used state");
			if (attempt.expiresAt.getTime() <= now().getTime())
				throw new SignInError("attempt_expired", "attempt expired");
			const browserToken = request.cookies[cookieName];
			if (!browserToken || sha256(browserToken) !== attempt.browserHash) {
				throw new SignInError(
					"attempt_other_browser",
					"login cookie missing or of another browser",
				);
			}
			let secrets: unknown;
			try {
				secrets = JSON.parse(box.open(attempt.sealed));
			} catch {
				throw new SignInError("attempt_missing", "attempt cannot be opened (key changed?)");
			}
			if (!isSecrets(secrets))
				throw new SignInError("attempt_missing", "attempt has an unknown shape");
			return { secrets, popup: attempt.popup };
		},
	};
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
