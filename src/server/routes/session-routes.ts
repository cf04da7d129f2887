import type { FastifyInstance } from "fastify";
import { getLapPath, getSession, getSessionPaths, getSessionTree } from "../../shared/api/sessions";
import { registerEndpoint } from "../http/route";
import { createSessionReadService } from "../services/session-read-service";

/** Read API of recorded sessions: tree, laps and figures, lap paths. */
export async function sessionRoutes(app: FastifyInstance) {
	const sessions = createSessionReadService(app.deps.db);

	registerEndpoint(app, getSessionTree, "signedIn", ({ query, request }) =>
		sessions.getTree(request.actor, query.riderId),
	);
	registerEndpoint(app, getSession, "signedIn", ({ params, request }) =>
		sessions.getSession(request.actor, params.sessionId),
	);
	registerEndpoint(app, getLapPath, "signedIn", ({ params, request }) =>
		sessions.getLapPath(request.actor, params.sessionId, params.lapNumber),
	);
	registerEndpoint(app, getSessionPaths, "signedIn", ({ params, request }) =>
		sessions.getSessionPaths(request.actor, params.sessionId),
	);
}
