import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built SPA from `dist/web`: files as they are (hashed assets cached for a year) and
 * index.html for every other GET outside /api, /auth and /oidc (history fallback).
 */
export async function spaRoutes(app: FastifyInstance, options: { webRoot: string }) {
	const { webRoot } = options;
	const indexFile = join(webRoot, "index.html");
	if (!existsSync(indexFile)) {
		app.log.warn({ webRoot }, "web client not built: run `npm run build`");
	}
	// The build writes `x.br` and `x.gz` beside each text file: sent as they are to browsers
	// that accept them.
	await app.register(fastifyStatic, { root: webRoot, serve: false, preCompressed: true });

	app.get("/*", { config: { policy: "public" } }, async (request, reply) => {
		const path = (request.params as { "*": string })["*"] ?? "";
		if (/^(api|auth|oidc)(\/|$)/.test(path)) {
			return reply
				.status(404)
				.send({ error: "not_found", message: `Rota não encontrada: ${request.url.split("?")[0]}` });
		}
		if (
			path !== "" &&
			path !== "index.html" &&
			!path.includes("..") &&
			isFile(join(webRoot, path))
		) {
			const immutable = path.startsWith("assets/");
			return reply.sendFile(path, {
				maxAge: immutable ? 365 * 24 * 3600 * 1000 : 0,
				immutable,
			});
		}
		if (!existsSync(indexFile)) {
			return reply
				.status(503)
				.type("text/plain; charset=utf-8")
				.send("O cliente web não foi construído: rode `npm run build`.");
		}
		// The shell must always be fresh so a new deploy's hashed assets are picked up.
		return reply.header("cache-control", "no-cache").sendFile("index.html");
	});
}

function isFile(file: string): boolean {
	try {
		return statSync(file).isFile();
	} catch {
		return false;
	}
}
