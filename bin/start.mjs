#!/usr/bin/env node
import { runServerEntry } from "./run-ts.mjs";
// `npm start`: builds the web client when it is missing or older than its sources, then starts
// the server (embedded database and demo data unless configured otherwise).
import { ensureWebBuild } from "./web-build.mjs";

await ensureWebBuild();
process.exitCode = await runServerEntry("main");
