import { defineConfig } from "vitest/config";

/**
 * Three projects, chosen by file name only (see src/server/test/database-guard.ts):
 * - unit:   every other test file; both database drivers refuse to connect there;
 * - db:     `*.db.test.ts`, on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres
 *           (`npm test` runs `--project db` a second time that way when TEST_DATABASE_URL is set);
 * - pglite: `*.pglite.test.ts`, about the embedded engine itself.
 */
const onPostgres = process.env.TEST_DB_ENGINE === "postgres";
const TEST_FILES = [
	"src/**/*.test.ts",
	"src/**/*.test.tsx",
	"bench/**/*.test.ts",
	"test/**/*.test.ts",
];
const DB_FILES = ["src/**/*.db.test.ts", "bench/**/*.db.test.ts", "test/**/*.db.test.ts"];
const PGLITE_FILES = [
	"src/**/*.pglite.test.ts",
	"bench/**/*.pglite.test.ts",
	"test/**/*.pglite.test.ts",
];

export default defineConfig({
	test: {
		environment: "node",
		pool: "forks",
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// Each database test file opens its own database; two cores run two files at once.
		maxWorkers: 2,
		projects: [
			{
				extends: true,
				test: {
					name: "unit",
					include: TEST_FILES,
					exclude: [...DB_FILES, ...PGLITE_FILES],
					setupFiles: ["src/server/test/refuse-databases.setup.ts"],
				},
			},
			{
				extends: true,
				test: {
					name: "db",
					include: DB_FILES,
					setupFiles: onPostgres ? ["src/server/test/refuse-pglite.setup.ts"] : [],
				},
			},
			{
				extends: true,
				test: { name: "pglite", include: PGLITE_FILES },
			},
		],
	},
});
