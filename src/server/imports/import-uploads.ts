/**
 * Resumable imports (tus 1.0.0) at `/api/sessions/import/uploads`, for a signed-in person whose
 * connection may drop (the paddock's Wi-Fi): a cut upload goes on from the last byte the server
 * kept, from any instance (the uploads are staged where the loggers' are: the object storage).
 *
 * Creation (POST) is checked before tus reads anything: the metadata, the rider (the same rule
 * as `POST /api/sessions/import`), the size, the user's imports in progress, then the rider's
 * daily quota, which the whole `Upload-Length` counts against at once. An upload belongs to the
 * user who created it: to anyone else it does not exist (404). The last PATCH reads the file
 * and imports it exactly as the POST does, answering the same JSON; the staged copy is then
 * deleted, finished or refused.
 */
import { readFile } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { Server, type Upload } from "@tus/server";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { IMPORT_RATE_LIMIT, IMPORT_UPLOADS_PATH } from "../../shared/api/imports";
import { authorize, ImportUpload } from "../auth/access";
import type { UserActor } from "../auth/actor";
import { actorFor } from "../auth/policy";
import type { Database } from "../db/schema";
import { type TusStaging, UPLOAD_ID } from "../device/tus-datastore";
import {
	leaveBodiesToTus,
	nodeRequestOf,
	removeWhenFinished,
	stagedCopyRemover,
	type TusReason,
	TusReplyError,
	tusAnswerHooks,
	tusReplyFor,
} from "../device/tus-replies";
import { AppError, badRequest, notFound, payloadTooLarge } from "../errors";
import { auditActorOf } from "../services/audit-service";
import { importAnswer, riderToImportFor } from "./import-access";
import type { ImportLimiter } from "./import-limits";
import type { ImportService } from "./import-service";
import {
	type ImportUploadMetadata,
	parseImportUploadRequest,
	readImportUploadMetadata,
} from "./import-upload-metadata";

const IMPORT_TUS_PATH = IMPORT_UPLOADS_PATH;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

function tusReasonFor(status: number, maxBytes: number): TusReason | null {
	switch (status) {
		case 404:
			return {
				code: "upload_not_found",
				message: "Envio não encontrado: importe o arquivo de novo.",
			};
		case 409:
			return {
				code: "upload_offset_conflict",
				message: "O envio e o servidor não concordam sobre quanto já foi enviado: tente de novo.",
			};
		case 410:
			return { code: "upload_expired", message: "Envio expirado: importe o arquivo de novo." };
		case 412:
			return { code: "tus_version", message: "Cabeçalho Tus-Resumable: 1.0.0 obrigatório." };
		case 413: {
			const big = tooLarge(maxBytes);
			return { code: big.code, message: big.message };
		}
		default:
			return null;
	}
}

function tooLarge(limitBytes: number) {
	const mb = (limitBytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 2 });
	return payloadTooLarge(`O arquivo excede o limite de ${limitBytes} bytes (${mb} MB).`);
}

export interface ImportUploadsOptions {
	db: Kysely<Database>;
	imports: ImportService;
	staging: TusStaging;
	maxBytes: number;
	limits: ImportLimiter;
	log: FastifyBaseLogger;
}

/** What a request handed to tus carries: who sends it and, at creation, what to store. */
interface Sender {
	actor: UserActor;
	created?: ImportUploadMetadata;
}

export function createImportUploads(options: ImportUploadsOptions) {
	const { db, imports, staging, maxBytes, limits, log } = options;
	const { datastore } = staging;
	// tus hooks see a web Request; the sender is looked up through the Node request behind it.
	const senders = new WeakMap<IncomingMessage, Sender>();
	const senderOf = (req: unknown): Sender => {
		const raw = nodeRequestOf(req);
		const sender = raw === undefined ? undefined : senders.get(raw);
		if (sender === undefined) throw new TusReplyError(401, "unauthorized", "Entre para continuar.");
		return sender;
	};

	const removeQuietly = stagedCopyRemover(staging, log, "an import upload");

	const importUpload = async (upload: Upload, actor: UserActor) => {
		const meta = readImportUploadMetadata(upload.metadata);
		if (meta === null) {
			throw new TusReplyError(400, "invalid_upload_metadata", "Metadados do envio ausentes.");
		}
		try {
			// Rights may have changed since the creation (a rider who left their seller).
			await riderToImportFor(db, actor, meta.riderId);
			const bytes = await staging.withLocalFile(upload.id, async (file) => {
				if (meta.sha256 !== null && file.sha256 !== meta.sha256) {
					throw badRequest(
						`O arquivo recebido não confere com o sha256 informado (esperado ${meta.sha256}, recebido ${file.sha256}). Nada foi gravado: importe o arquivo de novo.`,
						"digest_mismatch",
					);
				}
				return new Uint8Array(await readFile(file.path));
			});
			const done = await imports.importFile({
				riderId: meta.riderId,
				fileName: meta.name,
				bytes,
				actor: auditActorOf(actor),
			});
			return importAnswer(done);
		} catch (error) {
			throw tusReplyFor(error, log, {
				uploadId: upload.id,
				failure: "import of a resumable upload failed",
				retry: "Tente de novo.",
			});
		}
	};

	const server = new Server({
		path: IMPORT_TUS_PATH,
		datastore,
		maxSize: maxBytes,
		// Behind a proxy an absolute URL could name the wrong scheme or host; clients resolve this.
		relativeLocation: true,
		// The web client is served from this origin: no cross-origin access.
		allowedOrigins: [],
		async onUploadCreate(req, upload) {
			const { created } = senderOf(req);
			if (created === undefined || upload.sizeIsDeferred) {
				throw new TusReplyError(
					400,
					"upload_length_required",
					"Upload-Length obrigatório: informe o tamanho do arquivo.",
				);
			}
			return { metadata: created };
		},
		...tusAnswerHooks({
			consume: (req, upload) => importUpload(upload, senderOf(req).actor),
			remove: removeQuietly,
			reasonFor: (status) => tusReasonFor(status, maxBytes),
			log,
			failure: "import tus request failed",
		}),
	});
	// Imported (or given back as imported before): the staged copy has served; a retry after a
	// lost answer uploads again and gets the same session.
	removeWhenFinished(server, removeQuietly);

	const userOf = (request: FastifyRequest): UserActor => actorFor("signedIn", request.actor);

	const handOver = async (request: FastifyRequest, reply: FastifyReply, sender: Sender) => {
		// A creation entered at its checks; a chunk enters here. "close" comes once the answer is
		// sent or the connection is lost.
		if (request.method === "PATCH") reply.raw.once("close", limits.enter(sender.actor.user.id));
		senders.set(request.raw, sender);
		reply.hijack();
		await server.handle(request.raw, reply.raw);
	};

	/** Creation: every refusal that needs no body comes here, before tus reads anything. */
	const create = async (request: FastifyRequest, reply: FastifyReply) => {
		const actor = userOf(request);
		// Checked here too: a creation tus would refuse must not count against the quota.
		if (request.headers["tus-resumable"] !== "1.0.0") {
			throw new AppError(412, "tus_version", "Cabeçalho Tus-Resumable: 1.0.0 obrigatório.");
		}
		const asked = parseImportUploadRequest(
			request.headers["upload-metadata"] as string | undefined,
		);
		if (!asked.ok) throw badRequest(asked.reason, "invalid_upload_metadata");
		const riderId = await riderToImportFor(db, actor, asked.request.riderId);
		const lengthHeader = request.headers["upload-length"];
		const length = Number(lengthHeader);
		if (typeof lengthHeader !== "string" || !/^\d+$/.test(lengthHeader)) {
			throw badRequest(
				"Upload-Length obrigatório: informe o tamanho do arquivo.",
				"upload_length_required",
			);
		}
		if (length > maxBytes) throw tooLarge(maxBytes);
		const created: ImportUploadMetadata = {
			name: asked.request.name,
			riderId,
			sha256: asked.request.sha256,
			importedBy: actor.user.id,
		};
		reply.raw.once("close", limits.enter(actor.user.id));
		// The whole length counts against today's quota now: an unfinished upload too.
		await limits.charge(riderId, length);
		await handOver(request, reply, { actor, created });
	};

	/** HEAD, PATCH and DELETE of an upload: only the user who created it. */
	const owned = async (request: FastifyRequest, reply: FastifyReply) => {
		const actor = userOf(request);
		const { id } = request.params as { id: string };
		if (!UPLOAD_ID.test(id)) throw notFound("Envio não encontrado.", "upload_not_found");
		let owner: string | null;
		try {
			owner =
				readImportUploadMetadata((await datastore.getUpload(id)).metadata)?.importedBy ?? null;
		} catch {
			// Unknown or expired: tus answers with its own 404/410.
			return handOver(request, reply, { actor });
		}
		// Someone else's upload (or a logger's) is answered as if it did not exist.
		authorize(actor, "resume", ImportUpload({ importedBy: owner }));
		return handOver(request, reply, { actor });
	};

	async function routes(app: FastifyInstance) {
		leaveBodiesToTus(app);
		app.route({
			method: "POST",
			url: IMPORT_TUS_PATH,
			// The same rate as the POST: imports a minute per address, counted in the database.
			config: { policy: "signedIn", rateLimit: IMPORT_RATE_LIMIT },
			handler: create,
		});
		app.route({
			method: ["HEAD", "PATCH", "DELETE"],
			url: `${IMPORT_TUS_PATH}/:id`,
			config: { policy: "signedIn" },
			handler: owned,
		});
	}

	return {
		routes,
		cleanUpExpired: () => server.cleanUpExpiredUploads(),
		cleanupIntervalMs: CLEANUP_INTERVAL_MS,
	};
}
