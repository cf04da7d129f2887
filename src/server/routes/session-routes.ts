import type { FastifyInstance } from "fastify";
import { CHANNELS_CONTENT_TYPE, getSessionChannels } from "../../shared/api/channels";
import { type ExportQuery, exportSessionFile } from "../../shared/api/exports";
import { getLapPath, getSession, getSessionPaths, getSessionTree } from "../../shared/api/sessions";
import { retimeSession } from "../../shared/api/tracks";
import { actorFor } from "../auth/policy";
import { sendCachedJson } from "../http/cached-answer";
import { EncodedBodyCache } from "../http/encoded-body-cache";
import { registerEndpoint } from "../http/route";
import { createSessionChannelsService } from "../services/session-channels-service";
import { createSessionExportService } from "../services/session-export-service";
import { createSessionReadService } from "../services/session-read-service";
import { createSessionTimingService } from "../services/session-timing-service";
import { createShareService } from "../services/share-service";
import { sendExportFile } from "./export-reply";

/** Read API of recorded sessions: tree, laps and figures, lap paths, lap channels. */
export async function sessionRoutes(app: FastifyInstance) {
	const sessions = createSessionReadService(app.deps.db);
	const answers = answerCache(app.deps.config.answerCacheMaxBytes);
	const channels = createSessionChannelsService(app.deps.db);
	const timing = createSessionTimingService({ db: app.deps.db, storage: app.deps.storage });
	const exports = createSessionExportService(
		app.deps.db,
		createShareService(app.deps.db, { publicUrl: app.deps.config.publicUrl }),
	);

	registerEndpoint(app, getSessionTree, "signedIn", ({ query, actor }) =>
		sessions.getTree(actor, query.riderId),
	);
	registerEndpoint(app, getSession, "signedIn", ({ params, actor }) =>
		sessions.getSession(actor, params.sessionId),
	);
	registerEndpoint(app, getLapPath, "signedIn", ({ params, actor }) =>
		sessions.getLapPath(actor, params.sessionId, params.lapNumber),
	);
	// Built once per version of the session and kept encoded (see EncodedBodyCache): registered
	// by hand, since the body goes out as the cache holds it, compressed or not.
	app.route({
		method: getSessionPaths.method,
		url: getSessionPaths.path,
		config: { policy: "signedIn" },
		compress: false,
		schema: { params: getSessionPaths.params },
		handler: async (request, reply) => {
			const { sessionId } = request.params as { sessionId: string };
			const actor = actorFor("signedIn", request.actor);
			const stamp = await sessions.readStamp(actor, sessionId);
			return sendCachedJson(request, reply, {
				cache: answers,
				group: `paths ${sessionId}`,
				stamp,
				schema: getSessionPaths.response,
				build: async () => {
					const { stamp, paths } = await sessions.stampedPaths(sessionId);
					return { stamp, value: { paths } };
				},
			});
		},
	});
	// Rider, seller or admin: the service asks the "retime" rule of auth/access.ts.
	registerEndpoint(app, retimeSession, "signedIn", ({ params, body, actor }) =>
		timing.retime(actor, params.sessionId, body),
	);
	// Binary body: registered by hand (no JSON serialiser); compressed like JSON, since
	// @fastify/compress counts octet-stream as compressible.
	app.route({
		method: getSessionChannels.method,
		url: getSessionChannels.path,
		config: { policy: "signedIn" },
		schema: { params: getSessionChannels.params, querystring: getSessionChannels.query },
		handler: async (request, reply) => {
			const { sessionId } = request.params as { sessionId: string };
			const { lap } = request.query as { lap?: number };
			const body = await channels.channelsBody(actorFor("signedIn", request.actor), sessionId, lap);
			reply.type(CHANNELS_CONTENT_TYPE).header("cache-control", "private, no-cache");
			return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
		},
	}); // A file streamed as it is written: registered by hand (no JSON serialiser).
	app.route({
		method: exportSessionFile.method,
		url: exportSessionFile.path,
		config: { policy: "signedIn" },
		schema: { params: exportSessionFile.params, querystring: exportSessionFile.query },
		handler: async (request, reply) => {
			const { sessionId } = request.params as { sessionId: string };
			const { format, lap } = request.query as ExportQuery;
			const file = await exports.exportForActor(
				actorFor("signedIn", request.actor),
				sessionId,
				format,
				lap,
			);
			return sendExportFile(reply, file, "private, no-cache");
		},
	});
}

/**
 * One per process. Brotli 5 and gzip 6: an answer is compressed once per version of its session,
 * not per request; past brotli 5 the paths JSON shrinks by under 2 % for each doubling of the
 * time, and brotli 11 takes half a second for a 300 KB answer.
 */
function answerCache(maxBytes: number): EncodedBodyCache {
	return new EncodedBodyCache({
		maxBytes,
		maxEntryBytes: Math.floor(maxBytes / 4),
		compressThreshold: 1024,
		brotliQuality: 5,
		gzipLevel: 6,
	});
}
