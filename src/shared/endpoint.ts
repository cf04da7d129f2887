import { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the API: the server registers it with these schemas (validation and response
 * serialisation) and the web client builds its calls from the same object, so they cannot drift.
 * `path` uses `:name` parameters.
 */
export interface Endpoint<
	P extends z.ZodType = z.ZodType,
	Q extends z.ZodType = z.ZodType,
	B extends z.ZodType = z.ZodType,
	R extends z.ZodType = z.ZodType,
> {
	method: HttpMethod;
	path: string;
	params: P;
	query: Q;
	body: B;
	response: R;
}

const none = z.object({}).strict();
type None = typeof none;

export function defineEndpoint<
	R extends z.ZodType,
	P extends z.ZodType = None,
	Q extends z.ZodType = None,
	B extends z.ZodType = None,
>(def: {
	method: HttpMethod;
	path: string;
	params?: P;
	query?: Q;
	body?: B;
	response: R;
}): Endpoint<P, Q, B, R> {
	return {
		method: def.method,
		path: def.path,
		params: (def.params ?? none) as P,
		query: (def.query ?? none) as Q,
		body: (def.body ?? none) as B,
		response: def.response,
	};
}

export type EndpointParams<E extends Endpoint> = z.input<E["params"]>;
export type EndpointQuery<E extends Endpoint> = z.input<E["query"]>;
export type EndpointBody<E extends Endpoint> = z.input<E["body"]>;
export type EndpointResponse<E extends Endpoint> = z.output<E["response"]>;

/** `/api/sessions/:id` + `{ id: "a b" }` -> `/api/sessions/a%20b`. */
export function buildPath(path: string, params: Record<string, string | number>): string {
	return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
		const value = params[name];
		if (value === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
		return encodeURIComponent(String(value));
	});
}

/** Every error response: a stable code for programs and a pt-BR message for people. */
export const ApiErrorBody = z.object({
	error: z.string(),
	message: z.string(),
	details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
