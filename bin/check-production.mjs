#!/usr/bin/env node
// The production flow, end to end: `npm run build` here (with the development dependencies),
// then a copy holding only package.json, the lock file, bin/ and dist/ gets `npm ci --omit=dev`
// (no tsx, no vite, no esbuild, no TypeScript sources) and must start the compiled server with
// NODE_ENV=production, answer /readyz, serve the SPA and /metrics, stop cleanly on SIGTERM, and
// run `lapsix backup` and `lapsix restore`.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./run-ts.mjs";

const checks = [];
function check(label, ok, detail = "") {
	checks.push({ label, ok });
	process.stdout.write(`${ok ? "ok  " : "FAIL"}  ${label}${ok || !detail ? "" : `: ${detail}`}\n`);
	return ok;
}

function run(command, args, options) {
	const result = spawnSync(command, args, { stdio: "inherit", ...options });
	return result.status === 0;
}

function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

async function waitFor(url, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	let last = "";
	while (Date.now() < deadline) {
		try {
			const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
			if (res.status === 200) return true;
			last = `${res.status}`;
		} catch (error) {
			last = error.message;
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	process.stdout.write(`  last answer of ${url}: ${last}\n`);
	return false;
}

const started = Date.now();
const copy = mkdtempSync(join(tmpdir(), "lapsix-production-"));
let server;
try {
	process.stdout.write("== npm run build\n");
	if (!check("build", run(process.execPath, [join(root, "bin/build.mjs")], { cwd: root })))
		process.exit(1);

	for (const item of ["package.json", "package-lock.json", "bin", "dist"]) {
		cpSync(join(root, item), join(copy, item), { recursive: true });
	}
	process.stdout.write(`== npm ci --omit=dev in ${copy}\n`);
	const installed = run(
		"npm",
		["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
		{ cwd: copy },
	);
	if (!check("npm ci --omit=dev", installed)) process.exit(1);
	const devOnly = ["tsx", "vite", "esbuild", "typescript", "vitest", "@biomejs/biome"].filter(
		(name) => existsSync(join(copy, "node_modules", name)),
	);
	check("no development dependency installed", devOnly.length === 0, devOnly.join(", "));

	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const metricsToken = randomBytes(24).toString("hex");
	const env = {
		PATH: process.env.PATH,
		HOME: process.env.HOME,
		NODE_ENV: "production",
		PORT: String(port),
		HOST: "127.0.0.1",
		PUBLIC_URL: base,
		DATA_DIR: join(copy, "data"),
		SECRET_KEY: randomBytes(24).toString("hex"),
		// Discovery happens at the first sign-in, never at start: no provider is needed here.
		OIDC_ISSUER_URL: "http://127.0.0.1:9/unused",
		OIDC_CLIENT_ID: "lapsix-production-check",
		OIDC_CLIENT_SECRET: "unused",
		SEED_DEMO: "1",
		METRICS_TOKEN: metricsToken,
		LOG_LEVEL: "warn",
	};
	process.stdout.write("== starting the compiled server (NODE_ENV=production)\n");
	server = spawn(process.execPath, ["bin/start.mjs"], { cwd: copy, env, stdio: "inherit" });
	const exited = once(server, "exit");
	check("/readyz answers 200", await waitFor(`${base}/readyz`, 120_000));

	const page = await fetch(`${base}/user`);
	const html = await page.text();
	const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
	check("the SPA shell is served", page.status === 200 && script !== undefined, `${page.status}`);
	// Every body is read to its end: an unread one is a request still in flight at SIGTERM.
	const asset = script ? await fetch(new URL(script, base)) : null;
	const assetBytes = asset ? (await asset.arrayBuffer()).byteLength : 0;
	check("its script is served", asset?.status === 200 && assetBytes > 0, `${asset?.status}`);

	const anonymous = await fetch(`${base}/metrics`);
	await anonymous.text();
	check("/metrics refuses a request without the token", anonymous.status === 401);
	const metrics = await fetch(`${base}/metrics`, {
		headers: { authorization: `Bearer ${metricsToken}` },
	});
	const text = await metrics.text();
	check(
		"/metrics answers with the token",
		metrics.status === 200 && text.includes("lapsix_http_request_duration_seconds"),
		`${metrics.status}`,
	);

	server.kill("SIGTERM");
	const [code] = await Promise.race([
		exited,
		new Promise((r) => setTimeout(() => r(["timeout"]), 20_000)),
	]);
	check("stops on SIGTERM with exit code 0", code === 0, `${code}`);
	server = undefined;

	const archive = join(copy, "lapsix.backup");
	process.stdout.write("== lapsix backup / restore (compiled CLI)\n");
	check(
		"lapsix backup",
		run(process.execPath, ["bin/lapsix.mjs", "backup", archive], { cwd: copy, env }),
	);
	check(
		"lapsix restore into a new data directory",
		run(process.execPath, ["bin/lapsix.mjs", "restore", archive], {
			cwd: copy,
			env: { ...env, DATA_DIR: join(copy, "restored") },
		}),
	);
} finally {
	server?.kill("SIGKILL");
	rmSync(copy, { recursive: true, force: true });
}

const failed = checks.filter((c) => !c.ok).length;
process.stdout.write(
	`production check (${Math.round((Date.now() - started) / 1000)} s): ${checks.length - failed} passed, ${failed} failed\n`,
);
process.exitCode = failed === 0 ? 0 : 1;
