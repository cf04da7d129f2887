import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a TypeScript entry point under tsx, forwarding signals; resolves with its exit code. */
export function runTs(entry, args = [], options = {}) {
	const child = spawn(process.execPath, ["--import", "tsx", join(root, entry), ...args], {
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
