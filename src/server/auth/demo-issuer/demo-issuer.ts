import type { FastifyInstance } from "fastify";
import { DEMO_CLIENT_ID } from "../../config";
import { deriveSubkey } from "../../crypto/secret-box";
import { createUserRepository } from "../../repositories/user-repository";
import { DEMO_ACCOUNTS, nameFromEmail } from "./accounts";
import { DEMO_AVATAR_PATH, demoIssuerRoutes } from "./demo-issuer-routes";
import { loadOrCreateDemoJwks } from "./jwks";

/**
 * The demo client's secret: derived from SECRET_KEY, so the issuer and the relying party agree
 * without storing it, and it changes when the key does.
 */
export function demoClientSecret(secretKey: Buffer): string {
	return deriveSubkey(secretKey, "demo-oidc-client-secret").toString("base64url");
}

/** Mounts the demo issuer (config.oidc.mode "demo") at /oidc. */
export async function registerDemoIssuer(
	app: FastifyInstance,
	options: { redirectUri: string; rateLimit: { max: number; timeWindow: string } },
) {
	const { config, db } = app.deps;
	const users = createUserRepository(db);
	// Loaded only in demo mode: oidc-provider is a stand-in issuer, never needed in production.
	const { createDemoProvider } = await import("./provider");
	const provider = createDemoProvider({
		issuer: config.oidc.issuerUrl,
		clientId: DEMO_CLIENT_ID,
		clientSecret: demoClientSecret(config.secretKey),
		redirectUri: options.redirectUri,
		jwks: loadOrCreateDemoJwks(config.dataDir),
		cookieKey: deriveSubkey(config.secretKey, "demo-issuer-cookies").toString("base64url"),
		pictureUrl: `${config.publicUrl}${DEMO_AVATAR_PATH}`,
		async nameFor(email) {
			const user = await users.findByEmail(email);
			return (
				user?.display_name ??
				DEMO_ACCOUNTS.find((a) => a.email === email)?.name ??
				nameFromEmail(email)
			);
		},
	});
	provider.on("server_error", (_ctx, error) => app.log.error({ err: error }, "demo issuer error"));
	await app.register(demoIssuerRoutes, {
		provider,
		publicUrl: config.publicUrl,
		rateLimit: options.rateLimit,
	});
}
