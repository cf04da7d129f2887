import * as oidc from "openid-client";

/** Why a sign-in failed, for the logs (never a token or code) and the tests. */
export type SignInFailureReason =
	| "issuer_unavailable"
	| "issuer_error"
	| "attempt_missing"
	| "attempt_expired"
	| "attempt_other_browser"
	| "callback_invalid"
	| "token_rejected"
	| "email_missing"
	| "email_unverified"
	| "identity_conflict";

export class SignInError extends Error {
	constructor(
		readonly reason: SignInFailureReason,
		/** A short technical detail for the log: an error code, never secret material. */
		readonly detail: string,
	) {
		super(`${reason}: ${detail}`);
		this.name = "SignInError";
	}
}

export interface RelyingPartyOptions {
	issuerUrl: string;
	clientId: string;
	clientSecret: string;
	redirectUri: string;
	/** Seconds each request to the issuer may take. */
	timeoutSeconds?: number;
}

/** What the callback must be checked against; kept server-side between login and callback. */
export interface AuthorizationSecrets {
	state: string;
	nonce: string;
	codeVerifier: string;
}

/**
 * The person the issuer vouched for, after every check of the ID token passed, the e-mail's
 * verification included: one exists only for a verified e-mail.
 */
export interface VerifiedIdentity {
	issuer: string;
	subject: string;
	email: string;
	name: string | null;
	picture: string | null;
}

export const SIGN_IN_SCOPE = "openid email profile";

function describeError(error: unknown): string {
	if (error instanceof oidc.AuthorizationResponseError)
		return `authorization_response:${error.error}`;
	if (error instanceof oidc.ResponseBodyError)
		return `token_endpoint:${error.status}:${error.error}`;
	const code = (error as { code?: unknown }).code;
	const message = error instanceof Error ? error.message : String(error);
	return typeof code === "string" ? `${code}: ${message}` : message;
}

function stringClaim(value: unknown): string | null {
	return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** Google sends `email_verified` as a boolean; some issuers send the string "true". */
function isVerified(value: unknown): boolean {
	return value === true || value === "true";
}

/**
 * The OpenID Connect relying party: authorization code flow with PKCE (S256), state and nonce.
 * The same code runs against Google and against the demo issuer; openid-client checks the ID
 * token's signature (issuer JWKS, enabled below), `iss`, `aud`, `azp`, `exp`, `iat` and `nonce`.
 */
export function createRelyingParty(options: RelyingPartyOptions) {
	const issuerUrl = new URL(options.issuerUrl);
	let configuration: Promise<oidc.Configuration> | undefined;

	function discover(): Promise<oidc.Configuration> {
		if (!configuration) {
			configuration = oidc
				.discovery(
					issuerUrl,
					options.clientId,
					undefined,
					oidc.ClientSecretPost(options.clientSecret),
					{
						execute: [
							// openid-client trusts TLS for tokens from the token endpoint and skips the ID
							// token's signature unless asked; we check it too (issuer JWKS), so a forged
							// token is refused even on a plain-http demo issuer or behind a broken proxy.
							oidc.enableNonRepudiationChecks,
							// Plain http only for an issuer configured on http (the demo issuer on a laptop).
							...(issuerUrl.protocol === "http:" ? [oidc.allowInsecureRequests] : []),
						],
						timeout: options.timeoutSeconds ?? 10,
					},
				)
				.catch((error: unknown) => {
					// Try again on the next sign-in instead of keeping the failure forever.
					configuration = undefined;
					throw new SignInError("issuer_unavailable", describeError(error));
				});
		}
		return configuration;
	}

	return {
		/** Where to send the browser, and the secrets the callback is checked against. */
		async beginAuthorization(): Promise<{ url: URL; secrets: AuthorizationSecrets }> {
			const config = await discover();
			const secrets: AuthorizationSecrets = {
				state: oidc.randomState(),
				nonce: oidc.randomNonce(),
				codeVerifier: oidc.randomPKCECodeVerifier(),
			};
			const url = oidc.buildAuthorizationUrl(config, {
				redirect_uri: options.redirectUri,
				response_type: "code",
				scope: SIGN_IN_SCOPE,
				state: secrets.state,
				nonce: secrets.nonce,
				code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
				code_challenge_method: "S256",
			});
			return { url, secrets };
		},

		/**
		 * Checks the callback (state, issuer errors), exchanges the code (PKCE verifier, client
		 * secret), verifies the ID token and returns who signed in.
		 */
		async completeAuthorization(
			callbackUrl: URL,
			secrets: AuthorizationSecrets,
		): Promise<VerifiedIdentity> {
			const config = await discover();
			let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
			try {
				tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
					expectedState: secrets.state,
					expectedNonce: secrets.nonce,
					pkceCodeVerifier: secrets.codeVerifier,
					idTokenExpected: true,
				});
			} catch (error) {
				if (error instanceof oidc.AuthorizationResponseError)
					throw new SignInError("issuer_error", describeError(error));
				throw new SignInError("token_rejected", describeError(error));
			}
			const claims = tokens.claims();
			if (!claims) throw new SignInError("token_rejected", "no ID token in the token response");

			let email = stringClaim(claims.email);
			let verified = isVerified(claims.email_verified);
			let name = stringClaim(claims.name);
			let picture = stringClaim(claims.picture);
			if (email === null && tokens.access_token) {
				// Issuers that keep the ID token small put the e-mail in userinfo only.
				const info = await oidc
					.fetchUserInfo(config, tokens.access_token, claims.sub)
					.catch((error: unknown) => {
						throw new SignInError("token_rejected", `userinfo: ${describeError(error)}`);
					});
				email = stringClaim(info.email);
				verified = isVerified(info.email_verified);
				name ??= stringClaim(info.name);
				picture ??= stringClaim(info.picture);
			}
			if (email === null) throw new SignInError("email_missing", "no email claim");
			if (!verified) throw new SignInError("email_unverified", "email_verified is not true");
			return {
				issuer: claims.iss,
				subject: claims.sub,
				email: email.toLowerCase(),
				name,
				picture: picture !== null && /^https?:\/\//.test(picture) ? picture : null,
			};
		},
	};
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
