// @ts-check
/**
 * Mutation testing (StrykerJS + its Vitest runner). Run through `npm run mutate`
 * (bin/mutate.mjs), which runs one target at a time: MUTATE_TARGET names it.
 * Incremental: each target keeps its results in mutation/<target>.json (committed), so a run
 * only tests the mutants of code or tests that changed since.
 */
import { MUTATION_TARGETS } from "./bin/mutation-targets.mjs";

const name = process.env.MUTATE_TARGET ?? "domain-format";
const target = MUTATION_TARGETS.find((t) => t.name === name);
if (!target) throw new Error(`unknown MUTATE_TARGET "${name}"`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	testRunner: "vitest",
	plugins: ["@stryker-mutator/vitest-runner"],
	vitest: { configFile: "vitest.mutation.config.ts", related: true },
	coverageAnalysis: "perTest",
	mutate: target.mutate,
	// Two cores shared with other work: at most two test processes (MUTATE_CONCURRENCY=1: one).
	concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
	incremental: true,
	incrementalFile: `mutation/${target.name}.json`,
	ignoreStatic: true,
	timeoutMS: 5_000,
	timeoutFactor: 2,
	reporters: ["clear-text", "progress", "json"],
	jsonReporter: { fileName: `reports/mutation/${target.name}.json` },
	clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
	ignorePatterns: ["dist", "data", "test-results", "reports", "e2e", "bench/out", ".tmp"],
	tempDirName: ".stryker-tmp",
	// Stryker rewrites `extends`/`references` of this file in its sandbox copy with the TypeScript
	// 5 API, which TypeScript 7 lacks; tsconfig.json has neither, so point it at no file.
	tsconfigFile: "no-tsconfig-rewrite.json",
	cleanTempDir: "always",
};
