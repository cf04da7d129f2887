import Provider, {
	type Configuration,
	interactionPolicy,
	type KoaContextWithOIDC,
} from "oidc-provider";
import { escapeHtml, renderPage } from "../html";
import { emailOfDemoSubject } from "./accounts";
import type { SigningJwks } from "./jwks";
import { createMemoryStore } from "./memory-store";

import { DEMO_ISSUER_PATH } from "./paths";

export { DEMO_ISSUER_PATH };
export const DEMO_SCOPE = "openid email profile";

export interface DemoProviderOptions {
	issuer: string;
	clientId: string;
	clientSecret: string;
	redirectUri: string;
	jwks: SigningJwks;
	/** Signs the issuer's own cookies (interaction, session). */
	cookieKey: string;
	/** The display name shown for an e-mail (the users table, the demo list, or one made from it). */
	nameFor(email: string): Promise<string>;
	pictureUrl: string;
}

/**
 * The login prompt asks for an e-mail on every authorization request, even when the issuer
 * still remembers someone: on a demo machine people switch accounts all the time.
 */
function alwaysAskPolicy() {
	const policy = interactionPolicy.base();
	const login = policy.get("login");
	login?.checks.add(
		new interactionPolicy.Check(
			"demo_always_ask",
			"the demo issuer asks for an e-mail on every sign-in",
			"login_required",
			(ctx) =>
				ctx.oidc.result?.login
					? interactionPolicy.Check.NO_NEED_TO_PROMPT
					: interactionPolicy.Check.REQUEST_PROMPT,
		),
	);
	return policy;
}

/** Consent is implied: the only client is lapsix itself, asking for openid, email and profile. */
async function grantWithoutConsent(ctx: KoaContextWithOIDC) {
	const { oidc } = ctx;
	const client = oidc.client;
	const accountId = oidc.session?.accountId;
	if (!client || !accountId) return undefined;
	const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
	if (grantId) {
		const existing = await oidc.provider.Grant.find(grantId);
		if (existing) return existing;
	}
	const grant = new oidc.provider.Grant({ clientId: client.clientId, accountId });
	grant.addOIDCScope(DEMO_SCOPE);
	await grant.save();
	return grant;
}

function renderIssuerError(
	ctx: KoaContextWithOIDC,
	out: { error: string; error_description?: string },
) {
	ctx.type = "html";
	ctx.set("cache-control", "no-store");
	ctx.body = renderPage({
		title: "Erro no login de demonstração — lapsix",
		body: `<h1>Erro no login de demonstração</h1>
<p class="error" role="alert">O emissor de demonstração recusou o pedido (${escapeHtml(out.error)}).</p>
<a class="button" href="/login">Voltar para o login</a>`,
	});
}

/** oidc-provider configured as a stand-in for Google: one confidential client, PKCE required. */
export function createDemoProvider(options: DemoProviderOptions): Provider {
	const configuration: Configuration = {
		adapter: createMemoryStore(),
		clients: [
			{
				client_id: options.clientId,
				client_secret: options.clientSecret,
				redirect_uris: [options.redirectUri],
				grant_types: ["authorization_code"],
				response_types: ["code"],
				token_endpoint_auth_method: "client_secret_post",
			},
		],
		jwks: options.jwks as Configuration["jwks"],
		cookies: { keys: [options.cookieKey] },
		scopes: ["openid", "email", "profile"],
		claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
		// Like Google: the e-mail and name are in the ID token itself.
		conformIdTokenClaims: false,
		pkce: { required: () => true },
		features: { devInteractions: { enabled: false } },
		interactions: {
			url: (_ctx, interaction) => `${DEMO_ISSUER_PATH}/interaction/${interaction.uid}`,
			policy: alwaysAskPolicy(),
		},
		loadExistingGrant: grantWithoutConsent,
		async findAccount(_ctx, sub) {
			const email = emailOfDemoSubject(sub);
			if (email === null) return undefined;
			const name = await options.nameFor(email);
			return {
				accountId: sub,
				claims: () => ({ sub, email, email_verified: true, name, picture: options.pictureUrl }),
			};
		},
		renderError: (ctx, out) => renderIssuerError(ctx, out),
		ttl: {
			Interaction: 10 * 60,
			Session: 60 * 60,
			Grant: 60 * 60,
			AuthorizationCode: 60,
			AccessToken: 10 * 60,
			IdToken: 60 * 60,
		},
	};
	const provider = new Provider(options.issuer, configuration);
	// The routes in front of it set X-Forwarded-* from PUBLIC_URL, so it builds the public URLs.
	provider.proxy = true;
	return provider;
}
