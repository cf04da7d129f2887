import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const OUT_DIR = "../../dist/web";
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
	);
}

/**
 * Writes `x.br` and `x.gz` beside every text file of the build, compressed once at the highest
 * level, so the server sends them as they are (`@fastify/static` `preCompressed`) and never
 * compresses a static file per request.
 */
function precompress(): Plugin {
	let outDir = "";
	return {
		name: "lapsix:precompress",
		apply: "build",
		configResolved(config) {
			outDir = resolve(config.root, config.build.outDir);
		},
		closeBundle() {
			for (const file of filesUnder(outDir)) {
				if (!COMPRESSIBLE.test(file) || statSync(file).size < 512) continue;
				const content = readFileSync(file);
				writeFileSync(
					`${file}.br`,
					brotliCompressSync(content, {
						params: {
							[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
							[constants.BROTLI_PARAM_SIZE_HINT]: content.length,
						},
					}),
				);
				writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
			}
		},
	};
}

/**
 * `vite build`: the production client in dist/web. `vite build --mode bench`: the same client
 * plus the canvas benchmark hook (src/web/canvas/bench-hook.ts), in dist/web-bench, which only
 * `npm run bench` serves; the production build has no trace of the hook.
 */
export default defineConfig(({ mode }) => ({
	root: "src/web",
	plugins: [react(), precompress()],
	build: {
		outDir: mode === "bench" ? "../../dist/web-bench" : OUT_DIR,
		emptyOutDir: true,
		// No source maps in the build: they would publish the whole source. `npx vite` (the dev
		// server) still has them.
		sourcemap: false,
	},
	server: {
		port: 5173,
		proxy: {
			"/api": "http://localhost:3000",
			"/auth": "http://localhost:3000",
			"/oidc": "http://localhost:3000",
		},
	},
}));
