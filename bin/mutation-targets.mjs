/**
 * What `npm run mutate` mutates, one target at a time, and the tests each target is judged by
 * (`tests`: globs of test files; the Vitest runner then keeps those related to the mutated file).
 * `min`: the mutation score the target must reach.
 */
const NOT_TESTS = ["!**/*.test.ts", "!**/*.bench.ts", "!**/test-fixtures.ts"];

export const MUTATION_TARGETS = [
	{
		name: "domain-six-lap",
		group: "src/domain",
		mutate: ["src/domain/six/{parse-lap,scan,reasons}.ts"],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-six-gps",
		group: "src/domain",
		mutate: ["src/domain/six/{parse-gps,gps-*}.ts"],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-six-analysis",
		group: "src/domain",
		mutate: ["src/domain/six/{analyze,split-laps,path-codec,serialize}.ts"],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-format",
		group: "src/domain",
		mutate: ["src/domain/format/**/*.ts", ...NOT_TESTS],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-simulator",
		group: "src/domain",
		mutate: ["src/domain/simulator/**/*.ts", ...NOT_TESTS],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "server-policy",
		group: "src/server (policy, services, ingest)",
		mutate: ["src/server/auth/policy.ts", "src/shared/roles.ts"],
		tests: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts"],
	},
	{
		name: "server-services",
		group: "src/server (policy, services, ingest)",
		mutate: ["src/server/services/**/*.ts", ...NOT_TESTS],
		tests: ["src/server/**/*.test.ts"],
	},
	{
		name: "server-ingest",
		group: "src/server (policy, services, ingest)",
		mutate: ["src/server/ingest/**/*.ts", ...NOT_TESTS],
		tests: ["src/server/**/*.test.ts"],
	},
];

export const GROUP_MINIMUM = {
	"src/domain": 85,
	"src/server (policy, services, ingest)": 75,
};
