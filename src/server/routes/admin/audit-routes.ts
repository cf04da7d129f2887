import type { FastifyInstance } from "fastify";
import { listAdminAudit } from "../../../shared/api/admin";
import { registerEndpoint } from "../../http/route";
import { createAuditService } from "../../services/audit-service";

export async function adminAuditRoutes(app: FastifyInstance) {
	const audit = createAuditService(app.deps.db);
	registerEndpoint(app, listAdminAudit, "admin", async ({ query }) => ({
		entries: await audit.listLatest(query.limit, query.beforeId),
	}));
}
