/**
 * The processes of the load benchmark: two web instances and one ingest worker, started as
 * production starts them (`node --enable-source-maps dist/server/*.js`, NODE_ENV=production,
 * the compiled JavaScript that `npm run build` makes; built here first when missing or older
 * than its sources). LOAD_BENCH_RUNTIME=tsx runs the TypeScript sources under tsx instead, as
 * `npm run dev` does, to compare. LOAD_BENCH_PROFILE=<dir> writes a V8 CPU profile of each
 * process into <dir> when it ends.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

export type LoadRuntime = "dist" | "tsx";

export function loadRuntime(): LoadRuntime {
	const raw = process.env.LOAD_BENCH_RUNTIME ?? "dist";
	if (raw !== "dist" && raw !== "tsx")
		throw new Error(`LOAD_BENCH_RUNTIME: "${raw}" (dist ou tsx)`);
	return raw;
}

/** dist/server as `npm run build` makes it, rebuilt when a source is newer (bin/server-build.mjs). */
export function ensureServerBuild(): void {
	const built = spawnSync(
		process.execPath,
		[
			"--input-type=module",
			"-e",
			"const m = await import('./bin/server-build.mjs'); await m.ensureServerBuild();",
		],
		{ cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] },
	);
	if (built.status !== 0) throw new Error("a compilação do servidor (dist/server) falhou");
}

export function freePort(): Promise<number> {
	return new Promise((done, fail) => {
		const server = createServer();
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address ? done(address.port) : fail(new Error("no port")),
			);
		});
	});
}

/**
 * Production refuses to start without a real OpenID client. Its issuer is only contacted when
 * someone signs in, which no one does here (riders come with sign-in sessions made beforehand),
 * so an address where nothing listens is enough.
 */
const PRODUCTION_ENV = {
	NODE_ENV: "production",
	OIDC_CLIENT_ID: "load-bench",
	OIDC_CLIENT_SECRET: "load-bench-secret",
	OIDC_ISSUER_URL: "http://127.0.0.1:9/load-bench-issuer",
};

/** `entry`: "main" (a web instance) or "cli" (with its arguments, e.g. `worker`). */
export function startProcess(
	runtime: LoadRuntime,
	entry: "main" | "cli",
	args: string[],
	env: Record<string, string>,
): ChildProcess {
	const profileDir = process.env.LOAD_BENCH_PROFILE;
	const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${resolve(profileDir)}`] : [];
	const code =
		runtime === "dist"
			? ["--enable-source-maps", join(ROOT, "dist/server", `${entry}.js`)]
			: [
					"--import",
					"tsx",
					join(ROOT, entry === "main" ? "src/server/main.ts" : "src/server/cli/main.ts"),
				];
	return spawn(process.execPath, [...profile, ...code, ...args], {
		cwd: ROOT,
		env: {
			PATH: process.env.PATH ?? "",
			LOG_LEVEL: "warn",
			SEED_DEMO: "0",
			...(runtime === "dist" ? PRODUCTION_ENV : { NODE_ENV: "development" }),
			...env,
		},
		stdio: ["ignore", "ignore", "inherit"],
	});
}

export async function waitReady(origin: string): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		const status = await fetch(`${origin}/readyz`).then(
			(r) => r.status,
			() => 0,
		);
		if (status === 200) return;
		await new Promise((r) => setTimeout(r, 250));
	}
	throw new Error(`${origin} not ready`);
}

/** SIGTERM (each ends gracefully, writing its profile), SIGKILL after 15 s. */
export async function stopProcesses(children: ChildProcess[]): Promise<void> {
	for (const child of children) child.kill("SIGTERM");
	await Promise.all(
		children.map(
			(child) =>
				new Promise<void>((done) => {
					if (child.exitCode !== null || child.signalCode !== null) return done();
					const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
					child.on("exit", () => {
						clearTimeout(force);
						done();
					});
				}),
		),
	);
}
