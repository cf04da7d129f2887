import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["src/**/*.test.ts", "src/**/*.test.tsx", "bench/**/*.test.ts", "test/**/*.test.ts"],
		environment: "node",
		pool: "forks",
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// Each database test file opens its own database; two cores run two files at once.
		maxWorkers: 2,
	},
});
