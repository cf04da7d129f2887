import { randomBytes } from "node:crypto";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app";
import { hashSessionToken } from "../auth/auth-sessions";
import { CSRF_HEADER, sessionCookieName } from "../auth/session-plugin";
import { type Config, loadConfig } from "../config";
import { openRuntime, type Runtime } from "../runtime";
import type { ObjectStorage } from "../storage/object-storage";
import { TEST_SECRET_KEY } from "./harness";
import type { S3TestServer } from "./s3-test-server";

/** An install as the server opens it (data-dir lock, migrations, storage from the config). */
export interface Install {
	config: Config;
	runtime: Runtime;
	app: FastifyInstance;
	close(): Promise<void>;
}

export function installEnv(env: Record<string, string>): Record<string, string> {
	return {
		NODE_ENV: "test",
		SECRET_KEY: TEST_SECRET_KEY,
		PUBLIC_URL: "http://localhost:3000",
		SEED_DEMO: "0",
		LOG_LEVEL: "silent",
		DATABASE_URL: "",
		STORAGE_URL: "",
		...env,
	};
}

export async function openInstall(env: Record<string, string>): Promise<Install> {
	const config = loadConfig(installEnv(env));
	const runtime = await openRuntime(config, "server");
	const app = await buildApp(
		{ config, database: runtime.database, storage: runtime.storage },
		{ logger: false, webRoot: "/nonexistent" },
	);
	await app.ready();
	return {
		config,
		runtime,
		app,
		async close() {
			await app.close();
			await runtime.close();
		},
	};
}

/** Runs `fn` with process.env set as the CLI would see it, then puts it back. */
export async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
	const saved = { ...process.env };
	Object.assign(process.env, installEnv(env));
	try {
		return await fn();
	} finally {
		for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
		Object.assign(process.env, saved);
	}
}

async function signedInHeaders(app: FastifyInstance, config: Config, userId: string) {
	const { token } = await app.authSessions.create(userId, "test");
	const cookie = `${sessionCookieName(config)}=${token}`;
	return {
		cookie,
		[CSRF_HEADER]: app.csrfTokenFor(hashSessionToken(token)),
		origin: config.publicUrl,
	};
}

/**
 * What each user sees through the API: /api/me (less its per-sign-in CSRF token), Meus Dados,
 * the session tree and, for every session in it, the session, its paths and each lap's path;
 * for sellers and admins their lists and every rider's tree. Keyed by e-mail and URL.
 */
export async function collectAnswers(install: Install): Promise<Record<string, unknown>> {
	const { app, config } = install;
	const users = await install.runtime.database.db
		.selectFrom("users")
		.select(["id", "email", "is_admin", "is_seller"])
		.orderBy("email")
		.execute();
	const answers: Record<string, unknown> = {};
	for (const user of users) {
		const headers = await signedInHeaders(app, config, user.id);
		const get = async (url: string) => {
			const res = await app.inject({ method: "GET", url, headers });
			const body = res.json() as Record<string, unknown>;
			if (url === "/api/me") delete body.csrfToken;
			answers[`${user.email} ${url}`] = { status: res.statusCode, body };
			return { status: res.statusCode, body };
		};
		await get("/api/me");
		await get("/api/me/profile");
		const trees = [await get("/api/sessions/tree")];
		if (user.is_admin || user.is_seller) {
			await get("/api/seller/riders");
			await get("/api/seller/stock");
			for (const other of users) trees.push(await get(`/api/sessions/tree?riderId=${other.id}`));
		}
		if (user.is_admin) {
			for (const url of [
				"/api/admin/users",
				"/api/admin/sellers",
				"/api/admin/hardware",
				"/api/admin/audit",
			])
				await get(url);
		}
		for (const tree of trees) {
			if (tree.status !== 200) continue;
			const tracks = (tree.body as { tracks: TreeTrack[] }).tracks;
			for (const date of tracks.flatMap((track) => track.dates)) {
				await get(`/api/sessions/${date.sessionId}`);
				await get(`/api/sessions/${date.sessionId}/paths`);
				for (const lap of date.laps)
					await get(`/api/sessions/${date.sessionId}/laps/${lap.number}/path`);
			}
		}
	}
	return answers;
}

interface TreeTrack {
	dates: Array<{ sessionId: string; laps: Array<{ number: number }> }>;
}

/** Every stored object's key and SHA-256. */
export async function objectDigests(storage: ObjectStorage): Promise<Record<string, string>> {
	const digests: Record<string, string> = {};
	let pageToken: string | undefined;
	do {
		const page = await storage.list("", pageToken ? { pageToken } : {});
		for (const object of page.objects) {
			digests[object.key] = (await storage.head(object.key))?.sha256 ?? "?";
		}
		pageToken = page.nextPageToken;
	} while (pageToken);
	return digests;
}

/** A new, empty PostgreSQL database on the server of TEST_DATABASE_URL; drop() removes it. */
export async function createEmptyPostgresDatabase(adminUrl: string) {
	const name = `lapsix_test_${randomBytes(6).toString("hex")}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`CREATE DATABASE ${name}`);
	await admin.end();
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return {
		url: url.toString(),
		async drop() {
			const dropper = new pg.Client({ connectionString: adminUrl });
			await dropper.connect();
			await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await dropper.end();
		},
	};
}

/** A new bucket on the S3 test server, and the STORAGE_URL that names it. */
export async function createBucket(server: S3TestServer): Promise<string> {
	const bucket = `lapsix-${randomBytes(6).toString("hex")}`;
	const admin = new S3Client({
		region: "us-east-1",
		endpoint: server.endpoint,
		forcePathStyle: true,
		credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
	});
	await admin.send(new CreateBucketCommand({ Bucket: bucket }));
	admin.destroy();
	const params = new URLSearchParams({
		endpoint: server.endpoint,
		region: "us-east-1",
		accessKeyId: server.accessKeyId,
		secretAccessKey: server.secretAccessKey,
	});
	return `s3://${bucket}?${params}`;
}
