import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Two real processes take the data-directory lock at the same instant, round after round: both
 * are told a moment a few milliseconds ahead, spin until it and try at once. Exactly one must win
 * every round, whatever the directory held before. (The processes live for all the rounds: a
 * Node start takes far longer than the race, and would only spread the two tries apart.)
 */
const WORKER = `
import { acquireDataDirLock, DataDirBusyError } from "./data-dir-lock.mjs";
let buffer = "";
process.stdin.on("data", (data) => {
	buffer += data;
	for (let at = buffer.indexOf("\\n"); at >= 0; at = buffer.indexOf("\\n")) {
		const [dataDir, when] = buffer.slice(0, at).split("\\t");
		buffer = buffer.slice(at + 1);
		while (Date.now() < Number(when)) {}
		try {
			acquireDataDirLock(dataDir, { role: "server" });
			process.stdout.write("won\\n");
		} catch (error) {
			process.stdout.write(error instanceof DataDirBusyError ? "busy\\n" : \`error \${error.message}\\n\`);
		}
	}
});
process.stdout.write("ready\\n");
`;

/** A pid above Linux's pid_max (2^22): never a running process. */
const DEAD_PID = 2 ** 22 + 12345;
const ROUNDS = 60;

function lines(child: ChildProcess): () => Promise<string> {
	const queue: string[] = [];
	const waiting: Array<(line: string) => void> = [];
	let buffer = "";
	child.stdout?.on("data", (data: Buffer) => {
		buffer += data.toString();
		for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
			const line = buffer.slice(0, at);
			buffer = buffer.slice(at + 1);
			const next = waiting.shift();
			if (next) next(line);
			else queue.push(line);
		}
	});
	return () => {
		const line = queue.shift();
		return line !== undefined
			? Promise.resolve(line)
			: new Promise((resolve) => waiting.push(resolve));
	};
}

describe("the data-directory lock between processes", () => {
	let workDir: string;
	let worker: string;

	beforeAll(async () => {
		workDir = mkdtempSync(join(tmpdir(), "lapsix-lock-race-"));
		await build({
			entryPoints: [join(import.meta.dirname, "data-dir-lock.ts")],
			outfile: join(workDir, "data-dir-lock.mjs"),
			format: "esm",
			platform: "node",
			bundle: true,
			logLevel: "silent",
		});
		worker = join(workDir, "worker.mjs");
		writeFileSync(worker, WORKER);
	});
	afterAll(() => rmSync(workDir, { recursive: true, force: true }));

	async function startWorkers() {
		const children = [0, 1].map(() =>
			spawn(process.execPath, [worker], { stdio: ["pipe", "pipe", "inherit"] }),
		);
		const readers = children.map(lines);
		expect(await Promise.all(readers.map((read) => read()))).toEqual(["ready", "ready"]);
		return {
			/** Both try the lock of a fresh data directory at the same moment; "busy+won" is right. */
			async round(prepare: (dataDir: string) => void): Promise<string> {
				const dataDir = mkdtempSync(join(workDir, "data-"));
				prepare(dataDir);
				const when = Date.now() + 15;
				for (const child of children) child.stdin?.write(`${dataDir}\t${when}\n`);
				return (await Promise.all(readers.map((read) => read()))).sort().join("+");
			},
			async stop() {
				for (const child of children) child.stdin?.end();
				await Promise.all(children.map((child) => new Promise((done) => child.once("exit", done))));
			},
		};
	}

	it.each([
		["an empty data directory", (_dir: string) => {}],
		[
			"a stale lock of a dead process",
			(dir: string) =>
				writeFileSync(
					join(dir, "lapsix.lock"),
					JSON.stringify({ pid: DEAD_PID, role: "server", startedAt: "x" }),
				),
		],
		["an empty lock file", (dir: string) => writeFileSync(join(dir, "lapsix.lock"), "")],
	])("exactly one of two simultaneous starts wins, %s, every round", async (_name, prepare) => {
		const workers = await startWorkers();
		const outcomes: string[] = [];
		try {
			for (let i = 0; i < ROUNDS; i += 1) outcomes.push(await workers.round(prepare));
		} finally {
			await workers.stop();
		}
		expect(outcomes.filter((outcome) => outcome !== "busy+won")).toEqual([]);
	});
});
