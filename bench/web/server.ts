/** The browser-test server (fresh data dir + demo data) on its own port, for the web benchmark. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

export const ROOT = join(import.meta.dirname, "..", "..");

function newestSourceMtime(dir: string): number {
	let newest = 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(path));
		else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
	}
	return newest;
}

/**
 * Builds dist/web only when it is missing or older than its sources: the browser tests of
 * others may be using the same build right now, and a rebuild replaces its hashed files.
 */
export function ensureWebClientBuilt(): void {
	const index = join(ROOT, "dist/web/index.html");
	const sources = ["src/web", "src/shared", "src/domain"].map((d) => join(ROOT, d));
	if (existsSync(index) && Math.max(...sources.map(newestSourceMtime)) <= statSync(index).mtimeMs)
		return;
	buildWebClient();
}

/** The client with the canvas benchmark hook (`vite build --mode bench`), in dist/web-bench. */
export const BENCH_WEB_ROOT = join(ROOT, "dist/web-bench");

export function buildBenchWebClient(): void {
	const result = spawnSync(
		process.execPath,
		[join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--mode", "bench", "--logLevel", "warn"],
		{ cwd: ROOT, stdio: "inherit" },
	);
	if (result.status !== 0) throw new Error("vite build --mode bench failed");
}

/**
 * Makes `page` load the bench build's HTML and assets while the API stays the server's: the
 * server only ever serves the production build.
 */
export async function serveBenchClient(page: Page, baseUrl: string): Promise<void> {
	await page.route(
		(url) => url.origin === new URL(baseUrl).origin && !/^\/(api|auth|oidc)\//.test(url.pathname),
		async (route) => {
			const { pathname } = new URL(route.request().url());
			const file = join(BENCH_WEB_ROOT, pathname);
			const isAsset = pathname !== "/" && existsSync(file) && statSync(file).isFile();
			await route.fulfill({ path: isAsset ? file : join(BENCH_WEB_ROOT, "index.html") });
		},
	);
}

export function buildWebClient(): void {
	const result = spawnSync(
		process.execPath,
		[join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
		{
			cwd: ROOT,
			stdio: "inherit",
		},
	);
	if (result.status !== 0) throw new Error("vite build failed");
}

export interface RunningServer {
	baseUrl: string;
	stop(): Promise<void>;
}

export async function startE2eServer(port: number, timeoutMs = 120_000): Promise<RunningServer> {
	const child: ChildProcess = spawn(process.execPath, [join(ROOT, "bin/e2e-server.mjs")], {
		cwd: ROOT,
		env: { ...process.env, E2E_PORT: String(port), E2E_LOG_LEVEL: "error" },
		stdio: ["ignore", "ignore", "inherit"],
	});
	const baseUrl = `http://localhost:${port}`;
	const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
	const stop = async () => {
		if (child.exitCode === null) child.kill("SIGTERM");
		await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
	};
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`e2e server exited with code ${child.exitCode}`);
		try {
			const response = await fetch(`http://127.0.0.1:${port}/readyz`);
			if (response.ok) return { baseUrl, stop };
		} catch {
			// Not listening yet.
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	await stop();
	throw new Error(`e2e server not ready on port ${port} after ${timeoutMs} ms`);
}
