import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { connectionTimeoutOptions } from "./http/connection-limits";

const dataDir = () => mkdtempSync(join(tmpdir(), "lapsix-config-"));
const SECRET = "0123456789abcdef0123456789abcdef";

function configError(env: Record<string, string>): ConfigError {
	try {
		loadConfig(env);
	} catch (error) {
		if (error instanceof ConfigError) return error;
		throw error;
	}
	throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
	it("has working defaults for a laptop", () => {
		const dir = dataDir();
		const config = loadConfig({ DATA_DIR: dir });
		expect(config.port).toBe(3000);
		expect(config.publicUrl).toBe("http://localhost:3000");
		expect(config.nodeEnv).toBe("development");
		expect(config.databaseUrl).toBeUndefined();
		expect(config.storageUrl).toBeUndefined();
		expect(config.oidc.mode).toBe("demo");
		expect(config.oidc.issuerUrl).toBe("http://localhost:3000/oidc");
		expect(config.secureCookies).toBe(false);
		expect(config.uploadMaxBytes).toBe(64 * 1024 * 1024);
		expect(config.importLimits).toEqual({
			concurrentPerUser: 2,
			concurrentTotal: 8,
			dailyBytesPerRider: 1024 * 1024 * 1024,
		});
		expect(config.seedDemo).toBe(true);
	});

	it("generates SECRET_KEY once into DATA_DIR, private, and reuses it", () => {
		const dir = dataDir();
		const first = loadConfig({ DATA_DIR: dir });
		const second = loadConfig({ DATA_DIR: dir });
		expect(first.secretKey.length).toBe(32);
		expect(second.secretKey.equals(first.secretKey)).toBe(true);
		expect(statSync(join(dir, "secret.key")).mode & 0o777).toBe(0o600);
		expect(readFileSync(join(dir, "secret.key"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
	});

	it.each([
		[{ PORT: "abc" }, "PORT"],
		[{ PORT: "70000" }, "PORT"],
		[{ NODE_ENV: "staging" }, "NODE_ENV"],
		[{ PUBLIC_URL: "localhost:3000" }, "PUBLIC_URL"],
		[{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
		[{ STORAGE_URL: "ftp://x" }, "STORAGE_URL"],
		[{ SECRET_KEY: "short" }, "SECRET_KEY"],
		[{ UPLOAD_MAX_BYTES: "-1" }, "UPLOAD_MAX_BYTES"],
		[{ IMPORT_DAILY_QUOTA_BYTES: "0" }, "IMPORT_DAILY_QUOTA_BYTES"],
		[{ IMPORT_CONCURRENCY_PER_USER: "dois" }, "IMPORT_CONCURRENCY_PER_USER"],
		[{ OIDC_CLIENT_ID: "abc" }, "OIDC_CLIENT_SECRET"],
		[{ OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b", OIDC_ISSUER_URL: "nope" }, "OIDC_ISSUER_URL"],
	])("names the bad variable: %j", (env, variable) => {
		const error = configError({ DATA_DIR: dataDir(), ...env });
		expect(error.variable).toBe(variable);
		expect(error.message.startsWith(`${variable}: `)).toBe(true);
	});

	it("requires SECRET_KEY and a real OpenID client in production", () => {
		expect(configError({ NODE_ENV: "production", DATA_DIR: dataDir() }).variable).toBe(
			"OIDC_CLIENT_ID",
		);
		expect(
			configError({
				NODE_ENV: "production",
				DATA_DIR: dataDir(),
				OIDC_CLIENT_ID: "id",
				OIDC_CLIENT_SECRET: "s",
			}).variable,
		).toBe("SECRET_KEY");
	});

	it("uses Google as the issuer when a client is configured", () => {
		const config = loadConfig({
			NODE_ENV: "production",
			DATA_DIR: dataDir(),
			SECRET_KEY: SECRET,
			OIDC_CLIENT_ID: "id",
			OIDC_CLIENT_SECRET: "secret",
			PUBLIC_URL: "https://lapsix.example.com/",
		});
		expect(config.oidc).toEqual({
			mode: "external",
			issuerUrl: "https://accounts.google.com",
			clientId: "id",
			clientSecret: "secret",
		});
		expect(config.publicUrl).toBe("https://lapsix.example.com");
		expect(config.secureCookies).toBe(true);
		expect(config.seedDemo).toBe(false);
	});
	it("reads SECRET_KEY_FILE, the key file of another install, also in production", () => {
		const laptop = dataDir();
		const generated = loadConfig({ DATA_DIR: laptop }).secretKey;
		const config = loadConfig({
			NODE_ENV: "production",
			DATA_DIR: dataDir(),
			SECRET_KEY_FILE: join(laptop, "secret.key"),
			OIDC_CLIENT_ID: "id",
			OIDC_CLIENT_SECRET: "s",
		});
		expect(config.secretKey.equals(generated)).toBe(true);
		expect(configError({ DATA_DIR: dataDir(), SECRET_KEY_FILE: "/nonexistent/key" }).variable).toBe(
			"SECRET_KEY_FILE",
		);
		expect(
			configError({
				DATA_DIR: dataDir(),
				SECRET_KEY: SECRET,
				SECRET_KEY_FILE: join(laptop, "secret.key"),
			}).message,
		).toMatch(/não os dois/);
	});

	it("reads the ingest memory budget in MB (INGEST_MEMORY_MB), 128 by default", () => {
		const MB = 1024 * 1024;
		expect(loadConfig({ DATA_DIR: dataDir() }).ingestMemoryBytes).toBe(128 * MB);
		expect(loadConfig({ DATA_DIR: dataDir(), INGEST_MEMORY_MB: "512" }).ingestMemoryBytes).toBe(
			512 * MB,
		);
		expect(configError({ DATA_DIR: dataDir(), INGEST_MEMORY_MB: "0" }).variable).toBe(
			"INGEST_MEMORY_MB",
		);
	});

	it("takes METRICS_TOKEN of 32 characters or more", () => {
		expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
		expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: SECRET }).metricsToken).toBe(SECRET);
		expect(configError({ DATA_DIR: dataDir(), METRICS_TOKEN: "short" }).variable).toBe(
			"METRICS_TOKEN",
		);
	});

	it("trusts no proxy unless TRUST_PROXY names a hop count or addresses/CIDRs", () => {
		const production = {
			NODE_ENV: "production",
			SECRET_KEY: SECRET,
			OIDC_CLIENT_ID: "id",
			OIDC_CLIENT_SECRET: "s",
		};
		expect(loadConfig({ DATA_DIR: dataDir(), ...production }).trustProxy).toBe(false);
		expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
		expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "0" }).trustProxy).toBe(false);
		expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "2" }).trustProxy).toBe(2);
		expect(
			loadConfig({
				DATA_DIR: dataDir(),
				TRUST_PROXY: " 10.0.0.1, 192.168.0.0/16 ,::1, fd00::/8, loopback",
			}).trustProxy,
		).toEqual(["10.0.0.1", "192.168.0.0/16", "::1", "fd00::/8", "loopback"]);
		for (const bad of ["true", "*", "10.0.0.300", "10.0.0.0/33", "::/129", "10.0.0.1/8/2", ","]) {
			const error = configError({ DATA_DIR: dataDir(), TRUST_PROXY: bad });
			expect(error.variable, bad).toBe("TRUST_PROXY");
		}
	});

	it("bounds every connection by default so a useless one is closed within 30 s", () => {
		const { http } = loadConfig({ DATA_DIR: dataDir() });
		const options = connectionTimeoutOptions(http);
		const checkEvery = options.http.connectionsCheckingInterval ?? 30_000;
		// Silent or slowloris headers: the headers timeout, seen at the next check.
		expect(http.headersTimeoutMs + checkEvery).toBeLessThanOrEqual(30_000);
		// A connection on which nothing moves, and a kept-alive one (Node adds up to 1 s).
		expect(http.idleTimeoutMs).toBeLessThanOrEqual(30_000);
		expect(http.keepAliveTimeoutMs + 1000).toBeLessThanOrEqual(30_000);
		// A trickling body: cut at the end of its first slow window.
		expect(http.bodyRateWindowMs).toBeLessThanOrEqual(30_000);
		expect(http.bodyMinBytesPerSecond).toBeGreaterThanOrEqual(1024);
		expect(http.maxConnections).toBe(1000);
		expect(http.requestTimeoutMs).toBe(600_000);
	});

	it("reads the HTTP limits, and refuses a request timeout shorter than the headers one", () => {
		const { http } = loadConfig({
			DATA_DIR: dataDir(),
			HTTP_HEADERS_TIMEOUT_MS: "5000",
			HTTP_REQUEST_TIMEOUT_MS: "60000",
			HTTP_KEEP_ALIVE_TIMEOUT_MS: "2000",
			HTTP_IDLE_TIMEOUT_MS: "10000",
			HTTP_BODY_MIN_BYTES_PER_SECOND: "4096",
			HTTP_BODY_RATE_WINDOW_MS: "5000",
			HTTP_MAX_CONNECTIONS: "300",
		});
		expect(http).toEqual({
			headersTimeoutMs: 5000,
			requestTimeoutMs: 60000,
			keepAliveTimeoutMs: 2000,
			idleTimeoutMs: 10000,
			bodyMinBytesPerSecond: 4096,
			bodyRateWindowMs: 5000,
			maxConnections: 300,
		});
		expect(
			configError({
				DATA_DIR: dataDir(),
				HTTP_HEADERS_TIMEOUT_MS: "20000",
				HTTP_REQUEST_TIMEOUT_MS: "10000",
			}).variable,
		).toBe("HTTP_REQUEST_TIMEOUT_MS");
		expect(configError({ DATA_DIR: dataDir(), HTTP_MAX_CONNECTIONS: "0" }).variable).toBe(
			"HTTP_MAX_CONNECTIONS",
		);
	});

	it("purges expired sign-in sessions hourly unless SESSION_PURGE_INTERVAL_MS says otherwise", () => {
		expect(loadConfig({ DATA_DIR: dataDir() }).sessionPurgeIntervalMs).toBe(3_600_000);
		expect(
			loadConfig({ DATA_DIR: dataDir(), SESSION_PURGE_INTERVAL_MS: "60000" })
				.sessionPurgeIntervalMs,
		).toBe(60_000);
		expect(configError({ DATA_DIR: dataDir(), SESSION_PURGE_INTERVAL_MS: "soon" }).variable).toBe(
			"SESSION_PURGE_INTERVAL_MS",
		);
	});

	it("keeps 32 MiB of cached answers unless ANSWER_CACHE_MAX_BYTES says otherwise (0: none)", () => {
		const cacheBytes = (value?: string) =>
			loadConfig({
				DATA_DIR: dataDir(),
				...(value === undefined ? {} : { ANSWER_CACHE_MAX_BYTES: value }),
			}).answerCacheMaxBytes;
		expect(cacheBytes()).toBe(32 * 1024 * 1024);
		expect(cacheBytes("1048576")).toBe(1_048_576);
		expect(cacheBytes("0")).toBe(0);
		for (const bad of ["lots", "-1", "1.5", "99999999999999999999"]) {
			const error = configError({ DATA_DIR: dataDir(), ANSWER_CACHE_MAX_BYTES: bad });
			expect(error.variable).toBe("ANSWER_CACHE_MAX_BYTES");
		}
	});

	it("keeps the passwordless demo on this machine unless explicitly opened to the network", () => {
		expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
			host: "127.0.0.1",
			demoExposed: false,
		});
		for (const host of [
			"127.0.0.1",
			"127.0.1.1",
			"localhost",
			"::1",
			"[::1]",
			"::ffff:127.0.0.1",
		]) {
			expect(loadConfig({ DATA_DIR: dataDir(), HOST: host }).demoExposed, host).toBe(false);
		}
		for (const host of ["0.0.0.0", "::", "192.168.0.10", "lapsix.local"]) {
			const error = configError({ DATA_DIR: dataDir(), HOST: host });
			expect(error.variable, host).toBe("HOST");
			expect(error.message).toContain("DEMO_ALLOW_REMOTE=1");
			expect(error.message).not.toContain("\n");
			expect(
				configError({ DATA_DIR: dataDir(), HOST: host, DEMO_ALLOW_REMOTE: "0" }).variable,
			).toBe("HOST");
		}
		expect(
			loadConfig({ DATA_DIR: dataDir(), HOST: "0.0.0.0", DEMO_ALLOW_REMOTE: "1" }),
		).toMatchObject({ host: "0.0.0.0", demoExposed: true });
		expect(configError({ DATA_DIR: dataDir(), DEMO_ALLOW_REMOTE: "yes" }).variable).toBe(
			"DEMO_ALLOW_REMOTE",
		);
	});

	it("listens on every address with a real sign-in, where HOST needs no opt-in", () => {
		const real = { DATA_DIR: dataDir(), OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "s" };
		expect(loadConfig(real)).toMatchObject({ host: "0.0.0.0", demoExposed: false });
		expect(loadConfig({ ...real, HOST: "192.168.0.10" })).toMatchObject({
			host: "192.168.0.10",
			demoExposed: false,
		});
	});
});
