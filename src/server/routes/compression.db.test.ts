import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";

describe("compression", () => {
	let ctx: TestContext;
	let admin: SignedIn;
	const script = `console.log(${JSON.stringify("lapsix ".repeat(2000))});\n`;

	beforeAll(async () => {
		ctx = await createTestContext();
		admin = await ctx.signIn((await ctx.createUser({ is_admin: true })).id);
		for (let i = 0; i < 40; i++) await ctx.createUser({ pilot_name: `Piloto número ${i}` });
		// A built client as the build writes it: each text file with its .br and .gz beside it.
		const web = join(ctx.dataDir, "web");
		mkdirSync(join(web, "assets"), { recursive: true });
		writeFileSync(join(web, "index.html"), "<!doctype html><title>lapsix</title>");
		writeFileSync(join(web, "assets/app-1234.js"), script);
		writeFileSync(join(web, "assets/app-1234.js.br"), brotliCompressSync(script));
		writeFileSync(join(web, "assets/app-1234.js.gz"), gzipSync(script));
	}, 90_000);
	afterAll(() => ctx?.close());

	it("sends JSON compressed with brotli or gzip, as the browser accepts", async () => {
		const plain = await ctx.request(admin, { url: "/api/admin/users" });
		expect(plain.headers["content-encoding"]).toBeUndefined();
		const br = await ctx.request(admin, {
			url: "/api/admin/users",
			headers: { "accept-encoding": "br, gzip" },
		});
		expect(br.headers["content-encoding"]).toBe("br");
		expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
		expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
		const gz = await ctx.request(admin, {
			url: "/api/admin/users",
			headers: { "accept-encoding": "gzip" },
		});
		expect(gz.headers["content-encoding"]).toBe("gzip");
		expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
	});

	it("sends a built file's precompressed copy, and the file itself to who accepts neither", async () => {
		const br = await ctx.request(null, {
			url: "/assets/app-1234.js",
			headers: { "accept-encoding": "gzip, deflate, br" },
		});
		expect(br.statusCode).toBe(200);
		expect(br.headers["content-encoding"]).toBe("br");
		expect(br.headers["content-type"]).toMatch(/javascript/);
		expect(br.headers["cache-control"]).toContain("immutable");
		// The very bytes the build wrote (compressing per request would give other bytes).
		expect(br.rawPayload.equals(brotliCompressSync(script))).toBe(true);
		const gz = await ctx.request(null, {
			url: "/assets/app-1234.js",
			headers: { "accept-encoding": "gzip" },
		});
		expect(gz.headers["content-encoding"]).toBe("gzip");
		expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
		const plain = await ctx.request(null, { url: "/assets/app-1234.js" });
		expect(plain.headers["content-encoding"]).toBeUndefined();
		expect(plain.body).toBe(script);
	});
});
