#!/usr/bin/env node
// `npm run mutate [target ...]`: StrykerJS over each target of bin/mutation-targets.mjs, one
// after another (incremental: mutation/<target>.json keeps the results), then the mutation score
// per folder and per group. `npm run mutate -- --report` only prints the scores kept in mutation/*.json.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, matchesGlob } from "node:path";
import {
	GROUP_MINIMUM,
	MUTATED_FOLDERS,
	MUTATION_TARGETS,
	NOT_TESTS,
} from "./mutation-targets.mjs";
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
/** Targets measured on some of their files only (a run given `--mutate` with fewer files). */
const partial = [];
/** Files a result file holds that the target no longer mutates. */
const stale = [];
for (const target of MUTATION_TARGETS) {
	// The incremental file (committed): the same results as the run's JSON report, so the
	// scores print on a fresh clone too.
	const file = join(root, "mutation", `${target.name}.json`);
	if (!existsSync(file)) {
		unmeasured.push(target.name);
		continue;
	}
	const report = JSON.parse(readFileSync(file, "utf8"));
	const files = filesOf(target);
	const missing = files.filter((path) => !(path in report.files));
	if (missing.length > 0) partial.push(`${target.name} (${missing.join(", ")})`);
	for (const [path, { mutants }] of Object.entries(report.files)) {
		// A file renamed, deleted or moved out of the target since the run: its next run drops it.
		if (!isMutatedBy(target, path)) {
			stale.push(path);
			continue;
		}
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
if (partial.length > 0)
	process.stdout.write(
		`\nmeasured in part, files not in the scores above: ${partial.join("; ")}\n`,
	);
if (stale.length > 0)
	process.stdout.write(
		`\nin a result file but no longer mutated, left out of the scores: ${stale.join(", ")}\n`,
	);
if (unmeasured.length > 0)
	process.stdout.write(`\nnot measured yet (not in the scores above): ${unmeasured.join(", ")}\n`);
const inNoTarget = filesOf({
	mutate: [...MUTATED_FOLDERS.map((folder) => `${folder}/**/*.ts`), ...NOT_TESTS],
}).filter((path) => !MUTATION_TARGETS.some((target) => isMutatedBy(target, path)));
if (inNoTarget.length > 0)
	process.stdout.write(
		`\nin no target (add them to bin/mutation-targets.mjs): ${inNoTarget.join(", ")}\n`,
	);
process.exitCode = failedRuns > 0 || belowTarget > 0 ? 1 : 0;

/**
 * The files a target mutates that hold code: its `mutate` globs over the folders they name (Stryker's own
 * reading of the globs is not at hand here; `!` excludes, as in its configuration).
 */
function filesOf(target) {
	const include = target.mutate.filter((g) => !g.startsWith("!"));
	const exclude = target.mutate.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
	const roots = new Set(include.map((g) => g.slice(0, g.search(/[*{]/)).replace(/\/[^/]*$/, "")));
	const files = [];
	for (const dir of roots) {
		for (const entry of readdirSync(join(root, dir), { recursive: true })) {
			const path = `${dir}/${entry}`;
			if (!include.some((g) => globMatch(path, g)) || exclude.some((g) => globMatch(path, g)))
				continue;
			// Types and re-exports only: nothing to mutate, so never in a result file.
			if (/=>|\bfunction\b|\bclass\b/.test(readFileSync(join(root, path), "utf8")))
				files.push(path);
		}
	}
	return files.sort();
}

/** Whether `path` is a file the target's `mutate` globs name today. */
function isMutatedBy(target, path) {
	const include = target.mutate.filter((g) => !g.startsWith("!"));
	const exclude = target.mutate.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
	return (
		existsSync(join(root, path)) &&
		include.some((g) => globMatch(path, g)) &&
		!exclude.some((g) => globMatch(path, g))
	);
}

/** `path.matchesGlob`, without its notice that it is experimental on Node 20. */
function globMatch(path, glob) {
	const emit = process.emitWarning;
	process.emitWarning = () => {};
	try {
		return matchesGlob(path, glob);
	} finally {
		process.emitWarning = emit;
	}
}
