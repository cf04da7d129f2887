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

/**
 * A refusal the client can act on by waiting: 429 (this logger is over a limit), 503 (the server
 * is busy) or 507 (no disk space). The reply carries `Retry-After`.
 */
export class RetryLaterError extends AppError {
	constructor(
		statusCode: 429 | 503 | 507,
		code: string,
		message: string,
		readonly retryAfterSeconds: number,
	) {
		super(statusCode, code, message);
		this.name = "RetryLaterError";
	}
}

/** Seconds a logger is told to wait after the disk filled up. */
export const NO_SPACE_RETRY_AFTER_SECONDS = 600;

/** The filesystem's "no space left on device" (or quota exceeded), from any storage layer. */
export function isNoSpaceError(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code;
	return code === "ENOSPC" || code === "EDQUOT";
}

export function noSpaceError(): RetryLaterError {
	return new RetryLaterError(
		507,
		"insufficient_storage",
		"O servidor está sem espaço em disco para guardar o arquivo. Nada foi gravado: mantenha a sessão no logger e envie de novo mais tarde.",
		NO_SPACE_RETRY_AFTER_SECONDS,
	);
}
