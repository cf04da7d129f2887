import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/main";
import { seedDemoData } from "../demo/seed-demo";
import {
	collectAnswers,
	createBucket,
	createEmptyPostgresDatabase,
	type Install,
	objectDigests,
	openInstall,
	withEnv,
} from "../test/backup-test-support";
import { type S3TestServer, startS3TestServer } from "../test/s3-test-server";

/**
 * Moving a laptop install to a server: the embedded database with the demo data and its files,
 * `lapsix backup`, then `lapsix restore` into an empty PostgreSQL database and an S3 bucket.
 * Every user's API answers must be the same on both sides.
 */

function cli(args: string[], env: Record<string, string>) {
	const out: string[] = [];
	const err: string[] = [];
	const io = {
		stdout: { write: (text: string) => out.push(text) },
		stderr: { write: (text: string) => err.push(text) },
		stdin: process.stdin,
	};
	return withEnv(env, async () => {
		const code = await runCli(args, io);
		return { code, stdout: out.join(""), stderr: err.join("") };
	});
}

const postgresUrl = process.env.TEST_DATABASE_URL;

describe("moving an install with lapsix backup and lapsix restore", () => {
	let work: string;
	let laptop: Record<string, string>;
	let archive: string;
	let before: Record<string, unknown>;
	let objectsBefore: Record<string, string>;
	let deviceKey: string;
	let deviceConfigBefore: unknown;

	beforeAll(async () => {
		work = await mkdtemp(join(tmpdir(), "lapsix-move-"));
		laptop = { DATA_DIR: join(work, "laptop") };
		archive = join(work, "lapsix.backup");
		const install = await openInstall(laptop);
		try {
			const seeded = await seedDemoData({
				db: install.runtime.database.db,
				ingest: install.app.ingest,
				secretKey: install.config.secretKey,
				dataDir: install.config.dataDir,
			});
			expect(seeded.seeded).toBe(true);
			before = await collectAnswers(install);
			objectsBefore = await objectDigests(install.runtime.storage);
			const keys = await readFile(join(laptop.DATA_DIR as string, "demo-device-keys.txt"), "utf8");
			deviceKey =
				keys
					.split("\n")
					.find((line) => line.startsWith("1\t"))
					?.split("\t")[1] ?? "";
			deviceConfigBefore = await deviceConfig(install, deviceKey);
		} finally {
			await install.close();
		}

		// The embedded database belongs to the server running on it (another process, here a
		// stand-in that holds its lock file): the backup refuses until it stops.
		const server = spawn("sleep", ["60"], { stdio: "ignore" });
		try {
			const lock = { pid: server.pid, role: "server", url: "http://localhost:3000" };
			await writeFile(join(laptop.DATA_DIR as string, "lapsix.lock"), JSON.stringify(lock));
			const busy = await cli(["backup", archive], laptop);
			expect(busy.code).toBe(1);
			expect(busy.stderr).toMatch(/em uso pelo servidor lapsix \(pid \d+/);
		} finally {
			server.kill();
			await once(server, "exit");
		}
		const backup = await cli(["backup", archive], laptop);
		expect(backup.stderr).toBe("");
		expect(backup.code).toBe(0);
		expect(backup.stdout).toMatch(/^Backup gravado em .*: \d+ tabelas, \d+ linhas, \d+ objetos/);
	}, 180_000);

	afterAll(async () => {
		if (work) await rm(work, { recursive: true, force: true });
	});

	it("asks for the archive before opening any database", async () => {
		const never = join(work, "never");
		const missing = await cli(["restore"], { DATA_DIR: never });
		expect(missing).toMatchObject({ code: 2, stderr: "uso: lapsix restore ARQUIVO\n" });
		expect(existsSync(never)).toBe(false);
	});

	it("seeded what the comparison needs", () => {
		expect(Object.keys(before).length).toBeGreaterThan(40);
		expect(Object.keys(objectsBefore).length).toBeGreaterThan(4);
		expect(deviceConfigBefore).toMatchObject({ hardwareId: "1", wifiPassword: "paula-wifi-2025" });
	});

	async function restoreAndCompare(target: Record<string, string>) {
		const restored = await cli(["restore", archive], target);
		expect(restored.stderr).toBe("");
		expect(restored.code).toBe(0);
		expect(restored.stdout).toMatch(/^Backup restaurado/);

		const install = await openInstall(target);
		try {
			expect(await collectAnswers(install)).toEqual(before);
			expect(await objectDigests(install.runtime.storage)).toEqual(objectsBefore);
			expect(await deviceConfig(install, deviceKey)).toEqual(deviceConfigBefore);
		} finally {
			await install.close();
		}

		// Once is enough: the database is no longer empty.
		const again = await cli(["restore", archive], target);
		expect(again.code).toBe(1);
		expect(again.stderr).toMatch(/não está vazio \(tabelas com dados: .*users/);
	}

	it.skipIf(!postgresUrl)(
		"restores into PostgreSQL and S3 with the same answers (needs TEST_DATABASE_URL)",
		async () => {
			let s3: S3TestServer | undefined;
			const database = await createEmptyPostgresDatabase(postgresUrl as string);
			try {
				s3 = await startS3TestServer();
				await restoreAndCompare({
					DATA_DIR: join(work, "server"),
					DATABASE_URL: database.url,
					STORAGE_URL: await createBucket(s3),
				});
			} finally {
				await database.drop();
				await s3?.stop();
			}
		},
		180_000,
	);

	// The embedded target is the other tests' (backup-restore.test.ts, and the CLI in the
	// production check): here only when no PostgreSQL is configured, to keep the suite short.
	it.skipIf(postgresUrl)(
		"restores into another embedded database with the same answers",
		async () => {
			await restoreAndCompare({ DATA_DIR: join(work, "laptop2") });
		},
		180_000,
	);

	it("refuses a restore with another SECRET_KEY before opening any database", async () => {
		const target = {
			DATA_DIR: join(work, "other-key"),
			SECRET_KEY: "another-secret-key-0123456789abcdef-0123456",
		};
		const refused = await cli(["restore", archive], target);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toMatch(
			/^lapsix restore: a SECRET_KEY deste lapsix não é a da instalação de origem/,
		);
		expect(existsSync(target.DATA_DIR)).toBe(false);
	});
});

async function deviceConfig(install: Install, key: string) {
	const res = await install.app.inject({
		url: "/api/device/v1/config",
		headers: { authorization: `Bearer ${key}` },
	});
	return { status: res.statusCode, ...(res.json() as object) };
}
