import type { FastifyInstance } from "fastify";
import { getMe } from "../../shared/api/me";
import { getProfile, updateProfile } from "../../shared/api/profile";
import type { UserActor } from "../auth/actor";
import { unauthorized } from "../errors";
import { registerEndpoint } from "../http/route";
import { createUserRepository } from "../repositories/user-repository";
import { createProfileService } from "../services/profile-service";

function signedInActor(actor: { kind: string }): UserActor {
	// The signedIn policy already refused everyone else; this narrows the type.
	if (actor.kind !== "user") throw unauthorized();
	return actor as UserActor;
}

/** /api/me (who am I, with the CSRF token) and "Meus Dados". */
export async function meRoutes(app: FastifyInstance) {
	const profiles = createProfileService(createUserRepository(app.deps.db), app.deps.config);

	registerEndpoint(app, getMe, "signedIn", async ({ request }) => {
		const actor = signedInActor(request.actor);
		return { user: actor.user, csrfToken: app.csrfTokenFor(actor.authSessionId) };
	});

	registerEndpoint(app, getProfile, "signedIn", async ({ request, reply }) => {
		const actor = signedInActor(request.actor);
		// The Wi-Fi password is in this answer: no cache may keep it.
		reply.header("cache-control", "no-store");
		return { profile: await profiles.getProfile(actor.user.id) };
	});

	// A field the form does not have is refused, not silently dropped (a client out of date).
	const strictUpdateProfile = { ...updateProfile, body: updateProfile.body.strict() };
	registerEndpoint(app, strictUpdateProfile, "signedIn", async ({ request, reply, body }) => {
		const actor = signedInActor(request.actor);
		reply.header("cache-control", "no-store");
		return profiles.updateProfile(actor.user.id, body);
	});
}
