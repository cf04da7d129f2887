/**
 * What `npm run mutate` mutates, one target at a time, and the tests each target is judged by
 * (`tests`: globs of test files; the Vitest runner then keeps those related to the mutated file).
 * A target is judged by its own folder's tests (and, for the services, the routes' tests that
 * call them), not the whole suite: a mutant the access matrix or a browser test would kill still
 * counts as surviving here, which keeps runs short and the score honest about the unit's tests.
 * GROUP_MINIMUM: the score each group must reach.
 */
// Test helpers (`test-*.ts`: fixtures, paths and files with known answers; the synthetic laps of
// the comparison's tests and benchmark) are not the code under test.
export const NOT_TESTS = [
	"!**/*.test.ts",
	"!**/*.bench.ts",
	"!**/test-*.ts",
	"!**/synthetic-lap.ts",
];
const DOMAIN = "src/domain";
const SERVER = "src/server (policy, services, ingest)";

export const MUTATION_TARGETS = [
	{
		name: "domain-six-lap",
		group: DOMAIN,
		mutate: ["src/domain/six/{parse-lap,scan,reasons}.ts"],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-six-gps",
		group: DOMAIN,
		// `gps-*` also matches gps-line-fast.test.ts: mutating a test file only adds noise.
		mutate: ["src/domain/six/{parse-gps,gps-*}.ts", ...NOT_TESTS],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-six-analysis",
		group: DOMAIN,
		mutate: ["src/domain/six/{analyze,best,split-laps,path-codec,serialize,figure-rules}.ts"],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-format",
		group: DOMAIN,
		mutate: ["src/domain/format/**/*.ts", ...NOT_TESTS],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-simulator",
		group: DOMAIN,
		mutate: ["src/domain/simulator/**/*.ts", ...NOT_TESTS],
		tests: ["src/domain/**/*.test.ts"],
	},
	...["channels", "export", "recording", "timing"].map((folder) => ({
		name: `domain-${folder}`,
		group: DOMAIN,
		mutate: [`src/domain/${folder}/**/*.ts`, ...NOT_TESTS],
		tests: ["src/domain/**/*.test.ts"],
	})),
	// The importers and the comparison in parts: StrykerJS keeps a run's results only when the
	// run ends, and each part is an hour or less on two cores.
	{
		name: "domain-import",
		group: DOMAIN,
		// The readers every importer's hot loop is made of.
		mutate: [
			"src/domain/import/{csv-numbers,bytes,swar,fields,units,text,index,row-shape,column-reader}.ts",
		],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-import-csv",
		group: DOMAIN,
		mutate: [
			"src/domain/import/{vbo,vbo-*,racechrono,trackaddict,aim,racecapture}.ts",
			...NOT_TESTS,
		],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-import-text",
		group: DOMAIN,
		mutate: [
			"src/domain/import/{gpx,gpx-fast,gpx-namespaces,xml-tokenizer,iso-time,nmea,nmea-fast,nmea-fields,nmea-times}.ts",
		],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-import-recording",
		group: DOMAIN,
		mutate: [
			"src/domain/import/{detect,fixes-builder,geo,import-recording,plausibility,report}.ts",
		],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-compare",
		group: DOMAIN,
		// The resampling and matching of laps onto one another.
		mutate: [
			"src/domain/compare/{clock,jumps,sectors,monotone,sparse,geo,direction,index,types}.ts",
		],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-compare-delta",
		group: DOMAIN,
		mutate: [
			"src/domain/compare/{align,channels,compare-laps,delta,grid,match,reference-line,smooth}.ts",
		],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "domain-compare-corners",
		group: DOMAIN,
		mutate: ["src/domain/compare/{corner-figures,corner-regions,corners,curvature}.ts"],
		tests: ["src/domain/**/*.test.ts"],
	},
	{
		name: "server-policy",
		group: SERVER,
		mutate: ["src/server/auth/{policy,access,enrollment}.ts", "src/shared/roles.ts"],
		tests: ["src/server/auth/*.test.ts", "src/shared/**/*.test.ts"],
	},
	{
		name: "server-services",
		group: SERVER,
		mutate: ["src/server/services/**/*.ts", ...NOT_TESTS],
		tests: ["src/server/services/**/*.test.ts", "src/server/routes/**/*.test.ts"],
	},
	{
		name: "server-ingest-units",
		group: SERVER,
		mutate: [
			"src/server/ingest/{session-version,session-key,session-files,keyed-mutex,memory-budget,ingest-weight,parse-gps-stream,collect-garbage,six-channels}.ts",
		],
		// Their own unit tests: the database tests of the ingest call them too, but each mutant
		// would then cost a database per test file.
		tests: ["src/server/ingest/*.test.ts"],
		exclude: ["**/*.db.test.ts"],
	},
	{
		name: "server-ingest-service",
		group: SERVER,
		mutate: [
			"src/server/ingest/{ingest-service,record-upload,ingest-events,six-track,unchanged-upload}.ts",
		],
		// With the job workers' tests, which drive the queued ingest, and the device API's, which
		// drive the uploads (a file sent again unchanged, in particular).
		tests: [
			"src/server/ingest/*.test.ts",
			"src/server/jobs/*.test.ts",
			"src/server/device/**/*.test.ts",
		],
	},
	{
		name: "server-sign-in",
		group: SERVER,
		// Signing in and the sign-in sessions' lifetime (idle and absolute expiry), the attempts'
		// limit; judged by the sign-in flow's tests too (`oidc/`).
		mutate: ["src/server/auth/{sign-in-service,auth-sessions,rate-limit-store}.ts"],
		tests: ["src/server/auth/**/*.test.ts", "src/server/routes/sign-in-state-routes.db.test.ts"],
	},
];

/**
 * Folders every code file of which some target mutates: `npm run mutate -- --report` names a
 * file of theirs that no target does, so a new file cannot stay out of the scores unseen.
 */
export const MUTATED_FOLDERS = ["src/domain", "src/server/services", "src/server/ingest"];

export const GROUP_MINIMUM = { [DOMAIN]: 85, [SERVER]: 75 };
