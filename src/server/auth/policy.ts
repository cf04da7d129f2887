import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasRole } from "../../shared/roles";
import { type AppError, forbidden, unauthorized } from "../errors";
import { type Actor, ANONYMOUS, type DeviceActor, type UserActor } from "./actor";

/**
 * Who may call a route, declared on every route as `config: { policy }`:
 * - public: anyone (sign-in pages, health checks, static files);
 * - signedIn: any signed-in user (rider, seller or admin);
 * - seller, admin: a user holding that role (`src/shared/roles.ts`, which the web client's
 *   menu and guards read too);
 * - device: a logger with its device key;
 * - metrics: a scraper with METRICS_TOKEN (no user, no logger: the token opens /metrics only).
 * Finer rules (a rider's own sessions, a seller's own riders and stock, who may share, re-time or
 * export a session, change roles...) live in one table, `access.ts`, which the services ask with
 * `can` / `authorize`. Handlers get the actor from `registerEndpoint` (routes registered by hand:
 * `actorFor`), as narrow as the policy guarantees.
 */
export type PolicyName = "public" | "signedIn" | "seller" | "admin" | "device" | "metrics";

export const POLICY_NAMES: readonly PolicyName[] = [
	"public",
	"signedIn",
	"seller",
	"admin",
	"device",
	"metrics",
];

declare module "fastify" {
	interface FastifyContextConfig {
		policy?: PolicyName;
	}
	interface FastifyRequest {
		actor: Actor;
	}
	interface FastifyInstance {
		authenticators: Authenticators;
	}
}

/** Filled in by the sign-in and device plugins; until then nobody is authenticated. */
export interface Authenticators {
	user(request: FastifyRequest, reply: FastifyReply): Promise<Actor | null>;
	device(request: FastifyRequest): Promise<Actor | null>;
	metrics(request: FastifyRequest): Promise<Actor | null>;
}

/** The actor a policy guarantees to a route's handler once the access-control hook let it in. */
export type ActorFor<P extends PolicyName> = P extends "public"
	? Actor
	: P extends "device"
		? DeviceActor
		: P extends "metrics"
			? Extract<Actor, { kind: "monitor" }>
			: UserActor;

/** `isAllowed` as a type guard: the only way a handler gets an actor narrower than `Actor`. */
export function isAllowedActor<P extends PolicyName>(
	policy: P,
	actor: Actor,
): actor is ActorFor<P> {
	return isAllowed(policy, actor);
}

/** The actor a policy admits, or the policy's own denial (the hook already refused the others). */
export function actorFor<P extends PolicyName>(policy: P, actor: Actor): ActorFor<P> {
	if (isAllowedActor(policy, actor)) return actor;
	throw denialFor(policy, actor);
}

export function isAllowed(policy: PolicyName, actor: Actor): boolean {
	switch (policy) {
		case "public":
			return true;
		case "device":
			return actor.kind === "device";
		case "metrics":
			return actor.kind === "monitor";
		case "signedIn":
			return actor.kind === "user";
		case "seller":
		case "admin":
			return actor.kind === "user" && hasRole(actor.user, policy);
	}
}

function denialFor(policy: PolicyName, actor: Actor): AppError {
	if (policy === "device") {
		return unauthorized("Chave do dispositivo ausente ou inválida.", "invalid_device_key");
	}
	if (policy === "metrics") {
		return unauthorized("Token de métricas ausente ou inválido.", "invalid_metrics_token");
	}
	if (actor.kind !== "user") return unauthorized();
	return forbidden(
		policy === "admin"
			? "Apenas administradores podem fazer isso."
			: "Apenas revendedores podem fazer isso.",
	);
}

async function accessControl(app: FastifyInstance) {
	app.decorateRequest<Actor | null>("actor", null);
	app.decorate("authenticators", {
		user: async () => null,
		device: async () => null,
		metrics: async () => null,
	} satisfies Authenticators);

	app.addHook("onRoute", (route) => {
		const policy = route.config?.policy;
		if (!policy || !POLICY_NAMES.includes(policy)) {
			throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
		}
	});

	app.addHook("onRequest", async (request, reply) => {
		const policy = request.routeOptions.config.policy;
		// Unmatched URLs (404 handler) have no route config: nothing to protect there.
		if (!policy) {
			request.actor = ANONYMOUS;
			return;
		}
		// Public routes (static files, sign-in pages) never touch the database for an identity.
		if (policy === "public") {
			request.actor = ANONYMOUS;
			return;
		}
		const actor =
			policy === "device"
				? await app.authenticators.device(request)
				: policy === "metrics"
					? await app.authenticators.metrics(request)
					: await app.authenticators.user(request, reply);
		request.actor = actor ?? ANONYMOUS;
		if (!isAllowed(policy, request.actor)) {
			const denial = denialFor(policy, request.actor);
			request.log.warn(
				{ event: "access_denied", policy, actor: request.actor.kind, status: denial.statusCode },
				"request denied",
			);
			throw denial;
		}
	});
}

export const accessControlPlugin = fp(accessControl, { name: "access-control" });
