import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** The loggers' API: device-key authentication, config, heartbeat and uploads (PUT and tus). */
async function device(_app: FastifyInstance) {}

export const devicePlugin = fp(device, { name: "device", dependencies: ["access-control"] });
