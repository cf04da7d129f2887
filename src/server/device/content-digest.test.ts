import { describe, expect, it } from "vitest";
import { contentDigestHeader, readContentDigestSha256, sha256Hex } from "./content-digest";

const body = Buffer.from('{"hello": "world"}');
// RFC 9530, section B.1: the sha-256 of the body above.
const RFC_SHA256 = "X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=";

describe("readContentDigestSha256", () => {
	it("reads the RFC 9530 example", () => {
		const result = readContentDigestSha256(`sha-256=:${RFC_SHA256}:`);
		expect(result).toEqual({ ok: true, sha256Hex: sha256Hex(body) });
	});

	it("round-trips what contentDigestHeader writes", () => {
		const bytes = Buffer.from("0123456|12.6V|1\n");
		expect(readContentDigestSha256(contentDigestHeader(bytes))).toEqual({
			ok: true,
			sha256Hex: sha256Hex(bytes),
		});
	});

	it("picks sha-256 among several algorithms, in any order, with parameters", () => {
		const header = `sha-512=:${Buffer.alloc(64, 1).toString("base64")}:, unixsum=30637;x="a, b", sha-256=:${RFC_SHA256}:;p=1`;
		expect(readContentDigestSha256(header)).toEqual({ ok: true, sha256Hex: sha256Hex(body) });
	});

	it("joins repeated header lines like one dictionary", () => {
		const result = readContentDigestSha256([
			`md5=:${Buffer.alloc(16).toString("base64")}:`,
			`sha-256=:${RFC_SHA256}:`,
		]);
		expect(result.ok).toBe(true);
	});

	it("refuses a missing header with the reason", () => {
		const result = readContentDigestSha256(undefined);
		expect(result).toMatchObject({ ok: false, code: "content_digest_missing" });
		expect(result.ok || result.reason).toMatch(/^Content-Digest obrigatório/);
	});

	it.each([
		["no sha-256", `sha-512=:${Buffer.alloc(64).toString("base64")}:`],
		["not a byte sequence", "sha-256=abc"],
		["a token instead of bytes", `sha-256=${RFC_SHA256.replace(/=$/, "")}`],
		["the wrong length", `sha-256=:${Buffer.alloc(20).toString("base64")}:`],
		["unterminated bytes", `sha-256=:${RFC_SHA256}`],
		["bad base64", "sha-256=:!!!!:"],
		["a trailing comma", `sha-256=:${RFC_SHA256}:,`],
		["an upper-case key", `SHA-256=:${RFC_SHA256}:`],
		["a legacy Digest header value", `SHA-256=${RFC_SHA256}`],
	])("refuses %s", (_name, header) => {
		expect(readContentDigestSha256(header)).toMatchObject({
			ok: false,
			code: "content_digest_invalid",
		});
	});
});

describe("Content-Digest as a structured-field dictionary (RFC 9651)", () => {
	const digest = `sha-256=:${RFC_SHA256}:`;

	it("accepts members of every item type beside sha-256", () => {
		const others =
			'a=1, b=-2.5, c="x\\"y", d=tok/en, e=?0, f, g=(1 2);q=3, i=%"f%c3%bc", h=@1659578233';
		// Last: structured-headers 2.1 reads a date only when a space or the end follows it.
		expect(readContentDigestSha256(`${digest}, ${others}`)).toEqual({
			ok: true,
			sha256Hex: sha256Hex(body),
		});
	});

	it("lets a later duplicate key win", () => {
		const other = `sha-256=:${Buffer.alloc(32).toString("base64")}:`;
		expect(readContentDigestSha256(`${other}, ${digest}`)).toMatchObject({ ok: true });
		expect(readContentDigestSha256(`${digest}, ${other}`)).toEqual({
			ok: true,
			sha256Hex: "00".repeat(32),
		});
	});

	it("refuses an inner list where the bytes should be", () => {
		expect(readContentDigestSha256(`sha-256=(:${RFC_SHA256}:)`)).toMatchObject({
			ok: false,
			code: "content_digest_invalid",
		});
	});

	it.each(["a=", "a=1 b=2", 'a="unterminated', "a=1.2345", "=1", "a=(1 2", "a=1,,b=2"])(
		"refuses the whole header when another member is malformed: %j",
		(text) => {
			const result = readContentDigestSha256(`${digest}, ${text}`);
			expect(result).toMatchObject({ ok: false, code: "content_digest_invalid" });
			expect(result.ok || result.reason).toMatch(/^Content-Digest mal formado/);
		},
	);
});
