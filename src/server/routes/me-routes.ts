import type { FastifyInstance } from "fastify";
import { getMe } from "../../shared/api/me";
import { getProfile, updateProfile } from "../../shared/api/profile";
import { registerEndpoint } from "../http/route";
import { createUserRepository } from "../repositories/user-repository";
import { createProfileService } from "../services/profile-service";

/** /api/me (who am I, with the CSRF token) and "Meus Dados". */
export async function meRoutes(app: FastifyInstance) {
	const profiles = createProfileService(createUserRepository(app.deps.db), app.deps.config);

	registerEndpoint(app, getMe, "signedIn", async ({ actor }) => {
		return { user: actor.user, csrfToken: app.csrfTokenFor(actor.authSessionId) };
	});

	registerEndpoint(app, getProfile, "signedIn", async ({ actor, reply }) => {
		// The Wi-Fi password is in this answer: no cache may keep it.
		reply.header("cache-control", "no-store");
		return { profile: await profiles.getProfile(actor.user.id) };
	});

	// A field the form does not have is refused, not silently dropped (a client out of date).
	const strictUpdateProfile = { ...updateProfile, body: updateProfile.body.strict() };
	registerEndpoint(app, strictUpdateProfile, "signedIn", async ({ actor, reply, body }) => {
		reply.header("cache-control", "no-store");
		return profiles.updateProfile(actor.user.id, body);
	});
}
