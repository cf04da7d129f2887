#!/usr/bin/env node
// The `lapsix` command (also `npm run cli -- <command>`).
import { runServerEntry } from "./run-ts.mjs";

process.exitCode = await runServerEntry("cli", process.argv.slice(2));
