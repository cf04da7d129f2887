#!/usr/bin/env node
// `npm run mutate [target ...]`: StrykerJS over each target of bin/mutation-targets.mjs, one
// after another (incremental: mutation/<target>.json keeps the results), then the mutation score
// per folder and per group. `npm run mutate -- --report` only prints the scores kept in mutation/*.json.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { GROUP_MINIMUM, MUTATION_TARGETS } from "./mutation-targets.mjs";
import { root } from "./run-ts.mjs";

const args = process.argv.slice(2);
const reportOnly = args.includes("--report");
const names = args.filter((a) => !a.startsWith("--"));
const unknown = names.filter((n) => !MUTATION_TARGETS.some((t) => t.name === n));
if (unknown.length > 0) {
	process.stderr.write(
		`unknown target ${unknown.join(", ")}; targets: ${MUTATION_TARGETS.map((t) => t.name).join(", ")}\n`,
	);
	process.exit(2);
}
// In the order given, so the most wanted target runs first.
const targets =
	names.length > 0
		? names.map((name) => MUTATION_TARGETS.find((t) => t.name === name))
		: MUTATION_TARGETS;

let failedRuns = 0;
if (!reportOnly) {
	const stryker = join(root, "node_modules/@stryker-mutator/core/bin/stryker.js");
	for (const target of targets) {
		process.stdout.write(`\n== mutation testing: ${target.name}\n`);
		const result = spawnSync(process.execPath, [stryker, "run", "stryker.config.mjs"], {
			cwd: root,
			stdio: "inherit",
			env: { ...process.env, MUTATE_TARGET: target.name },
		});
		if (result.status !== 0) failedRuns += 1;
	}
}

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);
const folders = new Map();
const groups = new Map();
const add = (map, key, status) => {
	const tally = map.get(key) ?? { detected: 0, undetected: 0 };
	if (DETECTED.has(status)) tally.detected += 1;
	if (UNDETECTED.has(status)) tally.undetected += 1;
	map.set(key, tally);
};
/** Targets with no results yet: their code is not in the scores below. */
const unmeasured = [];
for (const target of MUTATION_TARGETS) {
	// The incremental file (committed): the same results as the run's JSON report, so the
	// scores print on a fresh clone too.
	const file = join(root, "mutation", `${target.name}.json`);
	if (!existsSync(file)) {
		unmeasured.push(target.name);
		continue;
	}
	const report = JSON.parse(readFileSync(file, "utf8"));
	for (const [path, { mutants }] of Object.entries(report.files)) {
		for (const mutant of mutants) {
			add(folders, dirname(path), mutant.status);
			add(groups, target.group, mutant.status);
		}
	}
}
const score = ({ detected, undetected }) =>
	detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected);
const line = (name, tally, extra = "") =>
	`${score(tally).toFixed(1).padStart(6)} %  ${String(tally.detected).padStart(5)} killed  ${String(tally.undetected).padStart(4)} survived  ${name}${extra}\n`;
process.stdout.write(
	"\nmutation score per folder (killed or timed out / all covered and uncovered):\n",
);
for (const [folder, tally] of [...folders].sort(([a], [b]) => a.localeCompare(b)))
	process.stdout.write(line(folder, tally));
process.stdout.write("\nper group:\n");
let belowTarget = 0;
for (const [group, tally] of groups) {
	const min = GROUP_MINIMUM[group] ?? 0;
	const ok = score(tally) >= min;
	if (!ok) belowTarget += 1;
	process.stdout.write(line(group, tally, `  (target ${min} %${ok ? "" : ", BELOW"})`));
}
if (unmeasured.length > 0)
	process.stdout.write(`\nnot measured yet (not in the scores above): ${unmeasured.join(", ")}\n`);
process.exitCode = failedRuns > 0 || belowTarget > 0 ? 1 : 0;
