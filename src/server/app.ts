import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { authPlugin } from "./auth/auth-plugin";
import { accessControlPlugin } from "./auth/policy";
import { sessionCookiePlugin } from "./auth/session-plugin";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/database";
import type { Database } from "./db/schema";
import { devicePlugin } from "./device/device-plugin";
import { connectionTimeoutOptions, guardConnections } from "./http/connection-limits";
import { installErrorHandler } from "./http/error-handler";
import { installJsonBodyParser } from "./http/json-body-parser";
import { createIngestService, type IngestService } from "./ingest/ingest-service";
import type { IngestJobQueue } from "./jobs/ingest-jobs";
import { metricsPlugin } from "./metrics/metrics-plugin";
import { adminRoutes } from "./routes/admin-routes";
import { healthRoutes } from "./routes/health-routes";
import { importRoutes } from "./routes/import-routes";
import { instanceRoutes } from "./routes/instance-routes";
import { lapHistoryRoutes } from "./routes/lap-history-routes";
import { sessionRoutes } from "./routes/session-routes";
import { shareRoutes } from "./routes/share-routes";
import { signInStateRoutes } from "./routes/sign-in-state-routes";
import { spaRoutes } from "./routes/spa-routes";
import type { ObjectStorage } from "./storage/object-storage";

export interface AppDeps {
	config: Config;
	database: DatabaseHandle;
	db: Kysely<Database>;
	storage: ObjectStorage;
	/** Where uploads queue their ingest; absent: ingested in the upload request. */
	jobs?: IngestJobQueue;
}

declare module "fastify" {
	interface FastifyInstance {
		deps: AppDeps;
		/** One per process: its in-process locks must see every upload. */
		ingest: IngestService;
		/** False while the start-up tasks (recovery, demo data) run after the server listens. */
		startup: { done: boolean };
	}
}

/**
 * As long as the whole request head Node accepts (16 KB): every URL parameter reaches its route,
 * which refuses a too-long one with the reason instead of a bare 404.
 */
export const MAX_URL_PARAM_LENGTH = 16 * 1024;

const DEFAULT_WEB_ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../dist/web");

export interface BuildAppOptions {
	logger?: FastifyServerOptions["logger"];
	/** Where the built SPA is; tests may point elsewhere. */
	webRoot?: string;
}

/** Keeps secrets out of logs: cookies, device keys, authorization codes and tokens. */
export const LOG_REDACT_PATHS = [
	"req.headers.authorization",
	"req.headers.cookie",
	'res.headers["set-cookie"]',
	"headers.authorization",
	"headers.cookie",
];

export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
	return {
		level: config.logLevel,
		redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" },
		serializers: {
			// Query strings can carry authorization codes and state: log the path only.
			req: (req: { method: string; url: string; ip?: string }) => ({
				method: req.method,
				url: req.url.split("?")[0],
				ip: req.ip,
			}),
		},
	};
}

/**
 * Fastify ignores a bare hop count (it cannot check the peer); a function trusting the nearest
 * `hops` addresses (the peer first) is the same rule, chosen knowingly by whoever sets it.
 */
export function trustProxyOption(
	trustProxy: Config["trustProxy"],
): NonNullable<FastifyServerOptions["trustProxy"]> {
	if (typeof trustProxy !== "number") return trustProxy;
	return (_address: string, hop: number) => hop < trustProxy;
}

export async function buildApp(
	deps: Omit<AppDeps, "db">,
	options: BuildAppOptions = {},
): Promise<FastifyInstance> {
	const { config } = deps;
	const app = Fastify({
		logger: options.logger ?? loggerOptions(config),
		trustProxy: trustProxyOption(config.trustProxy),
		bodyLimit: 1024 * 1024,
		// The router's default (100) turns a URL parameter as long as a percent-encoded track name
		// with accents into a bare 404; the routes check lengths themselves and say why.
		routerOptions: { maxParamLength: MAX_URL_PARAM_LENGTH },
		return503OnClosing: true,
		forceCloseConnections: "idle",
		...connectionTimeoutOptions(config.http),
	});
	guardConnections(app.server, config.http);
	app.decorate("deps", { ...deps, db: deps.database.db });
	app.decorate("startup", { done: true });
	app.decorate(
		"ingest",
		createIngestService({
			db: deps.database.db,
			storage: deps.storage,
			log: app.log,
			locks: deps.database.sessionLocks,
			memoryBudgetBytes: deps.config.ingestMemoryBytes,
			...(deps.jobs ? { jobs: deps.jobs } : {}),
		}),
	);
	app.setValidatorCompiler(validatorCompiler);
	app.setSerializerCompiler(serializerCompiler);
	installErrorHandler(app);
	installJsonBodyParser(app);

	await app.register(fastifyCookie);
	await app.register(fastifyHelmet, {
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				defaultSrc: ["'self'"],
				scriptSrc: ["'self'"],
				styleSrc: ["'self'"],
				// Profile photos come from the identity provider (Google serves them from its CDN).
				imgSrc: ["'self'", "data:", "blob:", "https:"],
				connectSrc: ["'self'"],
				fontSrc: ["'self'"],
				objectSrc: ["'none'"],
				baseUri: ["'self'"],
				formAction: ["'self'"],
				frameAncestors: ["'none'"],
				...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
			},
		},
		// The sign-in popup must be able to tell its opener that it is done.
		crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
		strictTransportSecurity: config.secureCookies
			? { maxAge: 31536000, includeSubDomains: true }
			: false,
	});
	// JSON answers (a session's paths run to megabytes) go out compressed; the built client's
	// files are compressed once at build time and sent as they are (spa-routes).
	await app.register(fastifyCompress, {
		encodings: ["br", "gzip"],
		threshold: 1024,
		// Quality 4: most of brotli's gain at a small part of the CPU of its default (11).
		brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
		zlibOptions: { level: 6 },
	});
	await app.register(accessControlPlugin);
	await app.register(sessionCookiePlugin);

	await app.register(metricsPlugin);
	await app.register(healthRoutes);
	await app.register(instanceRoutes);
	await app.register(authPlugin);
	await app.register(signInStateRoutes);
	await app.register(devicePlugin);
	await app.register(sessionRoutes);
	await app.register(lapHistoryRoutes);
	await app.register(importRoutes);
	await app.register(shareRoutes);
	await app.register(adminRoutes);
	await app.register(spaRoutes, { webRoot: options.webRoot ?? DEFAULT_WEB_ROOT });
	return app;
}
