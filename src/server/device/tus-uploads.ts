import type { IncomingMessage } from "node:http";
import { EVENTS, Server, type Upload } from "@tus/server";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authorize, LoggerUpload } from "../auth/access";
import { actorFor } from "../auth/policy";
import { AppError, isNoSpaceError, noSpaceError, notFound } from "../errors";
import type { DeviceIngest } from "./ingest-port";
import { type TusStaging, UPLOAD_ID } from "./tus-datastore";
import { readStoredTusMetadata, validateTusMetadata } from "./tus-metadata";
import type { UploadLimiter } from "./upload-limits";

export const TUS_PATH = "/api/device/v1/uploads";
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** An error tus sends as is: JSON `{ error, message }`, like the rest of the API. */
class TusReplyError extends Error {
	readonly status_code: number;
	readonly body: string;
	constructor(status: number, code: string, message: string) {
		super(message);
		this.status_code = status;
		this.body = errorBody(code, message);
	}
}

function errorBody(code: string, message: string): string {
	return JSON.stringify({ error: code, message });
}

function tusReasonFor(status: number, maxBytes: number): { code: string; message: string } | null {
	switch (status) {
		case 404:
			return { code: "upload_not_found", message: "Envio não encontrado: comece um novo envio." };
		case 409:
			return {
				code: "upload_offset_conflict",
				message:
					"Upload-Offset não confere com o servidor: consulte o envio com HEAD e continue do offset informado.",
			};
		case 410:
			return { code: "upload_expired", message: "Envio expirado: comece um novo envio." };
		case 412:
			return { code: "tus_version", message: "Cabeçalho Tus-Resumable: 1.0.0 obrigatório." };
		case 413:
			return {
				code: "payload_too_large",
				message: `O arquivo excede o limite de ${maxBytes} bytes.`,
			};
		default:
			return null;
	}
}

export interface TusUploadsOptions {
	ingest: DeviceIngest;
	/** Where partial uploads are kept (across restarts and instances) so loggers can resume. */
	staging: TusStaging;
	maxBytes: number;
	limits: UploadLimiter;
	log: FastifyBaseLogger;
}

/**
 * The tus (resumable upload) endpoint for loggers on unreliable Wi-Fi. tus handles offsets and
 * resumption; this module binds each upload to the logger that created it, validates its
 * metadata at creation, verifies the SHA-256 at completion and hands the file to ingest.
 */
export function createTusUploads(options: TusUploadsOptions) {
	const { ingest, maxBytes, limits, log } = options;
	const { datastore } = options.staging;
	// tus hooks see a web Request; the logger is looked up through the Node request behind it.
	const loggerOfRequest = new WeakMap<IncomingMessage, string>();
	const hardwareIdOf = (req: unknown): string => {
		const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
		const hardwareId = raw === undefined ? undefined : loggerOfRequest.get(raw);
		if (hardwareId === undefined)
			throw new TusReplyError(
				401,
				"invalid_device_key",
				"Chave do dispositivo ausente ou inválida.",
			);
		return hardwareId;
	};

	const removeQuietly = async (id: string) => {
		try {
			await options.staging.remove(id);
		} catch (error) {
			log.warn({ err: error, uploadId: id }, "could not remove tus upload");
		}
	};

	const finishUpload = async (upload: Upload) => {
		const meta = readStoredTusMetadata(upload.metadata);
		if (meta === null)
			throw new TusReplyError(400, "invalid_upload_metadata", "Metadados do envio ausentes.");
		return options.staging.withLocalFile(upload.id, async (file) => {
			if (file.sha256 !== meta.sha256) {
				throw new TusReplyError(
					400,
					"digest_mismatch",
					`O arquivo recebido não confere com o sha256 informado (esperado ${meta.sha256}, recebido ${file.sha256}). Nada foi gravado: envie o arquivo de novo.`,
				);
			}
			try {
				return await ingest.acceptFile({
					key: meta.key,
					stagedFile: { path: file.path, size: file.size },
					sha256: file.sha256,
				});
			} catch (error) {
				if (error instanceof AppError)
					throw new TusReplyError(error.statusCode, error.code, error.message);
				if (isNoSpaceError(error)) {
					const full = noSpaceError();
					throw new TusReplyError(full.statusCode, full.code, full.message);
				}
				log.error({ err: error, uploadId: upload.id }, "ingest of a tus upload failed");
				throw new TusReplyError(
					500,
					"internal",
					"Erro interno do servidor. Tente o envio de novo.",
				);
			}
		});
	};

	const serverOptions: ConstructorParameters<typeof Server>[0] = {
		path: TUS_PATH,
		datastore,
		maxSize: maxBytes,
		// Behind a proxy an absolute URL could name the wrong scheme or host; clients resolve this.
		relativeLocation: true,
		// Loggers are not browsers: no cross-origin access to this endpoint.
		allowedOrigins: [],
		async onUploadCreate(req, upload) {
			const hardwareId = hardwareIdOf(req);
			if (upload.sizeIsDeferred) {
				throw new TusReplyError(
					400,
					"upload_length_required",
					"Upload-Length obrigatório: informe o tamanho do arquivo.",
				);
			}
			const checked = validateTusMetadata(upload.metadata, hardwareId);
			if (!checked.ok) throw new TusReplyError(400, "invalid_upload_metadata", checked.reason);
			// The whole length counts against today's quota now: an unfinished upload too.
			await limits.charge(hardwareId, upload.size ?? 0);
			return { metadata: checked.metadata };
		},
		async onUploadFinish(req, upload) {
			let result: Awaited<ReturnType<typeof finishUpload>>;
			try {
				result = await finishUpload(upload);
			} catch (error) {
				// Refused: the staged copy is useless, and a retry must start a new upload.
				await removeQuietly(upload.id);
				throw error;
			}
			return {
				// A body needs a status other than 204; the creation request keeps its 201.
				...(req.method === "PATCH" ? { status_code: 200 } : {}),
				headers: { "Content-Type": "application/json; charset=utf-8" },
				body: JSON.stringify(result),
			};
		},
		onResponseError(_req, error) {
			if (error instanceof TusReplyError) return undefined;
			if (isNoSpaceError(error)) {
				const full = noSpaceError();
				return { status_code: full.statusCode, body: errorBody(full.code, full.message) };
			}
			const status =
				"status_code" in error && typeof error.status_code === "number" ? error.status_code : 500;
			if (status >= 500) {
				log.error({ err: error }, "tus request failed");
				return { status_code: 500, body: errorBody("internal", "Erro interno do servidor.") };
			}
			const known = tusReasonFor(status, maxBytes);
			if (known !== null)
				return { status_code: status, body: errorBody(known.code, known.message) };
			const detail = "body" in error && typeof error.body === "string" ? error.body.trim() : "";
			return {
				status_code: status,
				body: errorBody("tus_request_invalid", `Requisição tus inválida: ${detail}`),
			};
		},
	};
	const server = new Server(serverOptions);
	// Ingested: the staged copy has served. Removed once tus is done with it (the creation
	// request still reads it after the hook). A retry of a finished upload starts a new one, and
	// ingest is idempotent, so nothing is lost or doubled.
	server.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
		void removeQuietly(upload.id);
	});

	const delegate = async (request: FastifyRequest, reply: FastifyReply) => {
		const { hardwareId } = actorFor("device", request.actor);
		if (request.method === "POST") await admitCreation(hardwareId, request);
		if (request.method === "POST" || request.method === "PATCH") {
			// "close" comes once the answer is sent or the connection is lost.
			reply.raw.once("close", limits.enterUpload(hardwareId));
		}
		loggerOfRequest.set(request.raw, hardwareId);
		reply.hijack();
		await server.handle(request.raw, reply.raw);
	};

	/** Rate and quota, checked before tus reads anything (the quota is charged at creation). */
	const admitCreation = async (hardwareId: string, request: FastifyRequest) => {
		await limits.checkRate("tusCreate", hardwareId);
		const length = Number(request.headers["upload-length"] ?? 0);
		if (Number.isFinite(length) && length > 0 && length <= maxBytes) {
			await limits.assertQuota(hardwareId, length);
		}
	};

	/** HEAD, PATCH and DELETE on an upload: only the logger that created it. */
	const delegateOwned = async (request: FastifyRequest, reply: FastifyReply) => {
		const logger = actorFor("device", request.actor);
		const { id } = request.params as { id: string };
		if (!UPLOAD_ID.test(id)) throw notFound("Envio não encontrado.", "upload_not_found");
		let owner: string | null = null;
		try {
			owner = readStoredTusMetadata((await datastore.getUpload(id)).metadata)?.hardwareId ?? null;
		} catch {
			// Unknown or expired: tus answers with its own 404/410.
			return delegate(request, reply);
		}
		// Another logger's upload is answered as if it did not exist.
		authorize(logger, "resume", LoggerUpload({ hardwareId: owner }));
		return delegate(request, reply);
	};

	async function routes(app: FastifyInstance) {
		// tus reads the body itself from the Node request: no parser may consume it here.
		app.removeAllContentTypeParsers();
		app.addContentTypeParser(["application/offset+octet-stream", "*"], (_request, _payload, done) =>
			done(null),
		);
		// OPTIONS too: it only serves protocol discovery and CORS preflights, and loggers are not
		// browsers (a preflight could not carry the device key anyway), so nothing needs it public.
		const config = { policy: "device" } as const;
		for (const url of [TUS_PATH, `${TUS_PATH}/`]) {
			app.route({ method: ["POST", "OPTIONS"], url, config, handler: delegate });
		}
		app.route({
			method: ["HEAD", "PATCH", "DELETE"],
			url: `${TUS_PATH}/:id`,
			config,
			handler: delegateOwned,
		});
		app.route({ method: "OPTIONS", url: `${TUS_PATH}/:id`, config, handler: delegate });
	}

	async function cleanUpExpired(): Promise<number> {
		return server.cleanUpExpiredUploads();
	}

	return { server, routes, cleanUpExpired, cleanupIntervalMs: CLEANUP_INTERVAL_MS };
}
