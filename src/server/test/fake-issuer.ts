import { generateKeyPairSync, type KeyObject, randomUUID, sign } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the token endpoint is about to answer; a test changes it to craft a bad ID token. */
export interface TokenRecipe {
	claims: Record<string, unknown>;
	/** Sign with another key than the published one (a forged token). */
	foreignKey?: boolean;
	header?: Record<string, unknown>;
}

export interface FakeIssuer {
	url: string;
	clientId: string;
	clientSecret: string;
	/** Called with the token request; returns how to build the ID token. */
	recipe: (request: { nonce: string | undefined; clientId: string }) => TokenRecipe;
	/** The token requests received: the test checks the client secret and PKCE verifier were sent. */
	tokenRequests: URLSearchParams[];
	close(): Promise<void>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function signJwt(
	header: Record<string, unknown>,
	claims: Record<string, unknown>,
	key: KeyObject,
): string {
	const input = `${b64(header)}.${b64(claims)}`;
	return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`;
}

/**
 * A minimal OpenID provider on loopback: discovery, JWKS and a token endpoint whose ID token the
 * test crafts. The authorization step is skipped: the test builds the callback URL itself, with
 * the state the relying party put in its redirect, so each check of the relying party can be hit.
 */
export async function startFakeIssuer(): Promise<FakeIssuer> {
	const published = generateKeyPairSync("rsa", { modulusLength: 2048 });
	const foreign = generateKeyPairSync("rsa", { modulusLength: 2048 });
	const kid = randomUUID();
	const nonces = new Map<string, string>();
	let server: Server | undefined;

	const issuer: FakeIssuer = {
		url: "",
		clientId: "fake-client",
		clientSecret: "fake-secret-0123456789",
		tokenRequests: [],
		recipe: () => ({ claims: {} }),
		close: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
	};

	server = createServer(async (req, res) => {
		const url = new URL(req.url ?? "/", issuer.url);
		const json = (status: number, body: unknown) => {
			res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
		};
		if (url.pathname === "/.well-known/openid-configuration") {
			return json(200, {
				issuer: issuer.url,
				authorization_endpoint: `${issuer.url}/authorize`,
				token_endpoint: `${issuer.url}/token`,
				jwks_uri: `${issuer.url}/jwks`,
				response_types_supported: ["code"],
				subject_types_supported: ["public"],
				id_token_signing_alg_values_supported: ["RS256"],
				code_challenge_methods_supported: ["S256"],
			});
		}
		if (url.pathname === "/jwks") {
			return json(200, {
				keys: [{ ...published.publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }],
			});
		}
		if (url.pathname === "/authorize") {
			// Remember the nonce per code, as a real issuer would.
			const code = randomUUID();
			nonces.set(code, url.searchParams.get("nonce") ?? "");
			res
				.writeHead(302, {
					location: `${url.searchParams.get("redirect_uri")}?code=${code}&state=${encodeURIComponent(url.searchParams.get("state") ?? "")}`,
				})
				.end();
			return;
		}
		if (url.pathname === "/token" && req.method === "POST") {
			let raw = "";
			for await (const chunk of req) raw += chunk;
			const form = new URLSearchParams(raw);
			issuer.tokenRequests.push(form);
			if (form.get("client_secret") !== issuer.clientSecret || !form.get("code_verifier")) {
				return json(401, { error: "invalid_client" });
			}
			const code = form.get("code") ?? "";
			const nonce = nonces.get(code);
			if (nonce === undefined) return json(400, { error: "invalid_grant" });
			nonces.delete(code);
			const recipe = issuer.recipe({ nonce, clientId: form.get("client_id") ?? "" });
			const header = { alg: "RS256", typ: "JWT", kid, ...recipe.header };
			const idToken = signJwt(
				header,
				recipe.claims,
				recipe.foreignKey ? foreign.privateKey : published.privateKey,
			);
			return json(200, {
				access_token: randomUUID(),
				token_type: "Bearer",
				expires_in: 600,
				id_token: idToken,
			});
		}
		json(404, { error: "not_found" });
	});
	await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
	issuer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return issuer;
}

/** A valid ID token's claims for this issuer and client. */
export function goodClaims(
	issuer: FakeIssuer,
	nonce: string | undefined,
	overrides: Record<string, unknown> = {},
) {
	const now = Math.floor(Date.now() / 1000);
	return {
		iss: issuer.url,
		aud: issuer.clientId,
		sub: "fake-subject-1",
		iat: now,
		exp: now + 600,
		nonce,
		email: "fake.rider@example.com",
		email_verified: true,
		name: "Fake Rider",
		...overrides,
	};
}
