import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors";
import { meRoutes } from "../routes/me-routes";
import { demoClientSecret, registerDemoIssuer } from "./demo-issuer/demo-issuer";
import { CALLBACK_PATH, oidcRoutes, SIGN_IN_RATE_LIMIT } from "./oidc/oidc-routes";
import { createRelyingParty } from "./oidc/relying-party";
import { databaseRateLimitStore } from "./rate-limit-store";

/** Sign-in (OpenID Connect), the demo issuer, logout, /api/me and "Meus Dados". */
async function auth(app: FastifyInstance) {
	const { config } = app.deps;
	const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
	const demo = config.oidc.mode === "demo";
	const relyingParty = createRelyingParty({
		issuerUrl: config.oidc.issuerUrl,
		clientId: config.oidc.clientId,
		clientSecret: demo ? demoClientSecret(config.secretKey) : config.oidc.clientSecret,
		redirectUri,
	});
	if (demo) {
		app.log.info(
			{ issuer: config.oidc.issuerUrl },
			"sign-in: demo issuer (no Google client configured)",
		);
	}

	// Sign-in routes get their own scope for the rate limiter (per IP, only where configured).
	await app.register(async (scope) => {
		await scope.register(rateLimit, {
			global: false,
			// Counted in the database: every instance sees the same hits.
			store: databaseRateLimitStore(app.deps.db),
			// A database error must not lock everyone out of signing in.
			skipOnError: true,
			errorResponseBuilder: () =>
				new AppError(
					429,
					"rate_limited",
					"Muitas tentativas de login. Aguarde um minuto e tente de novo.",
				),
		});
		if (demo) await registerDemoIssuer(scope, { redirectUri, rateLimit: SIGN_IN_RATE_LIMIT });
		await scope.register(oidcRoutes, { relyingParty });
	});
	await app.register(meRoutes);
}

export const authPlugin = fp(auth, {
	name: "auth",
	dependencies: ["access-control", "session-cookie"],
});
