import type { FastifyInstance } from "fastify";
import { getAdminOverview } from "../../../shared/api/overview";
import { registerEndpoint } from "../../http/route";
import { createOverviewService } from "../../services/overview-service";

/** The admin's home: loggers by last contact, today's sessions, failed ingests. */
export async function adminOverviewRoutes(app: FastifyInstance) {
	const overview = createOverviewService(app.deps.db);
	registerEndpoint(app, getAdminOverview, "admin", async ({ query }) =>
		overview.overview(query.since),
	);
}
