import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { root } from "./run-ts.mjs";

export function newestMtime(dir) {
	let newest = 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
		else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
	}
	return newest;
}

export async function ensureWebBuild({ force = false } = {}) {
	const index = join(root, "dist/web/index.html");
	const vite = join(root, "node_modules/vite/bin/vite.js");
	if (!existsSync(vite)) {
		// Only production dependencies installed: serve what was built (the server says when
		// nothing was); a build asked for explicitly cannot be done.
		if (!force) return;
		process.stderr.write(
			"lapsix: o vite não está instalado (é uma dependência de desenvolvimento)\n",
		);
		process.exit(1);
	}
	const sources = ["src/web", "src/shared", "src/domain"]
		.map((d) => join(root, d))
		.filter(existsSync);
	const stale =
		force ||
		!existsSync(index) ||
		Math.max(...sources.map(newestMtime), statSync(join(root, "vite.config.ts")).mtimeMs) >
			statSync(index).mtimeMs;
	if (!stale) return;
	process.stdout.write("lapsix: construindo o cliente web...\n");
	const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
		cwd: root,
		stdio: "inherit",
	});
	if (result.status !== 0) {
		process.stderr.write("lapsix: falha ao construir o cliente web\n");
		process.exit(result.status ?? 1);
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	await ensureWebBuild({ force: process.argv.includes("--force") });
}
