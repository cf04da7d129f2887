import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
	type BuiltBody,
	EncodedBodyCache,
	type EncodedBodyCacheOptions,
} from "./encoded-body-cache";

function cache(options: Partial<EncodedBodyCacheOptions> = {}) {
	return new EncodedBodyCache({
		maxBytes: 1024 * 1024,
		maxEntryBytes: 256 * 1024,
		compressThreshold: 1024,
		brotliQuality: 5,
		gzipLevel: 6,
		...options,
	});
}

/** A JSON body of about `bytes` bytes (numbers, as paths are) that says which version it is. */
function body(version: string, bytes = 4000): Buffer {
	let filler = "";
	for (let i = 0; filler.length < bytes; i++) filler += `${(i * 7919) % 100_003},`;
	return Buffer.from(JSON.stringify({ version, filler: filler.slice(0, bytes) }));
}

/** A build that counts its calls and answers `stamp`'s body. */
function counted(stamp: string, bytes?: number) {
	const calls = { count: 0 };
	const build = async (): Promise<BuiltBody> => {
		calls.count += 1;
		return { stamp, body: body(stamp, bytes) };
	};
	return { calls, build };
}

const versionOf = (b: Buffer) => (JSON.parse(b.toString()) as { version: string }).version;

describe("EncodedBodyCache", () => {
	it("builds an answer once per stamp and builds again when the stamp changes", async () => {
		const c = cache();
		const v1 = counted("v1");
		expect(versionOf((await c.get("s", "v1", "identity", v1.build)).body)).toBe("v1");
		expect(versionOf((await c.get("s", "v1", "identity", v1.build)).body)).toBe("v1");
		expect(v1.calls.count).toBe(1);
		const v2 = counted("v2");
		const answer = await c.get("s", "v2", "identity", v2.build);
		expect(versionOf(answer.body)).toBe("v2");
		expect(answer.stamp).toBe("v2");
		expect(v2.calls.count).toBe(1);
		// The newer version replaced the older: one entry for the group.
		expect(c.size).toBe(1);
	});

	it("keeps what was built under the stamp read with it, not the one asked for", async () => {
		const c = cache();
		// Asked for v1, but a new version was stored before the data was read: the build saw v2.
		const raced = counted("v2");
		const answer = await c.get("s", "v1", "identity", raced.build);
		expect(answer.stamp).toBe("v2");
		expect(versionOf(answer.body)).toBe("v2");
		// A reader that still sees v1 must not get v2's body from the cache under v1 ...
		const v1 = counted("v1");
		expect(versionOf((await c.get("s", "v1", "identity", v1.build)).body)).toBe("v1");
		expect(v1.calls.count).toBe(1);
		// ... and one that sees v2 finds it.
		const v2 = counted("v2");
		await c.get("s", "v2", "identity", v2.build);
		await c.get("s", "v2", "identity", v2.build);
		expect(v2.calls.count).toBe(1);
	});

	it("sends each encoding decoded to the very same bytes", async () => {
		const c = cache();
		const v1 = counted("v1");
		const plain = (await c.get("s", "v1", "identity", v1.build)).body;
		const br = await c.get("s", "v1", "br", v1.build);
		const gz = await c.get("s", "v1", "gzip", v1.build);
		expect(br.encoding).toBe("br");
		expect(gz.encoding).toBe("gzip");
		expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
		expect(gunzipSync(gz.body).equals(plain)).toBe(true);
		expect(br.body.length).toBeLessThan(plain.length / 2);
		expect(v1.calls.count).toBe(1);
	});

	it("keeps only the compressed body when no one asked for the plain one, and remakes it", async () => {
		const c = cache();
		const v1 = counted("v1", 20_000);
		const br = await c.get("s", "v1", "br", v1.build);
		expect(c.bytes).toBeLessThan(br.body.length + 1024);
		const plain = await c.get("s", "v1", "identity", v1.build);
		expect(plain.encoding).toBe("identity");
		expect(plain.body.equals(body("v1", 20_000))).toBe(true);
		const gz = await c.get("s", "v1", "gzip", v1.build);
		expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
		expect(v1.calls.count).toBe(1);
	});

	it("sends a body below the threshold as it is", async () => {
		const c = cache({ compressThreshold: 1024 });
		const small = counted("v1", 100);
		const answer = await c.get("s", "v1", "br", small.build);
		expect(answer.encoding).toBe("identity");
		expect(versionOf(answer.body)).toBe("v1");
	});

	it("holds no more bytes than its bound, dropping the least recently used first", async () => {
		const c = cache({ maxBytes: 30_000, maxEntryBytes: 30_000 });
		const builds = ["a", "b", "c"].map(() => counted("v1", 9_000));
		for (const [i, g] of ["a", "b", "c"].entries())
			await c.get(g, "v1", "identity", builds[i]!.build);
		expect(c.size).toBe(3);
		// "a" was used last: "b" goes when "d" comes.
		await c.get("a", "v1", "identity", builds[0]!.build);
		await c.get("d", "v1", "identity", counted("v1", 9_000).build);
		expect(c.bytes).toBeLessThanOrEqual(30_000);
		await c.get("a", "v1", "identity", builds[0]!.build);
		await c.get("b", "v1", "identity", builds[1]!.build);
		expect(builds[0]!.calls.count).toBe(1);
		expect(builds[1]!.calls.count).toBe(2);
	});

	it("does not keep an answer larger than an entry may be, and still sends it", async () => {
		const c = cache({ maxEntryBytes: 5_000 });
		const big = counted("v1", 20_000);
		const br = await c.get("s", "v1", "br", big.build);
		expect(brotliDecompressSync(br.body).equals(body("v1", 20_000))).toBe(true);
		await c.get("s", "v1", "br", big.build);
		expect(big.calls.count).toBe(2);
		expect(c.size).toBe(0);
		expect(c.bytes).toBe(0);
	});

	it("lets requests that miss at once share one build", async () => {
		const c = cache();
		const v1 = counted("v1");
		const answers = await Promise.all(
			Array.from({ length: 5 }, () => c.get("s", "v1", "br", v1.build)),
		);
		expect(v1.calls.count).toBe(1);
		for (const a of answers) expect(a.body.equals(answers[0]!.body)).toBe(true);
	});

	it("passes a failed build to its requests and keeps nothing", async () => {
		const c = cache();
		const failing = async (): Promise<BuiltBody> => {
			throw new Error("database gone");
		};
		await expect(c.get("s", "v1", "identity", failing)).rejects.toThrow("database gone");
		expect(c.size).toBe(0);
		const v1 = counted("v1");
		expect(versionOf((await c.get("s", "v1", "identity", v1.build)).body)).toBe("v1");
	});
});
