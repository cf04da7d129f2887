import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeStorageContract } from "../test/storage-contract";
import { FilesystemStorage } from "./filesystem-storage";
import { InvalidObjectKeyError } from "./object-storage";

const created: string[] = [];
async function tempDir(): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), "lapsix-fs-storage-"));
	created.push(dir);
	return dir;
}
afterEach(async () => {
	for (const dir of created.splice(0)) await rm(dir, { recursive: true, force: true });
});

describeStorageContract("FilesystemStorage", {
	create: async () => new FilesystemStorage(join(await tempDir(), "objects")),
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const text = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

/** The pid of a process that has exited: what a crashed writer leaves in temp file names. */
function deadPid(): number {
	const child = spawnSync(process.execPath, ["-e", ""]);
	return child.pid;
}

describe("FilesystemStorage on disk", () => {
	let root: string;
	let storage: FilesystemStorage;
	beforeEach(async () => {
		root = join(await tempDir(), "objects");
		storage = new FilesystemStorage(root);
		await storage.check();
	});

	it("keeps objects as plain files at <root>/<key>", async () => {
		await storage.put("1/Interlagos Sul/01022024/lap.six", text("lap data"));
		expect(await readFile(join(root, "1/Interlagos Sul/01022024/lap.six"), "utf8")).toBe(
			"lap data",
		);
		expect((await readdir(root)).sort()).toEqual([".lapsix-meta", ".lapsix-tmp", "1"]);
		expect(await readdir(join(root, ".lapsix-tmp"))).toEqual([]);
	});

	it("never lets a key escape the root through a symlinked directory", async () => {
		const outside = await tempDir();
		await writeFile(join(outside, "secret"), "outside");
		await symlink(outside, join(root, "evil"));
		await expect(storage.put("evil/x", text("x"))).rejects.toThrow(InvalidObjectKeyError);
		await expect(storage.get("evil/secret")).rejects.toThrow(InvalidObjectKeyError);
		await expect(storage.head("evil/secret")).rejects.toThrow(InvalidObjectKeyError);
		await expect(storage.delete("evil/secret")).rejects.toThrow(InvalidObjectKeyError);
		await expect(storage.list("evil/")).rejects.toThrow(InvalidObjectKeyError);
		expect((await storage.list("", { delimiter: "/" })).prefixes).toEqual([]);
		expect((await storage.list("")).objects).toEqual([]);
		expect(await readdir(outside)).toEqual(["secret"]);
	});

	it("refuses to read an object that is a symbolic link", async () => {
		const outside = await tempDir();
		await writeFile(join(outside, "secret"), "outside");
		await mkdir(join(root, "a"));
		await symlink(join(outside, "secret"), join(root, "a", "link"));
		await expect(storage.get("a/link")).rejects.toThrow(InvalidObjectKeyError);
		await expect(storage.head("a/link")).rejects.toThrow(InvalidObjectKeyError);
		expect((await storage.list("a/")).objects).toEqual([]);
	});

	it("keeps the old object after a crash mid-write and cleans the temp file on reopen", async () => {
		await storage.put("1/Velopark/02022024/lap.six", text("complete old version"));
		const leftover = join(root, ".lapsix-tmp", `${deadPid()}-0badc0de.tmp`);
		await writeFile(leftover, "half of the new ver");
		const ownLive = join(root, ".lapsix-tmp", `${process.pid}-00ff.tmp`);
		await writeFile(ownLive, "a write in progress in this process");

		const reopened = new FilesystemStorage(root);
		await reopened.check();
		expect(await readdir(join(root, ".lapsix-tmp"))).toEqual([`${process.pid}-00ff.tmp`]);
		const back = await reopened.get("1/Velopark/02022024/lap.six");
		expect(Buffer.from(back!).toString()).toBe("complete old version");
		expect((await reopened.list("")).objects.map((o) => o.key)).toEqual([
			"1/Velopark/02022024/lap.six",
		]);
	});

	it("recomputes the hash when the sidecar does not describe the object on disk", async () => {
		await storage.put("k", text("current"));
		// A put that crashed after renaming its sidecar but before renaming the object.
		const stale = { ino: 1, size: 7, sha256: sha256(text("ignored")), contentType: "text/plain" };
		await writeFile(join(root, ".lapsix-meta", "k"), JSON.stringify(stale));
		expect(await storage.head("k")).toMatchObject({ size: 7, sha256: sha256(text("current")) });
		expect((await storage.head("k"))?.contentType).toBeUndefined();
		await rm(join(root, ".lapsix-meta", "k"));
		expect(await storage.head("k")).toMatchObject({ sha256: sha256(text("current")) });
	});

	it("ends concurrent puts of one key with one complete version", async () => {
		const versions = Array.from({ length: 12 }, () => new Uint8Array(randomBytes(256 * 1024)));
		await Promise.all(versions.map((bytes) => storage.put("race/gps.six", bytes)));
		const back = await storage.get("race/gps.six");
		const winner = versions.findIndex((v) => sha256(v) === sha256(back!));
		expect(winner).toBeGreaterThanOrEqual(0);
		expect((await storage.head("race/gps.six"))?.sha256).toBe(sha256(versions[winner]!));
		expect(await readdir(join(root, ".lapsix-tmp"))).toEqual([]);
	});

	it("survives puts racing deletes that prune the same folders", async () => {
		const workers = Array.from({ length: 8 }, (_, w) => w);
		await Promise.all(
			workers.map(async (w) => {
				for (let i = 0; i < 40; i++) {
					await storage.put(`r/s/t/u/${w}`, text(String(i)));
					await storage.delete(`r/s/t/u/${w}`);
				}
				await storage.put(`r/s/t/u/${w}`, text("last"));
			}),
		);
		const keys = (await storage.list("r/")).objects.map((o) => o.key);
		expect(keys).toEqual(workers.map((w) => `r/s/t/u/${w}`));
	});

	it("removes folders left empty by delete", async () => {
		await storage.put("1/Interlagos/01022024/lap.six", text("x"));
		await storage.put("1/keep", text("x"));
		await storage.delete("1/Interlagos/01022024/lap.six");
		expect(await readdir(join(root, "1"))).toEqual(["keep"]);
		expect(await readdir(join(root, ".lapsix-meta", "1"))).toEqual(["keep"]);
	});

	it("refuses keys it cannot hold: reserved folders, object-and-folder clashes, long names", async () => {
		await expect(storage.put(".lapsix-meta/x", text("x"))).rejects.toThrow(InvalidObjectKeyError);
		await expect(storage.get(".lapsix-tmp/x")).rejects.toThrow(InvalidObjectKeyError);
		expect(await storage.list(".lapsix-meta/")).toEqual({ objects: [], prefixes: [] });
		await storage.put("a/b", text("x"));
		await expect(storage.put("a", text("x"))).rejects.toThrow(InvalidObjectKeyError);
		await expect(storage.put("a/b/c", text("x"))).rejects.toThrow(InvalidObjectKeyError);
		await expect(storage.put("n".repeat(300), text("x"))).rejects.toThrow(InvalidObjectKeyError);
		expect((await storage.list("")).objects.map((o) => o.key)).toEqual(["a/b"]);
		expect(await readdir(join(root, ".lapsix-tmp"))).toEqual([]);
	});

	it("fails the readiness probe when the root cannot be created", async () => {
		const file = join(await tempDir(), "a-file");
		await writeFile(file, "");
		await expect(new FilesystemStorage(join(file, "objects")).check()).rejects.toThrow();
	});
});
