import type { FastifyInstance } from "fastify";
import { sql } from "kysely";

/**
 * /healthz: the process answers. /readyz: the start-up tasks are done and the database and the
 * object storage answer.
 */
export async function healthRoutes(app: FastifyInstance) {
	app.get("/healthz", { config: { policy: "public" } }, async () => ({ status: "ok" }));

	app.get("/readyz", { config: { policy: "public" } }, async (request, reply) => {
		const checks: Record<string, "ok" | "error" | "pending"> = { database: "ok", storage: "ok" };
		if (!app.startup.done) checks.startup = "pending";
		await sql`SELECT 1`.execute(app.deps.db).catch((err: unknown) => {
			checks.database = "error";
			request.log.error({ err }, "readiness: database");
		});
		await app.deps.storage.check().catch((err: unknown) => {
			checks.storage = "error";
			request.log.error({ err }, "readiness: storage");
		});
		const ready = Object.values(checks).every((check) => check === "ok");
		return reply.status(ready ? 200 : 503).send({ status: ready ? "ok" : "unavailable", checks });
	});
}
