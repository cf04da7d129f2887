import type { IncomingMessage } from "node:http";
import { Server, type Upload } from "@tus/server";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authorize, LoggerUpload } from "../auth/access";
import { actorFor } from "../auth/policy";
import { notFound } from "../errors";
import { liftIdleTimeout } from "../http/connection-limits";
import type { DeviceIngest } from "./ingest-port";
import { type TusStaging, UPLOAD_ID } from "./tus-datastore";
import { readStoredTusMetadata, validateTusMetadata } from "./tus-metadata";
import {
	leaveBodiesToTus,
	nodeRequestOf,
	removeWhenFinished,
	stagedCopyRemover,
	type TusReason,
	TusReplyError,
	tusAnswerHooks,
	tusReplyFor,
} from "./tus-replies";
import type { UploadLimiter } from "./upload-limits";

export const TUS_PATH = "/api/device/v1/uploads";
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

function tusReasonFor(status: number, maxBytes: number): TusReason | null {
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
		const raw = nodeRequestOf(req);
		const hardwareId = raw === undefined ? undefined : loggerOfRequest.get(raw);
		if (hardwareId === undefined)
			throw new TusReplyError(
				401,
				"invalid_device_key",
				"Chave do dispositivo ausente ou inválida.",
			);
		return hardwareId;
	};

	const removeQuietly = stagedCopyRemover(options.staging, log, "a tus upload");

	const finishUpload = async (req: unknown, upload: Upload) => {
		// The last bytes are in: storing and ingesting are the server's wait (liftIdleTimeout).
		const raw = nodeRequestOf(req);
		if (raw !== undefined) liftIdleTimeout(raw);
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
				throw tusReplyFor(error, log, {
					uploadId: upload.id,
					failure: "ingest of a tus upload failed",
					retry: "Tente o envio de novo.",
				});
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
		...tusAnswerHooks({
			consume: (req, upload) => finishUpload(req, upload),
			remove: removeQuietly,
			reasonFor: (status) => tusReasonFor(status, maxBytes),
			log,
			failure: "tus request failed",
		}),
	};
	const server = new Server(serverOptions);
	// Ingested: the staged copy has served; ingest is idempotent, so nothing is lost or doubled.
	removeWhenFinished(server, removeQuietly);

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
		leaveBodiesToTus(app);
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
