#!/usr/bin/env node
// The `lapsix` command (also `npm run cli -- <command>`).
import { runTs } from "./run-ts.mjs";

process.exitCode = await runTs("src/server/cli/main.ts", process.argv.slice(2));
