import type { FastifyInstance } from "fastify";
import { getInstanceInfo } from "../../shared/api/instance";
import { registerEndpoint } from "../http/route";

/** GET /api/instance: what every page must say about this install (the demo banner). */
export async function instanceRoutes(app: FastifyInstance) {
	const { config } = app.deps;
	registerEndpoint(app, getInstanceInfo, "public", async ({ reply }) => {
		reply.header("cache-control", "no-store");
		return { demo: config.oidc.mode === "demo", demoExposed: config.demoExposed };
	});
}
