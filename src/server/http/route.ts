import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import type { Endpoint } from "../../shared/endpoint";
import { type ActorFor, actorFor, type PolicyName } from "../auth/policy";

export interface EndpointRequest<E extends Endpoint, P extends PolicyName = PolicyName> {
	/** The caller, as narrow as the route's policy guarantees. */
	actor: ActorFor<P>;
	params: z.output<E["params"]>;
	query: z.output<E["query"]>;
	body: z.output<E["body"]>;
	request: FastifyRequest;
	reply: FastifyReply;
}

/**
 * Registers an endpoint of `src/shared` with its policy: the request is validated by the
 * endpoint's schemas and the reply serialised (and checked) by its response schema.
 */
export function registerEndpoint<E extends Endpoint, P extends PolicyName>(
	app: FastifyInstance,
	endpoint: E,
	policy: P,
	handler: (input: EndpointRequest<E, P>) => Promise<z.input<E["response"]>>,
	options: Pick<RouteShorthandOptions, "bodyLimit"> & { successStatus?: number } = {},
): void {
	const hasBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
	app.route({
		method: endpoint.method,
		url: endpoint.path,
		config: { policy },
		bodyLimit: options.bodyLimit,
		schema: {
			params: endpoint.params,
			querystring: endpoint.query,
			...(hasBody ? { body: endpoint.body } : {}),
			response: { [options.successStatus ?? 200]: endpoint.response },
		},
		handler: async (request, reply) => {
			const result = await handler({
				actor: actorFor(policy, request.actor),
				params: request.params as z.output<E["params"]>,
				query: request.query as z.output<E["query"]>,
				body: request.body as z.output<E["body"]>,
				request,
				reply,
			});
			reply.status(options.successStatus ?? 200);
			return result;
		},
	});
}
