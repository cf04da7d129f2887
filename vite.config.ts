import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * `vite build`: the production client in dist/web. `vite build --mode bench`: the same client
 * plus the canvas benchmark hook (src/web/canvas/bench-hook.ts), in dist/web-bench, which only
 * `npm run bench` serves; the production build has no trace of the hook.
 */
export default defineConfig(({ mode }) => ({
	root: "src/web",
	plugins: [react()],
	build: {
		outDir: mode === "bench" ? "../../dist/web-bench" : "../../dist/web",
		emptyOutDir: true,
		sourcemap: true,
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
