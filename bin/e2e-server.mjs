// The server the browser tests run against: a fresh data directory with the demo data.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { root, runTs } from "./run-ts.mjs";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = join(root, ".tmp", `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
process.exitCode = await runTs("src/server/main.ts", [], {
	env: {
		...process.env,
		NODE_ENV: "test",
		PORT: port,
		HOST: "127.0.0.1",
		PUBLIC_URL: `http://localhost:${port}`,
		DATA_DIR: dataDir,
		DATABASE_URL: "",
		STORAGE_URL: "",
		OIDC_CLIENT_ID: "",
		SEED_DEMO: "1",
		LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
	},
});
