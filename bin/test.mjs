#!/usr/bin/env node
// `npm test`: unit and integration tests (database tests on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests against the built web client.
// `npm test -- unit|postgres|e2e` runs one of the three.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { root } from "./run-ts.mjs";
import { ensureWebBuild } from "./web-build.mjs";

const node = process.execPath;
const results = [];

function run(label, args, env = {}) {
	process.stdout.write(`\n== ${label}\n`);
	const result = spawnSync(node, args, {
		cwd: root,
		stdio: "inherit",
		env: { ...process.env, ...env },
	});
	results.push({ label, ok: result.status === 0 });
	return result.status === 0;
}

const vitest = join(root, "node_modules/vitest/vitest.mjs");
const playwright = join(root, "node_modules/@playwright/test/cli.js");
const only = process.argv[2];

if (!only || only === "unit") run("unit and integration tests (PGlite)", [vitest, "run"]);
// Database tests are the files named *.db.test.ts (the Vitest project "db"): the name, not the
// text, decides, and a test file that opens a database under another name fails (see
// src/server/test/database-guard.ts).
if ((!only || only === "postgres") && process.env.TEST_DATABASE_URL) {
	run("database tests (PostgreSQL)", [vitest, "run", "--project", "db"], {
		TEST_DB_ENGINE: "postgres",
	});
}
if (!only || only === "e2e") {
	await ensureWebBuild();
	run("browser tests (Chromium)", [playwright, "test"]);
}

process.stdout.write("\n");
for (const { label, ok } of results) process.stdout.write(`${ok ? "ok  " : "FAIL"}  ${label}\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`test suites: ${results.length - failed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
