import type { FastifyInstance } from "fastify";

/** Management: riders, loggers, sellers, assignments, roles and the audit log. */
export async function adminRoutes(_app: FastifyInstance) {}
