import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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

	it("takes METRICS_TOKEN of 32 characters or more", () => {
		expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
		expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: SECRET }).metricsToken).toBe(SECRET);
		expect(configError({ DATA_DIR: dataDir(), METRICS_TOKEN: "short" }).variable).toBe(
			"METRICS_TOKEN",
		);
	});
});
