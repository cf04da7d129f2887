import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { forbidden } from "../../errors";
import { demoSubjectFor, normalizeDemoEmail } from "./accounts";
import { DEMO_AVATAR_SVG, renderDemoExpiredPage, renderDemoSignInPage } from "./pages";
import { DEMO_ISSUER_PATH } from "./paths";

export const DEMO_AVATAR_PATH = `${DEMO_ISSUER_PATH}/avatar.svg`;

export interface DemoIssuerRoutesOptions {
	provider: Provider;
	publicUrl: string;
	rateLimit: { max: number; timeWindow: string };
}

type RawRequest = FastifyRequest["raw"] & { originalUrl?: string };

/**
 * Sign-in popup pages must keep the link to the login page that opened them; and the form must
 * send its real Origin (under "no-referrer" a browser sends `Origin: null` for a form post).
 */
function html(reply: FastifyReply, status: number, body: string) {
	return reply
		.status(status)
		.header("cache-control", "no-store")
		.header("cross-origin-opener-policy", "unsafe-none")
		.header("referrer-policy", "same-origin")
		.type("text/html; charset=utf-8")
		.send(body);
}

/**
 * The authorization request and its resume run without the issuer's own session from before:
 * the demo issuer asks for an e-mail every time, and switching accounts inside one issuer
 * session would make
 * oidc-provider end the old one with an auto-submitted page (an inline script, which our CSP
 * blocks).
 */
function forgetIssuerSession(raw: RawRequest) {
	const cookie = raw.headers.cookie;
	if (!cookie) return;
	const kept = cookie
		.split(";")
		.map((part) => part.trim())
		.filter((part) => part !== "" && !part.startsWith("_session"));
	if (kept.length > 0) raw.headers.cookie = kept.join("; ");
	else delete raw.headers.cookie;
}

/**
 * Hands the raw request to oidc-provider (a Koa app) as if it were mounted at /oidc: the path is
 * stripped of the prefix (kept in `originalUrl`, which the provider uses to build its URLs), the
 * forwarded headers are set from PUBLIC_URL (never trusted from the client), and the security
 * headers already set for this reply are carried over.
 */
function handToProvider(
	provider: Provider,
	publicUrl: URL,
	request: FastifyRequest,
	reply: FastifyReply,
) {
	const raw = request.raw as RawRequest;
	const url = raw.url ?? "/";
	raw.originalUrl = url;
	raw.url = url.slice(DEMO_ISSUER_PATH.length) || "/";
	if (/^\/auth(\/[^/?]+)?(\?|$)/.test(raw.url)) forgetIssuerSession(raw);
	raw.headers["x-forwarded-proto"] = publicUrl.protocol.replace(":", "");
	raw.headers["x-forwarded-host"] = publicUrl.host;
	raw.headers["x-forwarded-for"] = request.ip;
	reply.hijack();
	for (const [name, value] of Object.entries(reply.getHeaders())) {
		if (value !== undefined) reply.raw.setHeader(name, value as string | string[] | number);
	}
	reply.raw.setHeader("cross-origin-opener-policy", "unsafe-none");
	return provider.callback()(raw, reply.raw);
}

/** The in-process OpenID provider of demo mode, mounted at /oidc, and its sign-in page. */
export async function demoIssuerRoutes(app: FastifyInstance, options: DemoIssuerRoutesOptions) {
	const { provider } = options;
	const publicUrl = new URL(options.publicUrl);

	async function details(request: FastifyRequest, reply: FastifyReply) {
		try {
			const interaction = await provider.interactionDetails(request.raw, reply.raw);
			const uid = (request.params as { uid: string }).uid;
			return interaction.uid === uid && interaction.prompt.name === "login" ? interaction : null;
		} catch {
			// No interaction cookie, or it expired: the page was left open too long or reused.
			return null;
		}
	}

	// The issuer's own endpoints (discovery, authorize, token, JWKS, userinfo): its body parser
	// reads the request itself, so Fastify must not.
	await app.register(async (scope) => {
		scope.removeAllContentTypeParsers();
		scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
		scope.route({
			method: ["GET", "POST"],
			url: `${DEMO_ISSUER_PATH}/*`,
			config: { policy: "public" },
			handler: (request, reply) => handToProvider(provider, publicUrl, request, reply),
		});
	});

	app.get(DEMO_AVATAR_PATH, { config: { policy: "public" } }, async (_request, reply) =>
		reply
			.header("cache-control", "public, max-age=86400")
			.type("image/svg+xml")
			.send(DEMO_AVATAR_SVG),
	);

	await app.register(async (scope) => {
		await scope.register(formbody, { bodyLimit: 4096 });

		scope.get(
			`${DEMO_ISSUER_PATH}/interaction/:uid`,
			{ config: { policy: "public" } },
			async (request, reply) => {
				const interaction = await details(request, reply);
				if (!interaction) return html(reply, 400, renderDemoExpiredPage());
				const action = `${DEMO_ISSUER_PATH}/interaction/${encodeURIComponent(interaction.uid)}/login`;
				const hint =
					typeof interaction.params.login_hint === "string" ? interaction.params.login_hint : "";
				return html(reply, 200, renderDemoSignInPage({ action, email: hint }));
			},
		);

		scope.post(
			`${DEMO_ISSUER_PATH}/interaction/:uid/login`,
			{ config: { policy: "public", rateLimit: options.rateLimit } },
			async (request, reply) => {
				const origin = request.headers.origin;
				if (origin !== undefined && origin !== publicUrl.origin) {
					request.log.warn(
						{ event: "access_denied", reason: "demo_issuer_origin" },
						"request denied",
					);
					throw forbidden("Requisição recusada: origem desconhecida.", "csrf");
				}
				const interaction = await details(request, reply);
				if (!interaction) return html(reply, 400, renderDemoExpiredPage());
				const body = (request.body ?? {}) as Record<string, unknown>;
				const typed = typeof body.email === "string" ? body.email : "";
				const email = normalizeDemoEmail(typed);
				const action = `${DEMO_ISSUER_PATH}/interaction/${encodeURIComponent(interaction.uid)}/login`;
				if (email === null) {
					return html(
						reply,
						400,
						renderDemoSignInPage({
							action,
							email: typed.slice(0, 254),
							error: "Informe um e-mail válido, por exemplo piloto@exemplo.com.",
						}),
					);
				}
				reply.hijack();
				// Browsers apply COOP to redirects too: this 303 must not cut the popup from its opener.
				reply.raw.setHeader("cross-origin-opener-policy", "unsafe-none");
				await provider.interactionFinished(
					request.raw,
					reply.raw,
					{ login: { accountId: demoSubjectFor(email), remember: false } },
					{ mergeWithLastSubmission: false },
				);
			},
		);
	});
}
