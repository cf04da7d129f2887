import type { FastifyRequest } from "fastify";
import type { UserActor } from "../../auth/actor";
import { unauthorized } from "../../errors";
import type { AuditActor } from "../../services/audit-service";

/** The signed-in user behind a request the admin or seller policy already let through. */
export function userActorOf(request: FastifyRequest): UserActor {
	const actor = request.actor;
	if (actor.kind !== "user") throw unauthorized();
	return actor;
}

export function auditActorOfRequest(request: FastifyRequest): AuditActor & { id: string } {
	const { user } = userActorOf(request);
	return { id: user.id, label: user.email };
}
