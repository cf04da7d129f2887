/**
 * What the two tus endpoints (loggers' uploads, riders' imports) share around `@tus/server`:
 * answers in the API's JSON error shape, the finishing hook that hands a whole upload to its
 * consumer, and the clean-up of staged copies. Each endpoint keeps its own rules and messages.
 */
import type { IncomingMessage } from "node:http";
import type { Server, ServerOptions, Upload } from "@tus/server";
import { EVENTS } from "@tus/server";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { AppError, isNoSpaceError, noSpaceError } from "../errors";
import type { TusStaging } from "./tus-datastore";

export interface TusReason {
	code: string;
	message: string;
}

export function tusErrorBody(code: string, message: string, details?: unknown): string {
	return JSON.stringify(
		details === undefined ? { error: code, message } : { error: code, message, details },
	);
}

/** An error tus sends as is: JSON `{ error, message, details? }`, like the rest of the API. */
export class TusReplyError extends Error {
	readonly status_code: number;
	readonly body: string;
	constructor(status: number, code: string, message: string, details?: unknown) {
		super(message);
		this.status_code = status;
		this.body = tusErrorBody(code, message, details);
	}
}

/** The Node request behind the web Request tus hooks receive. */
export function nodeRequestOf(req: unknown): IncomingMessage | undefined {
	return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

/**
 * A failure while consuming a finished upload, as tus must send it: the service's own refusal
 * keeps its status and code, a full disk its 507, anything else is logged and answered 500.
 */
export function tusReplyFor(
	error: unknown,
	log: FastifyBaseLogger,
	context: { uploadId: string; failure: string; retry: string },
): TusReplyError {
	if (error instanceof TusReplyError) return error;
	if (error instanceof AppError) {
		return new TusReplyError(error.statusCode, error.code, error.message, error.details);
	}
	if (isNoSpaceError(error)) {
		const full = noSpaceError();
		return new TusReplyError(full.statusCode, full.code, full.message);
	}
	log.error({ err: error, uploadId: context.uploadId }, context.failure);
	return new TusReplyError(500, "internal", `Erro interno do servidor. ${context.retry}`);
}

/** Deletes what an upload left, logging (not throwing) when the storage refuses. */
export function stagedCopyRemover(staging: TusStaging, log: FastifyBaseLogger, what: string) {
	return async (id: string): Promise<void> => {
		try {
			await staging.remove(id);
		} catch (error) {
			log.warn({ err: error, uploadId: id }, `could not remove ${what}`);
		}
	};
}

type TusHooks = Pick<ServerOptions, "onUploadFinish" | "onResponseError">;

/**
 * The hooks both endpoints give tus: `consume` turns the finished upload into the JSON answer
 * (a refusal deletes the staged copy, since a retry must start a new upload); tus's own
 * refusals get the API's error shape, with the endpoint's words for each status.
 */
export function tusAnswerHooks<T>(options: {
	consume: (
		req: Parameters<NonNullable<ServerOptions["onUploadFinish"]>>[0],
		upload: Upload,
	) => Promise<T>;
	remove: (id: string) => Promise<void>;
	reasonFor: (status: number) => TusReason | null;
	log: FastifyBaseLogger;
	failure: string;
}): TusHooks {
	return {
		async onUploadFinish(req, upload) {
			let answer: T;
			try {
				answer = await options.consume(req, upload);
			} catch (error) {
				await options.remove(upload.id);
				throw error;
			}
			return {
				// A body needs a status other than 204; the creation request keeps its 201.
				...(req.method === "PATCH" ? { status_code: 200 } : {}),
				headers: { "Content-Type": "application/json; charset=utf-8" },
				body: JSON.stringify(answer),
			};
		},
		onResponseError(_req, error) {
			if (error instanceof TusReplyError) return undefined;
			if (isNoSpaceError(error)) {
				const full = noSpaceError();
				return { status_code: full.statusCode, body: tusErrorBody(full.code, full.message) };
			}
			const status =
				"status_code" in error && typeof error.status_code === "number" ? error.status_code : 500;
			if (status >= 500) {
				options.log.error({ err: error }, options.failure);
				return { status_code: 500, body: tusErrorBody("internal", "Erro interno do servidor.") };
			}
			const known = options.reasonFor(status);
			if (known !== null)
				return { status_code: status, body: tusErrorBody(known.code, known.message) };
			const detail = "body" in error && typeof error.body === "string" ? error.body.trim() : "";
			return {
				status_code: status,
				body: tusErrorBody("tus_request_invalid", `Requisição tus inválida: ${detail}`),
			};
		},
	};
}

/**
 * Once tus is done with a finished upload (the creation request still reads it after the
 * hook), its staged copy has served: a retry of a finished upload starts a new one.
 */
export function removeWhenFinished(server: Server, remove: (id: string) => Promise<void>): void {
	server.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
		void remove(upload.id);
	});
}

/** tus reads the body itself from the Node request: no parser may consume it. */
export function leaveBodiesToTus(app: FastifyInstance): void {
	app.removeAllContentTypeParsers();
	app.addContentTypeParser(["application/offset+octet-stream", "*"], (_request, _payload, done) =>
		done(null),
	);
}
