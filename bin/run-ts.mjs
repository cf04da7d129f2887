import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function runNode(args, options) {
	const child = spawn(process.execPath, args, {
		stdio: "inherit",
		env: options.env ?? process.env,
		cwd: options.cwd ?? process.cwd(),
	});
	const forward = (signal) => () => child.kill(signal);
	for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, forward(signal));
	return new Promise((resolve) => {
		child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
	});
}

/** Runs a TypeScript entry point under tsx, forwarding signals; resolves with its exit code. */
export function runTs(entry, args = [], options = {}) {
	return runNode(["--import", "tsx", join(root, entry), ...args], options);
}

const SERVER_ENTRIES = { main: "src/server/main.ts", cli: "src/server/cli/main.ts" };

/**
 * Runs the server ("main") or the CLI ("cli"): in production, and wherever tsx is not installed
 * (production dependencies only), the compiled JavaScript of dist/server, built first if it is
 * missing or stale and the build tools are there; elsewhere the TypeScript sources under tsx.
 */
export async function runServerEntry(name, args = [], options = {}) {
	const env = options.env ?? process.env;
	const hasTsx = existsSync(join(root, "node_modules/tsx/package.json"));
	if (env.NODE_ENV !== "production" && hasTsx) return runTs(SERVER_ENTRIES[name], args, options);
	const { ensureServerBuild } = await import("./server-build.mjs");
	await ensureServerBuild();
	return runNode(
		["--enable-source-maps", join(root, "dist/server", `${name}.js`), ...args],
		options,
	);
}
