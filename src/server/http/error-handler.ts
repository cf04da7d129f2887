import type { FastifyError, FastifyInstance } from "fastify";
import {
	hasZodFastifySchemaValidationErrors,
	isResponseSerializationError,
} from "fastify-type-provider-zod";
import type { ApiErrorBody } from "../../shared/endpoint";
import { AppError, isNoSpaceError, noSpaceError, RetryLaterError } from "../errors";

function describeValidation(error: FastifyError): ApiErrorBody {
	const issues = hasZodFastifySchemaValidationErrors(error) ? error.validation : [];
	const first = issues[0];
	const where = first?.instancePath
		? first.instancePath.replace(/^\//, "").replaceAll("/", ".")
		: "";
	const message = first?.message ?? "Requisição inválida.";
	return {
		error: "validation",
		message: where ? `${where}: ${message}` : message,
		details: issues.map((issue) => ({ path: issue.instancePath, message: issue.message })),
	};
}

/** Every error becomes `{ error, message }`; unexpected ones are logged and never leak details. */
export function installErrorHandler(app: FastifyInstance): void {
	app.setErrorHandler((thrown: FastifyError, request, reply) => {
		// A full disk is not a bug of ours: the client is told to retry later, with a reason.
		const error: FastifyError = isNoSpaceError(thrown) ? (noSpaceError() as never) : thrown;
		if (error instanceof RetryLaterError) reply.header("retry-after", error.retryAfterSeconds);
		if (error instanceof AppError) {
			const body: ApiErrorBody = { error: error.code, message: error.message };
			if (error.details !== undefined) body.details = error.details;
			return reply.status(error.statusCode).send(body);
		}
		if (hasZodFastifySchemaValidationErrors(error)) {
			return reply.status(400).send(describeValidation(error));
		}
		if (isResponseSerializationError(error)) {
			request.log.error({ err: error }, "response does not match its schema");
			return reply.status(500).send({ error: "internal", message: "Erro interno do servidor." });
		}
		const status = error.statusCode ?? 500;
		if (status >= 500) {
			request.log.error({ err: error }, "request failed");
			return reply.status(500).send({ error: "internal", message: "Erro interno do servidor." });
		}
		const messages: Record<number, string> = {
			400: "Requisição inválida.",
			404: "Não encontrado.",
			413: "Arquivo grande demais.",
			415: "Tipo de conteúdo não suportado.",
			429: "Muitas tentativas. Aguarde um pouco e tente de novo.",
		};
		return reply.status(status).send({
			error: error.code ?? "request_error",
			message: messages[status] ?? error.message,
		});
	});

	app.setNotFoundHandler((request, reply) => {
		reply.status(404).send({
			error: "not_found",
			message: `Rota não encontrada: ${request.method} ${request.url.split("?")[0]}`,
		});
	});
}
