import type { FastifyInstance } from "fastify";
import { type ExportQuery, exportSharedSessionFile } from "../../shared/api/exports";
import {
	createShare,
	getSharedLapPath,
	getSharedSession,
	getSharedSessionPaths,
	listShares,
	revokeShare,
} from "../../shared/api/shares";
import { registerEndpoint } from "../http/route";
import { createSessionExportService } from "../services/session-export-service";
import { createShareService } from "../services/share-service";
import { sendExportFile } from "./export-reply";

/**
 * Read-only links: managed by signed-in users (the service decides who), opened by anyone
 * holding the token. Answers are never cached by a shared cache: they depend on the token.
 */
export async function shareRoutes(app: FastifyInstance) {
	const shares = createShareService(app.deps.db, { publicUrl: app.deps.config.publicUrl });
	const exports = createSessionExportService(app.deps.db, shares);

	registerEndpoint(
		app,
		createShare,
		"signedIn",
		({ params, body, actor }) => shares.create(actor, params.sessionId, body),
		{ successStatus: 201 },
	);
	registerEndpoint(app, listShares, "signedIn", ({ params, actor }) =>
		shares.list(actor, params.sessionId),
	);
	registerEndpoint(app, revokeShare, "signedIn", ({ params, actor }) =>
		shares.revoke(actor, params.shareId),
	);

	const privateNoStore = { "cache-control": "private, no-store", "referrer-policy": "no-referrer" };
	registerEndpoint(app, getSharedSession, "public", ({ params, reply }) => {
		reply.headers(privateNoStore);
		return shares.open(params.token);
	});
	registerEndpoint(app, getSharedLapPath, "public", ({ params, reply }) => {
		reply.headers(privateNoStore);
		return shares.lapPath(params.token, params.lapNumber);
	});
	registerEndpoint(app, getSharedSessionPaths, "public", ({ params, reply }) => {
		reply.headers(privateNoStore);
		return shares.paths(params.token);
	}); // The session's file, streamed: registered by hand (no JSON serialiser).
	app.route({
		method: exportSharedSessionFile.method,
		url: exportSharedSessionFile.path,
		config: { policy: "public" },
		schema: {
			params: exportSharedSessionFile.params,
			querystring: exportSharedSessionFile.query,
		},
		handler: async (request, reply) => {
			const { token } = request.params as { token: string };
			const { format, lap } = request.query as ExportQuery;
			const file = await exports.exportShared(token, format, lap);
			reply.header("referrer-policy", "no-referrer");
			return sendExportFile(reply, file, "private, no-store");
		},
	});
}
