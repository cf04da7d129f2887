export {};

/**
 * `npm run bench`: every benchmark, each printing its figures and its ratio against a baseline
 * measured in the same run. `npm run bench -- parse` runs one.
 */
const suites: Record<string, () => Promise<unknown>> = {
	parse: async () => (await import("./parse.bench")).runParseBenchmark(),
	import: async () => (await import("./import.bench")).runImportBenchmark(),
	ingest: async () => (await import("./ingest.bench")).runIngestBenchmark(),
	"import-session": async () =>
		(await import("./import-session.bench")).runImportSessionBenchmark(),
	web: async () => (await import("./web.bench")).runWebBenchmark(),
	export: async () => (await import("./export.bench")).runExportBenchmark(),
	timing: async () => (await import("./timing.bench")).runTimingBenchmark(),
	compare: async () => (await import("./compare.bench")).runCompareBenchmark(),
	"compare-web": async () => (await import("./compare-web.bench")).runCompareWebBenchmark(),
	"upload-rss": async () => (await import("./upload-rss.bench")).runUploadRssBenchmark(),
	load: async () => (await import("./load.bench")).runLoadBenchmark(),
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(suites);
let failed = 0;
for (const name of names) {
	const suite = suites[name];
	if (!suite) {
		process.stderr.write(
			`benchmark desconhecido: ${name} (disponíveis: ${Object.keys(suites).join(", ")})\n`,
		);
		process.exitCode = 2;
		continue;
	}
	process.stdout.write(`\n### ${name}\n`);
	try {
		await suite();
	} catch (error) {
		failed += 1;
		process.stderr.write(`benchmark ${name} falhou: ${(error as Error).stack ?? String(error)}\n`);
	}
}
if (failed > 0) process.exitCode = 1;
