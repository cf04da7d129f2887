import diagnostics from "node:diagnostics_channel";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from "fastify";
import { buildApp } from "../app";
import { hashSessionToken } from "../auth/auth-sessions";
import { CSRF_HEADER, sessionCookieName } from "../auth/session-plugin";
import { type Config, loadConfig } from "../config";
import type { DatabaseHandle } from "../db/database";
import type { UserRow } from "../db/schema";
import { FilesystemStorage } from "../storage/filesystem-storage";
import type { ObjectStorage } from "../storage/object-storage";
import { createTestDatabase } from "./test-database";

export const TEST_SECRET_KEY = "test-secret-key-0123456789abcdef-0123456789";

export interface SignedIn {
	userId: string;
	cookie: string;
	csrfToken: string;
	/** Headers for app.inject: the cookie, the CSRF token and our Origin. */
	headers: Record<string, string>;
}

export interface TestContext {
	app: FastifyInstance;
	config: Config;
	database: DatabaseHandle;
	db: DatabaseHandle["db"];
	storage: ObjectStorage;
	dataDir: string;
	createUser(
		props?: Partial<
			Pick<
				UserRow,
				| "email"
				| "display_name"
				| "is_admin"
				| "is_seller"
				| "seller_id"
				| "wifi_ssid"
				| "pilot_name"
				| "bike_number"
			>
		>,
	): Promise<UserRow>;
	signIn(userId: string): Promise<SignedIn>;
	/** app.inject with the user's cookie and CSRF headers (anonymous when `as` is null). */
	request(as: SignedIn | null, options: InjectOptions): Promise<LightMyRequestResponse>;
	close(): Promise<void>;
}

let userCounter = 0;

export interface TestContextOptions {
	env?: Record<string, string>;
	/** Provide another storage (e.g. S3 against a local test server). */
	storage?: (dataDir: string) => Promise<ObjectStorage> | ObjectStorage;
	/** Sees every route as it is registered (the access matrix checks that each one has a row). */
	onRoute?: (route: RouteOptions) => void;
}

/**
 * A whole app on a fresh database (PGlite, or PostgreSQL per TEST_DB_ENGINE) and filesystem
 * storage in a temp dir. One per test file (beforeAll/afterAll): opening a database is slow.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
	const dataDir = await mkdtemp(join(tmpdir(), "lapsix-test-"));
	const config = loadConfig({
		NODE_ENV: "test",
		DATA_DIR: dataDir,
		SECRET_KEY: TEST_SECRET_KEY,
		PUBLIC_URL: "http://localhost:3000",
		SEED_DEMO: "0",
		LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
		...options.env,
	});
	const database = await createTestDatabase();
	const storage = options.storage
		? await options.storage(dataDir)
		: new FilesystemStorage(join(dataDir, "objects"));
	// Fastify announces each new instance on this channel before any plugin runs: the only way to
	// add an onRoute hook that sees every route buildApp registers.
	const initialization = diagnostics.channel("fastify.initialization");
	const onRoute = options.onRoute;
	const addRouteHook = onRoute
		? (message: unknown) =>
				(message as { fastify: FastifyInstance }).fastify.addHook("onRoute", onRoute)
		: undefined;
	if (addRouteHook) initialization.subscribe(addRouteHook);
	let app: FastifyInstance;
	try {
		app = await buildApp({ config, database, storage }, { webRoot: join(dataDir, "web") });
	} finally {
		if (addRouteHook) initialization.unsubscribe(addRouteHook);
	}
	await app.ready();
	const db = database.db;

	const ctx: TestContext = {
		app,
		config,
		database,
		db,
		storage,
		dataDir,
		async createUser(props = {}) {
			userCounter += 1;
			return db
				.insertInto("users")
				.values({ email: props.email ?? `user${userCounter}-${Date.now()}@example.com`, ...props })
				.returningAll()
				.executeTakeFirstOrThrow();
		},
		async signIn(userId) {
			const { token } = await app.authSessions.create(userId, "test");
			const cookie = `${sessionCookieName(config)}=${token}`;
			const csrfToken = app.csrfTokenFor(hashSessionToken(token));
			return {
				userId,
				cookie,
				csrfToken,
				headers: { cookie, [CSRF_HEADER]: csrfToken, origin: config.publicUrl },
			};
		},
		request(as, injectOptions) {
			return app.inject({
				...injectOptions,
				headers: { ...(as?.headers ?? {}), ...(injectOptions.headers ?? {}) },
			});
		},
		async close() {
			await app.close();
			await database.close();
			await rm(dataDir, { recursive: true, force: true });
		},
	};
	return ctx;
}
