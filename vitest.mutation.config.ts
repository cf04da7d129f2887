import { defineConfig } from "vitest/config";
import { MUTATION_TARGETS } from "./bin/mutation-targets.mjs";

/**
 * The tests StrykerJS runs for one target (MUTATE_TARGET): the target's own test globs, in one
 * project, on PGlite, without the slow tests of the embedded engine itself (*.pglite.test.ts: the
 * crash test kills processes at random moments) and with fewer fast-check runs per property.
 */
const target = MUTATION_TARGETS.find(
	(t) => t.name === (process.env.MUTATE_TARGET ?? "domain-format"),
);
if (!target) throw new Error(`unknown MUTATE_TARGET "${process.env.MUTATE_TARGET}"`);

export default defineConfig({
	test: {
		include: target.tests,
		exclude: ["**/*.pglite.test.ts", "**/node_modules/**", ...(target.exclude ?? [])],
		setupFiles: ["src/server/test/mutation.setup.ts"],
		environment: "node",
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
});
