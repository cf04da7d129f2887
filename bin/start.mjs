#!/usr/bin/env node
import { runTs } from "./run-ts.mjs";
// `npm start`: builds the web client when it is missing or older than its sources, then starts
// the server (embedded database and demo data unless configured otherwise).
import { ensureWebBuild } from "./web-build.mjs";

await ensureWebBuild();
process.exitCode = await runTs("src/server/main.ts");
