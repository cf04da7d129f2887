import { describe, expect, it } from "vitest";
import {
	ApiError,
	buildQueryString,
	errorMessage,
	NETWORK_ERROR_MESSAGE,
	toApiError,
} from "./client";

describe("buildQueryString", () => {
	it("leaves out missing values and encodes the rest", () => {
		expect(buildQueryString(undefined)).toBe("");
		expect(buildQueryString({})).toBe("");
		expect(buildQueryString({ riderId: undefined, limit: 50, q: "a b&c", x: null })).toBe(
			"?limit=50&q=a+b%26c",
		);
	});
});

describe("toApiError", () => {
	it("keeps the server's code and pt-BR message", async () => {
		const response = new Response(
			JSON.stringify({ error: "forbidden", message: "Sem permissão para ver esta sessão." }),
			{
				status: 403,
				headers: { "content-type": "application/json" },
			},
		);
		const error = await toApiError(response);
		expect(error).toBeInstanceOf(ApiError);
		expect(error.status).toBe(403);
		expect(error.code).toBe("forbidden");
		expect(error.message).toBe("Sem permissão para ver esta sessão.");
	});

	it("says something useful when the body is not the API's", async () => {
		const error = await toApiError(new Response("<html>Bad Gateway</html>", { status: 502 }));
		expect(error.status).toBe(502);
		expect(error.message).toBe("Erro no servidor. Tente de novo em instantes.");
		expect((await toApiError(new Response("", { status: 401 }))).message).toBe(
			"Sessão expirada: entre de novo.",
		);
	});
});

describe("errorMessage", () => {
	it("shows an ApiError's message, a generic sentence otherwise", () => {
		expect(errorMessage(new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE))).toBe(
			"Sem conexão com o servidor.",
		);
		expect(errorMessage(new TypeError("x"))).toBe("Algo deu errado. Tente de novo.");
	});
});
