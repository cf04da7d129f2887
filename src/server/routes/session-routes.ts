import type { FastifyInstance } from "fastify";

/** Read API of recorded sessions: tree, laps and figures, lap paths. */
export async function sessionRoutes(_app: FastifyInstance) {}
