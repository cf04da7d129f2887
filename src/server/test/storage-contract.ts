import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	InvalidListOptionsError,
	InvalidObjectKeyError,
	type ListOptions,
	ObjectChecksumMismatchError,
	type ObjectStorage,
} from "../storage/object-storage";

/** Creates an empty storage for one test, and disposes of it. */
export interface StorageFixture {
	create(): Promise<ObjectStorage>;
	dispose?(storage: ObjectStorage): Promise<void>;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const text = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
	return Buffer.concat(chunks);
}

/** Every page of a listing, checking each page's size on the way. */
async function listAllPages(storage: ObjectStorage, prefix: string, opts: ListOptions) {
	const pages: { keys: string[]; prefixes: string[] }[] = [];
	let pageToken: string | undefined;
	do {
		const page = await storage.list(prefix, { ...opts, ...(pageToken ? { pageToken } : {}) });
		expect(page.objects.length + page.prefixes.length).toBeLessThanOrEqual(opts.maxResults ?? 1000);
		pages.push({ keys: page.objects.map((o) => o.key), prefixes: page.prefixes });
		pageToken = page.nextPageToken;
		expect(pages.length).toBeLessThan(100);
	} while (pageToken);
	return pages;
}

export const INVALID_KEYS = [
	"",
	"../x",
	"/x",
	"a//b",
	"a/./b",
	"a/..",
	"a\\b",
	"a\u0000b",
	"a\nb",
	"a/",
];

export function describeStorageContract(name: string, fixture: StorageFixture): void {
	describe(`${name}: ObjectStorage contract`, () => {
		let storage: ObjectStorage;
		beforeEach(async () => {
			storage = await fixture.create();
		});
		afterEach(async () => {
			await fixture.dispose?.(storage);
		});

		it("is ready", async () => {
			await expect(storage.check()).resolves.toBeUndefined();
		});

		it("round-trips every byte value and reports size and sha256", async () => {
			const bytes = new Uint8Array(512).map((_, i) => i % 256);
			const info = await storage.put("1/Interlagos/01022024/lap.six", bytes);
			expect(info).toMatchObject({
				key: "1/Interlagos/01022024/lap.six",
				size: 512,
				sha256: sha256(bytes),
			});
			expect(info.lastModified).toBeInstanceOf(Date);
			expect(Buffer.from((await storage.get("1/Interlagos/01022024/lap.six"))!)).toEqual(
				Buffer.from(bytes),
			);
		});

		it("stores an empty object", async () => {
			await storage.put("empty", new Uint8Array());
			expect((await storage.get("empty"))!.length).toBe(0);
			expect(await storage.head("empty")).toMatchObject({
				size: 0,
				sha256: sha256(new Uint8Array()),
			});
		});

		it("stores a 5 MB object", async () => {
			const bytes = new Uint8Array(randomBytes(5 * 1024 * 1024));
			await storage.put("big/gps.six", bytes);
			const back = await storage.get("big/gps.six");
			expect(back!.length).toBe(bytes.length);
			expect(sha256(back!)).toBe(sha256(bytes));
			expect(await storage.head("big/gps.six")).toMatchObject({
				size: bytes.length,
				sha256: sha256(bytes),
			});
		});

		it("overwrites an object", async () => {
			await storage.put("k", text("first version, longer"));
			await storage.put("k", text("second"));
			expect(Buffer.from((await storage.get("k"))!).toString()).toBe("second");
			expect(await storage.head("k")).toMatchObject({ size: 6, sha256: sha256(text("second")) });
		});

		it("heads an object with size, sha256, content type and date", async () => {
			const before = Date.now() - 5 * 60_000;
			await storage.put("a/b.csv", text("x,y\n"), { contentType: "text/csv" });
			const info = await storage.head("a/b.csv");
			expect(info).toMatchObject({
				key: "a/b.csv",
				size: 4,
				sha256: sha256(text("x,y\n")),
				contentType: "text/csv",
			});
			expect(info!.lastModified.getTime()).toBeGreaterThan(before);
		});

		it("returns null for an absent key", async () => {
			await storage.put("a/present", text("x"));
			expect(await storage.get("a/absent")).toBeNull();
			expect(await storage.head("a/absent")).toBeNull();
			expect(await storage.getStream("a/absent")).toBeNull();
			expect(await storage.get("a")).toBeNull();
			expect(await storage.get("nothing/here/at/all")).toBeNull();
		});

		it("deletes an object, and deleting an absent key is not an error", async () => {
			await storage.put("d/one", text("1"));
			await storage.put("d/two", text("2"));
			await storage.delete("d/one");
			expect(await storage.get("d/one")).toBeNull();
			expect(await storage.head("d/one")).toBeNull();
			expect(Buffer.from((await storage.get("d/two"))!).toString()).toBe("2");
			await expect(storage.delete("d/one")).resolves.toBeUndefined();
			await expect(storage.delete("never/was")).resolves.toBeUndefined();
			await storage.delete("d/two");
			expect(await storage.list("")).toEqual({ objects: [], prefixes: [] });
		});

		it("lists recursively without a delimiter, sorted, with sizes", async () => {
			for (const key of ["b/2", "a/1", "b/1/x", "c", "ab"]) await storage.put(key, text(key));
			const all = await storage.list("");
			expect(all.objects.map((o) => o.key)).toEqual(["a/1", "ab", "b/1/x", "b/2", "c"]);
			expect(all.prefixes).toEqual([]);
			expect(all.nextPageToken).toBeUndefined();
			expect(all.objects[2]).toMatchObject({ key: "b/1/x", size: 5 });
			expect(all.objects[2]!.lastModified).toBeInstanceOf(Date);
			expect((await storage.list("b/")).objects.map((o) => o.key)).toEqual(["b/1/x", "b/2"]);
			expect((await storage.list("a")).objects.map((o) => o.key)).toEqual(["a/1", "ab"]);
			expect((await storage.list("zzz/")).objects).toEqual([]);
		});

		it("rolls up nested prefixes with the '/' delimiter", async () => {
			const keys = [
				"1/Interlagos Sul/01022024/lap.six",
				"1/Interlagos Sul/01022024/gps.six",
				"1/Interlagos Sul/15032024/lap.six",
				"1/Velopark/02022024/lap.six",
				"1/notes.txt",
				"2/Velopark/02022024/lap.six",
			];
			for (const key of keys) await storage.put(key, text(key));
			const top = await storage.list("", { delimiter: "/" });
			expect(top).toMatchObject({ objects: [], prefixes: ["1/", "2/"] });
			const rider = await storage.list("1/", { delimiter: "/" });
			expect(rider.prefixes).toEqual(["1/Interlagos Sul/", "1/Velopark/"]);
			expect(rider.objects.map((o) => o.key)).toEqual(["1/notes.txt"]);
			const track = await storage.list("1/Interlagos Sul/", { delimiter: "/" });
			expect(track.prefixes).toEqual(["1/Interlagos Sul/01022024/", "1/Interlagos Sul/15032024/"]);
			const session = await storage.list("1/Interlagos Sul/01022024/", { delimiter: "/" });
			expect(session.objects.map((o) => o.key)).toEqual([
				"1/Interlagos Sul/01022024/gps.six",
				"1/Interlagos Sul/01022024/lap.six",
			]);
			const partial = await storage.list("1/Interlagos Sul/0", { delimiter: "/" });
			expect(partial.prefixes).toEqual(["1/Interlagos Sul/01022024/"]);
		});

		it("pages 25 keys by 10 without duplicates or gaps", async () => {
			const keys = Array.from(
				{ length: 25 },
				(_, i) => `p/${String(i).padStart(2, "0")}`,
			).reverse();
			for (const key of keys) await storage.put(key, text(key));
			const pages = await listAllPages(storage, "p/", { maxResults: 10 });
			expect(pages.map((p) => p.keys.length)).toEqual([10, 10, 5]);
			expect(pages.flatMap((p) => p.keys)).toEqual([...keys].sort());
		});

		it("counts prefixes and objects together when paging with a delimiter", async () => {
			for (const key of ["t/a/1", "t/a/2", "t/b", "t/c/1", "t/d", "t/e/1/2", "t/f"]) {
				await storage.put(key, text(key));
			}
			const pages = await listAllPages(storage, "t/", { delimiter: "/", maxResults: 2 });
			expect(pages.map((p) => p.keys.length + p.prefixes.length)).toEqual([2, 2, 2]);
			expect(pages.flatMap((p) => [...p.prefixes, ...p.keys]).sort()).toEqual([
				"t/a/",
				"t/b",
				"t/c/",
				"t/d",
				"t/e/",
				"t/f",
			]);
		});

		it("keeps keys with spaces and UTF-8, sorted in UTF-8 byte order", async () => {
			const keys = [
				"1/Autódromo 🏁/x",
				"1/Interlagos Sul/x",
				"1/São Paulo/x",
				"1/Zé\uFFFD/x",
				"1/Zé😀/x",
			];
			for (const key of keys) await storage.put(key, text(key));
			for (const key of keys) expect(Buffer.from((await storage.get(key))!).toString()).toBe(key);
			const listed = await storage.list("1/");
			const byUtf8 = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
			expect(listed.objects.map((o) => o.key)).toEqual(byUtf8);
			expect(byUtf8.indexOf("1/Zé\uFFFD/x")).toBeLessThan(byUtf8.indexOf("1/Zé😀/x"));
			expect((await storage.list("1/", { delimiter: "/" })).prefixes).toContain("1/São Paulo/");
		});

		it("rejects invalid keys in every operation and stores nothing", async () => {
			for (const key of [...INVALID_KEYS, "x".repeat(1025)]) {
				await expect(storage.put(key, text("x")), key).rejects.toThrow(InvalidObjectKeyError);
				await expect(storage.get(key), key).rejects.toThrow(InvalidObjectKeyError);
				await expect(storage.head(key), key).rejects.toThrow(InvalidObjectKeyError);
				await expect(storage.getStream(key), key).rejects.toThrow(InvalidObjectKeyError);
				await expect(storage.delete(key), key).rejects.toThrow(InvalidObjectKeyError);
			}
			await expect(storage.list("../")).rejects.toThrow(InvalidObjectKeyError);
			await expect(storage.list("a//")).rejects.toThrow(InvalidObjectKeyError);
			expect(await storage.list("")).toEqual({ objects: [], prefixes: [] });
		});

		it("rejects bad list options", async () => {
			for (const maxResults of [0, 1001, 2.5]) {
				await expect(storage.list("", { maxResults })).rejects.toThrow(InvalidListOptionsError);
			}
			await storage.put("x", text("x"));
			await expect(storage.list("", { pageToken: "not a token" })).rejects.toThrow(
				InvalidListOptionsError,
			);
		});

		it("puts from a stream and reads back as a stream", async () => {
			const parts = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
			const info = await storage.put("s/gps.six", Readable.from(parts), {
				contentType: "application/octet-stream",
			});
			const whole = Buffer.concat(parts);
			expect(info).toMatchObject({ size: whole.length, sha256: sha256(whole) });
			const stream = await storage.getStream("s/gps.six");
			expect(sha256(await readAll(stream!))).toBe(sha256(whole));
		});

		it("refuses a body whose sha256 differs from the expected one, keeping the old object", async () => {
			await storage.put("c/lap.six", text("old"));
			await expect(
				storage.put("c/lap.six", text("new"), { sha256: sha256(text("other")) }),
			).rejects.toThrow(ObjectChecksumMismatchError);
			expect(Buffer.from((await storage.get("c/lap.six"))!).toString()).toBe("old");
			const good = await storage.put("c/lap.six", text("new"), {
				sha256: sha256(text("new")).toUpperCase(),
			});
			expect(good.sha256).toBe(sha256(text("new")));
		});

		it("keeps the old object when the body stream fails midway", async () => {
			await storage.put("f/lap.six", text("old"));
			async function* failing() {
				yield Buffer.from("partial");
				throw new Error("connection reset");
			}
			await expect(storage.put("f/lap.six", Readable.from(failing()))).rejects.toThrow(
				"connection reset",
			);
			expect(Buffer.from((await storage.get("f/lap.six"))!).toString()).toBe("old");
			expect((await storage.list("")).objects.map((o) => o.key)).toEqual(["f/lap.six"]);
		});
	});
}
