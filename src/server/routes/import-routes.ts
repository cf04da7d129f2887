import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { IMPORT_RATE_LIMIT, importSession } from "../../shared/api/imports";
import { databaseRateLimitStore } from "../auth/rate-limit-store";
import { AppError, notFound, payloadTooLarge, unauthorized } from "../errors";
import { createImportService } from "../imports/import-service";
import { findRiderForRead } from "../repositories/session-repository";
import { auditActorOf } from "../services/audit-service";
import { canReadRiderData } from "../services/session-read-service";

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

/** Importing a recording of another device or app as a session (imports/import-service.ts). */
export async function importRoutes(app: FastifyInstance) {
	const { db, storage, config } = app.deps;
	const imports = createImportService({ db, storage });
	const limit = config.uploadMaxBytes;

	await app.register(rateLimit, {
		global: false,
		// Counted in the database: every instance shares the limit, as for sign-in.
		store: databaseRateLimitStore(db),
		errorResponseBuilder: () =>
			new AppError(429, "rate_limited", "Muitas importações seguidas. Aguarde um minuto."),
	});
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
		schema: {
			querystring: importSession.query,
			response: { 201: importSession.response },
		},
		handler: async (request, reply): Promise<z.input<typeof importSession.response>> => {
			const actor = request.actor;
			if (actor.kind !== "user") throw unauthorized();
			const query = request.query as z.output<typeof importSession.query>;
			const riderId = query.riderId ?? actor.user.id;
			if (riderId !== actor.user.id) {
				const rider = await findRiderForRead(db, riderId);
				if (!rider || !canReadRiderData(actor, rider.id, rider.sellerId)) {
					throw notFound("Piloto não encontrado.", "rider_not_found");
				}
			}
			const body = request.body;
			const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array();
			const done = await imports.importFile({
				riderId,
				fileName: query.name,
				bytes,
				actor: auditActorOf(actor),
			});
			reply.status(201);
			return {
				session: { id: done.sessionId, track: done.track, date: done.date },
				created: done.created,
				source: done.format ? { format: done.format, device: done.device } : null,
				timing: done.timing,
				laps: done.laps,
				report: done.report,
			};
		},
	});
}
