#!/usr/bin/env node
// `npm run build`: the server and the CLI (esbuild, into dist/server) and the web client (Vite,
// into dist/web). Needs the development dependencies; the result runs with production ones only.
import { buildServer } from "./server-build.mjs";
import { ensureWebBuild } from "./web-build.mjs";

process.stdout.write("lapsix: compilando o servidor...\n");
await buildServer();
await ensureWebBuild({ force: true });
process.stdout.write("lapsix: build pronto em dist/server e dist/web\n");
