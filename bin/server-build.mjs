import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { root } from "./run-ts.mjs";
import { newestMtime } from "./web-build.mjs";

// The server and the CLI, compiled by esbuild into dist/server: one bundle each of our own code
// (src/server, src/shared, src/domain); packages stay imports, resolved from node_modules at run
// time, so production needs only the production dependencies. Types are checked by
// `tsc --noEmit`, not here.
const outDir = join(root, "dist/server");
const entries = { main: "src/server/main.ts", cli: "src/server/cli/main.ts" };
const sources = ["src/server", "src/shared", "src/domain"];

/** esbuild, or null where only production dependencies are installed. */
export async function loadEsbuild() {
	try {
		createRequire(join(root, "package.json")).resolve("esbuild");
	} catch {
		return null;
	}
	return import("esbuild");
}

export function serverBuildIsStale() {
	const marker = join(outDir, "main.js");
	if (!existsSync(marker)) return true;
	const present = sources.map((dir) => join(root, dir)).filter(existsSync);
	const newest = Math.max(
		0,
		...present.map(newestMtime),
		statSync(join(root, "bin/server-build.mjs")).mtimeMs,
	);
	return newest > statSync(marker).mtimeMs;
}

export async function buildServer() {
	const esbuild = await loadEsbuild();
	if (!esbuild)
		throw new Error("esbuild não está instalado (é uma dependência de desenvolvimento)");
	rmSync(outDir, { recursive: true, force: true });
	await esbuild.build({
		entryPoints: Object.fromEntries(
			Object.entries(entries).map(([name, file]) => [name, join(root, file)]),
		),
		outdir: outDir,
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20.19",
		packages: "external",
		sourcemap: true,
		logLevel: "warning",
	});
	// Read at run time next to the bundle (import.meta.url of dist/server/*.js).
	const migrations = join(outDir, "migrations");
	mkdirSync(migrations, { recursive: true });
	const from = join(root, "src/server/db/migrations");
	for (const file of readdirSync(from)) {
		if (file.endsWith(".sql")) cpSync(join(from, file), join(migrations, file));
	}
}

/**
 * Builds the server when it is missing or older than its sources and esbuild is at hand; where
 * only production dependencies are installed, what was built is used as it is.
 */
export async function ensureServerBuild() {
	const esbuild = await loadEsbuild();
	if (!esbuild) {
		if (existsSync(join(outDir, "main.js"))) return;
		process.stderr.write(
			"lapsix: o servidor não foi compilado (dist/server) e as ferramentas de build não estão instaladas: rode `npm run build` numa cópia com as dependências de desenvolvimento\n",
		);
		process.exit(1);
	}
	if (!serverBuildIsStale()) return;
	process.stdout.write("lapsix: compilando o servidor...\n");
	await buildServer();
}
