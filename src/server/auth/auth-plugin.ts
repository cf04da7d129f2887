import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Sign-in (OpenID Connect), sign-in sessions, CSRF protection, /api/me and "Meus Dados". */
async function auth(_app: FastifyInstance) {}

export const authPlugin = fp(auth, { name: "auth", dependencies: ["access-control"] });
