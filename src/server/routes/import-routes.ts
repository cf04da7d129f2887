import { join } from "node:path";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { IMPORT_RATE_LIMIT, importSession } from "../../shared/api/imports";
import { actorFor } from "../auth/policy";
import { databaseRateLimitStore } from "../auth/rate-limit-store";
import { createTusStaging } from "../device/tus-datastore";
import { UploadStaging } from "../device/upload-staging";
import { AppError, payloadTooLarge } from "../errors";
import { importAnswer, riderToImportFor } from "../imports/import-access";
import { createImportLimits } from "../imports/import-limits";
import { createImportService } from "../imports/import-service";
import { createImportUploads } from "../imports/import-uploads";
import { createImportUsageRepository } from "../repositories/import-usage-repository";
import { auditActorOf } from "../services/audit-service";

function tooLarge(limitBytes: number) {
	const mb = (limitBytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 2 });
	return payloadTooLarge(`O arquivo excede o limite de ${limitBytes} bytes (${mb} MB).`);
}

/** The body as one buffer, refused (413) as soon as it passes the limit: never held whole. */
function boundedBody(limitBytes: number) {
	return async (request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> => {
		const announced = request.headers["content-length"];
		if (announced !== undefined && Number(announced) > limitBytes) throw tooLarge(limitBytes);
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of payload) {
			const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
			size += buffer.length;
			if (size > limitBytes) throw tooLarge(limitBytes);
			chunks.push(buffer);
		}
		return Buffer.concat(chunks, size);
	};
}

/**
 * Importing a recording of another device or app as a session (imports/import-service.ts): in
 * one POST (the command line, small files), or resumable (imports/import-uploads.ts, the web).
 * Both count against the same limits (imports/import-limits.ts).
 */
export async function importRoutes(app: FastifyInstance) {
	const { db, storage, config } = app.deps;
	const imports = createImportService({ db, storage });
	const limit = config.uploadMaxBytes;
	const limits = createImportLimits(config.importLimits, createImportUsageRepository(db));

	await app.register(rateLimit, {
		global: false,
		// Counted in the database: every instance shares the limit, as for sign-in.
		store: databaseRateLimitStore(db),
		errorResponseBuilder: () =>
			new AppError(429, "rate_limited", "Muitas importações seguidas. Aguarde um minuto."),
	});
	// Resumable imports: tus reads its bodies itself, so they live in a scope of their own.
	// On S3 a finished upload is downloaded to a temp file here before it is read.
	const downloads = new UploadStaging(join(config.dataDir, "import-staging"));
	await downloads.prepare();
	const uploads = createImportUploads({
		db,
		imports,
		staging: createTusStaging(config, storage, downloads),
		maxBytes: limit,
		limits,
		log: app.log,
	});
	await app.register(uploads.routes);
	const cleanUp = () => {
		uploads
			.cleanUpExpired()
			.catch((error: unknown) => app.log.warn({ err: error }, "import upload clean-up failed"));
		limits
			.forgetPastDays()
			.catch((error: unknown) => app.log.warn({ err: error }, "import usage clean-up failed"));
	};
	const timer = setInterval(cleanUp, uploads.cleanupIntervalMs);
	timer.unref();
	app.addHook("onReady", async () => cleanUp());
	app.addHook("onClose", async () => clearInterval(timer));

	const parse = boundedBody(limit);
	app.addContentTypeParser("*", (request, payload, done) => {
		parse(request, payload).then(
			(body) => done(null, body),
			(error: Error) => done(error),
		);
	});

	app.route({
		method: importSession.method,
		url: importSession.path,
		config: { policy: "signedIn", rateLimit: IMPORT_RATE_LIMIT },
		bodyLimit: limit,
		// Before the body is read: the sender's imports in progress (released once answered).
		onRequest: async (request, reply) => {
			const actor = actorFor("signedIn", request.actor);
			reply.raw.once("close", limits.enter(actor.user.id));
		},
		schema: {
			querystring: importSession.query,
			response: { 201: importSession.response },
		},
		handler: async (request, reply): Promise<z.input<typeof importSession.response>> => {
			const actor = actorFor("signedIn", request.actor);
			const query = request.query as z.output<typeof importSession.query>;
			const riderId = await riderToImportFor(db, actor, query.riderId);
			const body = request.body;
			const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array();
			// The bytes received count against the rider's quota of today; over it nothing is stored.
			await limits.charge(riderId, bytes.length);
			const done = await imports.importFile({
				riderId,
				fileName: query.name,
				bytes,
				actor: auditActorOf(actor),
			});
			reply.status(201);
			return importAnswer(done);
		},
	});
}
