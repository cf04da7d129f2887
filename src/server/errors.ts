/**
 * Errors a service raises on purpose. The app's error handler turns them into
 * `{ error, message }` with the status below; `message` is pt-BR, shown to people as is.
 */
export class AppError extends Error {
	constructor(
		readonly statusCode: number,
		readonly code: string,
		message: string,
		readonly details?: unknown,
	) {
		super(message);
		this.name = "AppError";
	}
}

export const badRequest = (message: string, code = "bad_request", details?: unknown) =>
	new AppError(400, code, message, details);
export const unauthorized = (message = "É preciso entrar para continuar.", code = "unauthorized") =>
	new AppError(401, code, message);
export const forbidden = (message = "Você não tem permissão para isso.", code = "forbidden") =>
	new AppError(403, code, message);
export const notFound = (message = "Não encontrado.", code = "not_found") =>
	new AppError(404, code, message);
export const conflict = (message: string, code = "conflict") => new AppError(409, code, message);
export const payloadTooLarge = (message: string) => new AppError(413, "payload_too_large", message);
