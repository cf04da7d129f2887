import type { FastifyInstance } from "fastify";
import { getSignInState } from "../../shared/api/me";
import { registerEndpoint } from "../http/route";

/**
 * GET /api/me/state: who is signed in, or nobody. Public, so the answer is always 200 and the
 * browser logs no error on the sign-in page; the identity comes from the session cookie exactly
 * as for the signed-in routes.
 */
export async function signInStateRoutes(app: FastifyInstance) {
	registerEndpoint(app, getSignInState, "public", async ({ request, reply }) => {
		reply.header("cache-control", "no-store");
		const actor = await app.authenticators.user(request, reply);
		if (actor?.kind !== "user") return { user: null, csrfToken: null };
		return { user: actor.user, csrfToken: app.csrfTokenFor(actor.authSessionId) };
	});
}
