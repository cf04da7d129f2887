import type { FastifyInstance } from "fastify";
import { getLapReferences, getTrackHistory } from "../../shared/api/compare";
import { registerEndpoint } from "../http/route";
import { createLapHistoryService } from "../services/lap-history-service";

/** Laps across sessions of a track: a lap's reference choices and a rider's track page. */
export async function lapHistoryRoutes(app: FastifyInstance) {
	const tracks = createLapHistoryService(app.deps.db);

	registerEndpoint(app, getLapReferences, "signedIn", ({ params, actor }) =>
		tracks.getLapReferences(actor, params.sessionId, params.lapNumber),
	);
	registerEndpoint(app, getTrackHistory, "signedIn", ({ query, actor }) =>
		tracks.getTrackHistory(actor, query.track, query.riderId),
	);
}
