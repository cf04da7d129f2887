#!/usr/bin/env node
import { runServerEntry } from "./run-ts.mjs";
// `npm start`: builds the web client when it is missing or older than its sources, then starts
// the server (embedded database and demo data unless configured otherwise).
import { ensureWebBuild } from "./web-build.mjs";

// Loading the server's code takes a few seconds on a slow machine: say so at once.
process.stderr.write("lapsix: iniciando…\n");
await ensureWebBuild();
process.stderr.write("lapsix: carregando o servidor…\n");
process.exitCode = await runServerEntry("main");
