import type { z } from "zod";
import {
	ApiErrorBody,
	buildPath,
	type Endpoint,
	type EndpointBody,
	type EndpointParams,
	type EndpointQuery,
} from "../../shared/endpoint";

/** A failed call: the server's pt-BR message, its stable code and the HTTP status (0 = no answer). */
export class ApiError extends Error {
	readonly status: number;
	readonly code: string;
	readonly details: unknown;

	constructor(status: number, code: string, message: string, details?: unknown) {
		super(message);
		this.name = "ApiError";
		this.status = status;
		this.code = code;
		this.details = details;
	}
}

export const NETWORK_ERROR_MESSAGE = "Sem conexão com o servidor.";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// The CSRF token lives only in memory: GET /api/me hands it out with the signed-in user.
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
	csrfToken = token;
}

export function getCsrfToken(): string | null {
	return csrfToken;
}

export interface CallOptions<E extends Endpoint> {
	params?: EndpointParams<E>;
	query?: EndpointQuery<E>;
	body?: EndpointBody<E>;
	signal?: AbortSignal;
}

/** `{ a: 1, b: undefined }` -> `?a=1`; undefined and null values are left out. */
export function buildQueryString(query: Record<string, unknown> | undefined): string {
	if (!query) return "";
	const search = new URLSearchParams();
	for (const [key, value] of Object.entries(query)) {
		if (value === undefined || value === null) continue;
		search.set(key, String(value));
	}
	const text = search.toString();
	return text ? `?${text}` : "";
}

function fallbackMessage(status: number): string {
	if (status === 401) return "Sessão expirada: entre de novo.";
	if (status === 403) return "Sem permissão para esta ação.";
	if (status === 404) return "Não encontrado.";
	if (status === 429) return "Muitas tentativas: espere um pouco e tente de novo.";
	if (status >= 500) return "Erro no servidor. Tente de novo em instantes.";
	return `Falha na requisição (HTTP ${status}).`;
}

/** Reads an error response into an ApiError, whatever its body looks like. */
export async function toApiError(response: Response): Promise<ApiError> {
	let body: unknown = null;
	try {
		body = await response.json();
	} catch {
		// Not JSON (a proxy page, an empty body): the status says enough.
	}
	const parsed = ApiErrorBody.safeParse(body);
	if (parsed.success) {
		return new ApiError(
			response.status,
			parsed.data.error,
			parsed.data.message,
			parsed.data.details,
		);
	}
	return new ApiError(response.status, "http_error", fallbackMessage(response.status));
}

/**
 * Sends `endpoint` and returns its JSON body typed by the shared contract. The server
 * serialises every response through the same zod schema, so the body is not validated again
 * here (a session's paths hold hundreds of thousands of numbers).
 */
export async function callApi<E extends Endpoint>(
	endpoint: E,
	options: CallOptions<E> = {},
): Promise<z.infer<E["response"]>> {
	const path =
		buildPath(endpoint.path, (options.params ?? {}) as Record<string, string | number>) +
		buildQueryString(options.query as Record<string, unknown> | undefined);
	const headers: Record<string, string> = { accept: "application/json" };
	const hasBody = options.body !== undefined && endpoint.method !== "GET";
	if (hasBody) headers["content-type"] = "application/json";
	if (UNSAFE_METHODS.has(endpoint.method) && csrfToken) headers["x-csrf-token"] = csrfToken;

	let response: Response;
	try {
		response = await fetch(path, {
			method: endpoint.method,
			credentials: "same-origin",
			headers,
			body: hasBody ? JSON.stringify(options.body) : undefined,
			signal: options.signal,
		});
	} catch (error) {
		if (error instanceof DOMException && error.name === "AbortError") throw error;
		throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
	}
	if (!response.ok) throw await toApiError(response);
	if (response.status === 204) return undefined as z.infer<E["response"]>;
	try {
		return (await response.json()) as z.infer<E["response"]>;
	} catch {
		throw new ApiError(response.status, "bad_response", "Resposta inválida do servidor.");
	}
}

/** POST /auth/logout: ends the server session (a form-less POST with the CSRF header). */
export async function postLogout(): Promise<void> {
	const headers: Record<string, string> = { accept: "application/json" };
	if (csrfToken) headers["x-csrf-token"] = csrfToken;
	let response: Response;
	try {
		response = await fetch("/auth/logout", {
			method: "POST",
			credentials: "same-origin",
			headers,
			redirect: "manual",
		});
	} catch {
		throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
	}
	// A redirect to /login is a success too (opaqueredirect has status 0).
	if (response.type === "opaqueredirect" || response.ok) {
		csrfToken = null;
		return;
	}
	throw await toApiError(response);
}

/** Text for any error that reaches the screen. */
export function errorMessage(error: unknown): string {
	if (error instanceof ApiError) return error.message;
	return "Algo deu errado. Tente de novo.";
}
