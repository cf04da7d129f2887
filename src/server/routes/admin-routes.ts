import type { FastifyInstance } from "fastify";
import { adminAuditRoutes } from "./admin/audit-routes";
import { adminHardwareRoutes } from "./admin/hardware-routes";
import { adminOverviewRoutes } from "./admin/overview-routes";
import { sellerRoutes } from "./admin/seller-routes";
import { adminTrackRoutes } from "./admin/track-routes";
import { adminUserRoutes } from "./admin/user-routes";

/** Management: riders, loggers, sellers, assignments, roles, tracks and the audit log. */
export async function adminRoutes(app: FastifyInstance) {
	await app.register(adminUserRoutes);
	await app.register(adminHardwareRoutes);
	await app.register(sellerRoutes);
	await app.register(adminAuditRoutes);
	await app.register(adminOverviewRoutes);
	await app.register(adminTrackRoutes);
}
