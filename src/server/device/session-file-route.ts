import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { putDeviceSessionFile, UploadResult } from "../../shared/api/device";
import { actorFor } from "../auth/policy";
import { badRequest } from "../errors";
import { liftIdleTimeout } from "../http/connection-limits";
import { parseSessionKey, type SessionFileKey } from "../ingest/session-key";
import type { UnchangedUpload } from "../ingest/unchanged-upload";
import { readContentDigestSha256 } from "./content-digest";
import type { DeviceIngest } from "./ingest-port";
import { tooLargeError } from "./raw-body";
import type { UploadLimiter } from "./upload-limits";
import { hashUpload, type UploadStaging } from "./upload-staging";

export interface SessionFileRouteOptions {
	ingest: DeviceIngest;
	uploadMaxBytes: number;
	limits: UploadLimiter;
	staging: UploadStaging;
}

/** What the checks made before the body is read hand to the handler. */
interface Admitted {
	key: SessionFileKey;
	sha256: string;
	/** Set when the file is stored as it is: the upload is only read and checked. */
	unchanged: UnchangedUpload | null;
	/** Bytes this upload may carry: the size limit, or less when today's quota is nearly used. */
	allowedBytes: number;
	overQuota: () => Error;
}

/**
 * `PUT /api/device/v1/sessions/{track}/{ddmmyyyy}/{lap.six|gps.six}`. Everything that can refuse
 * the upload without its bytes (path, Content-Digest, announced size, rate, concurrency, quota)
 * is checked before the body is read; the body then streams into a temp file while it is hashed,
 * and only a file whose SHA-256 matches goes to storage. A file sent again as it is stored is
 * only hashed, not written (`findUnchanged`). The logger is the one of the device
 * key: the URL names no logger, so no key can write into another logger's files.
 */
export async function sessionFileRoute(app: FastifyInstance, options: SessionFileRouteOptions) {
	const { ingest, uploadMaxBytes, limits, staging } = options;
	const admitted = new WeakMap<FastifyRequest, Admitted>();
	// The handler reads the body itself, into a temp file: no parser may buffer it.
	app.removeAllContentTypeParsers();
	app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

	async function admit(request: FastifyRequest, reply: FastifyReply) {
		const { hardwareId } = actorFor("device", request.actor);
		const { track, date, file } = request.params as { track: string; date: string; file: string };
		const path = parseSessionKey({ hardwareId, track, date, file });
		if (!path.ok) throw badRequest(path.reason, path.code);
		const digest = readContentDigestSha256(request.headers["content-digest"]);
		if (!digest.ok) throw badRequest(digest.reason, digest.code);
		const announced = Number(request.headers["content-length"] ?? 0);
		if (announced > uploadMaxBytes) throw tooLargeError(uploadMaxBytes);
		// Two reads at once: a logger's upload waits one database round trip for both.
		const [, remaining] = await Promise.all([
			limits.checkRate("upload", hardwareId),
			limits.remainingToday(hardwareId),
		]);
		const used = limits.limits.dailyBytesPerLogger - remaining;
		if (announced > remaining) throw limits.quotaExceeded(used);
		// Needs no body either: looked up before taking a slot, which is then held only while the
		// body is read and counted (the slots bound uploads in progress, not the checks before).
		const unchanged = await ingest.findUnchanged(path.key, digest.sha256Hex);
		const release = limits.enterUpload(hardwareId);
		// "close" comes once the answer is sent or the connection is lost: the slot is never kept.
		reply.raw.once("close", release);
		admitted.set(request, {
			key: path.key,
			sha256: digest.sha256Hex,
			unchanged,
			allowedBytes: Math.min(uploadMaxBytes, remaining),
			overQuota: () =>
				remaining < uploadMaxBytes ? limits.quotaExceeded(used) : tooLargeError(uploadMaxBytes),
		});
	}

	app.route({
		method: "PUT",
		url: putDeviceSessionFile.path,
		config: { policy: "device" },
		schema: {
			params: putDeviceSessionFile.params,
			response: { 200: UploadResult },
		},
		onRequest: async (request, reply) => {
			try {
				await admit(request, reply);
			} catch (error) {
				// Refused before reading the body: do not read (or keep the connection for) the rest.
				reply.header("connection", "close");
				throw error;
			}
		},
		handler: async (request, reply) => {
			const upload = admitted.get(request);
			if (upload === undefined) throw new Error("upload handler reached without admission");
			// Without a Content-Type no parser ran: the body is still unread on the raw request.
			const body = (request.body as AsyncIterable<unknown> | undefined) ?? request.raw;
			const { unchanged } = upload;
			if (unchanged !== null) {
				// The same bytes as stored: read only to check them, nothing written.
				const received = await hashUpload(body, upload.allowedBytes, upload.overQuota).catch(
					(error: unknown) => {
						reply.header("connection", "close");
						throw error;
					},
				);
				await limits.charge(upload.key.hardwareId, received.size);
				if (received.sha256 !== upload.sha256) throw digestMismatch(upload.sha256, received.sha256);
				return unchanged.answer(received.size);
			}
			const staged = await staging
				.stage(body, upload.allowedBytes, upload.overQuota)
				.catch((error: unknown) => {
					// The rest of the body stays unread: the connection cannot be reused.
					reply.header("connection", "close");
					throw error;
				});
			// The body is in: from here the wait is the server's (see liftIdleTimeout).
			liftIdleTimeout(request.raw);
			try {
				await limits.charge(upload.key.hardwareId, staged.size);
				if (staged.sha256 !== upload.sha256) throw digestMismatch(upload.sha256, staged.sha256);
				return await ingest.acceptFile({
					key: upload.key,
					stagedFile: staged,
					sha256: staged.sha256,
				});
			} finally {
				await staging.discard(staged);
			}
		},
	});
}

function digestMismatch(expected: string, received: string): Error {
	return badRequest(
		`O conteúdo recebido não confere com o Content-Digest (SHA-256 esperado ${expected}, recebido ${received}). Nada foi gravado: envie o arquivo de novo.`,
		"digest_mismatch",
	);
}
