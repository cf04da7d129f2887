import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, DEMO_CLIENT_ID, loadConfig } from "../../config";

describe("sign-in configuration", () => {
	const dataDir = mkdtempSync(join(tmpdir(), "lapsix-oidc-config-"));
	afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
	const base = {
		DATA_DIR: dataDir,
		SECRET_KEY: "k".repeat(40),
		PUBLIC_URL: "https://lapsix.example.com",
	};

	it("refuses to start in production without an OpenID client (no demo issuer in production)", () => {
		expect(() => loadConfig({ ...base, NODE_ENV: "production" })).toThrow(ConfigError);
		expect(() => loadConfig({ ...base, NODE_ENV: "production" })).toThrow(/OIDC_CLIENT_ID/);
		expect(() =>
			loadConfig({
				...base,
				NODE_ENV: "production",
				OIDC_CLIENT_ID: "id.apps.googleusercontent.com",
			}),
		).toThrow(/OIDC_CLIENT_SECRET/);
	});

	it("uses Google when a client is configured, and the demo issuer otherwise", () => {
		const google = loadConfig({
			...base,
			NODE_ENV: "production",
			OIDC_CLIENT_ID: "id",
			OIDC_CLIENT_SECRET: "secret",
		});
		expect(google.oidc).toEqual({
			mode: "external",
			issuerUrl: "https://accounts.google.com",
			clientId: "id",
			clientSecret: "secret",
		});
		const demo = loadConfig({ ...base, NODE_ENV: "development" });
		expect(demo.oidc).toMatchObject({
			mode: "demo",
			issuerUrl: "https://lapsix.example.com/oidc",
			clientId: DEMO_CLIENT_ID,
		});
	});
});
