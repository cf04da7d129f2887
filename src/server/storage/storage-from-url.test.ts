import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config";
import { FilesystemStorage } from "./filesystem-storage";
import { S3Storage } from "./s3-storage";
import { createStorageFromUrl, parseStorageUrl } from "./storage-from-url";

const noEnv = {};

describe("parseStorageUrl", () => {
	it("defaults to the filesystem under the data dir", () => {
		expect(parseStorageUrl(undefined, "/srv/lapsix", noEnv)).toEqual({
			kind: "filesystem",
			rootDir: join("/srv/lapsix", "objects"),
		});
		expect(parseStorageUrl("  ", "/srv/lapsix", noEnv)).toMatchObject({ kind: "filesystem" });
	});

	it("reads file: URLs, decoding the path", () => {
		expect(parseStorageUrl("file:///var/lib/lapsix%20dados/objects", "/d", noEnv)).toEqual({
			kind: "filesystem",
			rootDir: "/var/lib/lapsix dados/objects",
		});
		expect(parseStorageUrl("file://localhost/srv/obj", "/d", noEnv)).toMatchObject({
			rootDir: "/srv/obj",
		});
	});

	it("reads s3: URLs with endpoint, region, path style and credentials", () => {
		const url =
			"s3://lapsix-files?endpoint=http://127.0.0.1:9000&region=sa-east-1&forcePathStyle=true&accessKeyId=minio&secretAccessKey=minio123";
		expect(parseStorageUrl(url, "/d", noEnv)).toEqual({
			kind: "s3",
			bucket: "lapsix-files",
			endpoint: "http://127.0.0.1:9000",
			region: "sa-east-1",
			forcePathStyle: true,
			credentials: { accessKeyId: "minio", secretAccessKey: "minio123" },
		});
	});

	it("defaults region from AWS_REGION, path style from the endpoint, credentials from AWS_* vars", () => {
		const env = {
			AWS_REGION: "eu-west-1",
			AWS_ACCESS_KEY_ID: "AKIA1",
			AWS_SECRET_ACCESS_KEY: "s3cr3t",
		};
		expect(parseStorageUrl("s3://bucket.example", "/d", env)).toEqual({
			kind: "s3",
			bucket: "bucket.example",
			region: "eu-west-1",
			forcePathStyle: false,
			credentials: { accessKeyId: "AKIA1", secretAccessKey: "s3cr3t" },
		});
		const local = parseStorageUrl(
			"s3://bkt?endpoint=https://s3.local&forcePathStyle=false",
			"/d",
			noEnv,
		);
		expect(local).toEqual({
			kind: "s3",
			bucket: "bkt",
			endpoint: "https://s3.local",
			region: "us-east-1",
			forcePathStyle: false,
		});
		expect(parseStorageUrl("s3://bkt?endpoint=http://h:9000", "/d", noEnv)).toMatchObject({
			forcePathStyle: true,
		});
		expect(parseStorageUrl("s3://bkt", "/d", { AWS_SESSION_TOKEN: "t" })).not.toHaveProperty(
			"credentials",
		);
	});

	it.each([
		["not a url", "não é uma URL válida"],
		["http://example.com/x", 'protocolo "http:"'],
		["file://server/share", "não pode ter servidor"],
		["file:///", "caminho absoluto"],
		["s3://", "falta o nome do bucket"],
		["s3://Upper_Case", "nome de bucket"],
		["s3://ab", "nome de bucket"],
		["s3://bucket/some/prefix", "caminhos dentro do bucket"],
		["s3://bucket:9000", "?endpoint="],
		["s3://bucket?endpoint=ftp://x", "endpoint deve ser"],
		["s3://bucket?endpoint=::", "endpoint deve ser"],
		["s3://bucket?forcePathStyle=yes", "forcePathStyle deve ser true ou false"],
		["s3://bucket?regoin=us-east-1", 'parâmetro "regoin" desconhecido'],
		["s3://bucket?region=a&region=b", "repetido"],
		["s3://bucket?region=US_EAST", "região"],
		["s3://bucket?accessKeyId=only-id", "vão juntos"],
		["s3://bucket?accessKeyId=&secretAccessKey=", "não podem ser vazios"],
	])("refuses %s naming STORAGE_URL", (url, reason) => {
		let error: unknown;
		try {
			parseStorageUrl(url, "/d", noEnv);
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(ConfigError);
		expect((error as Error).message).toMatch(/^STORAGE_URL: /);
		expect((error as Error).message).toContain(reason);
	});

	it("never repeats a secret from the URL in its errors", () => {
		expect(() =>
			parseStorageUrl("s3://bucket?secretAccessKey=hunter2&bogus=1", "/d", noEnv),
		).toThrow(/^(?!.*hunter2)/);
	});
});

describe("createStorageFromUrl", () => {
	it("builds the matching implementation", async () => {
		const dataDir = await mkdtemp(join(tmpdir(), "lapsix-data-"));
		const fs = createStorageFromUrl(undefined, dataDir, noEnv);
		expect(fs).toBeInstanceOf(FilesystemStorage);
		expect((fs as FilesystemStorage).rootDir).toBe(join(dataDir, "objects"));
		await fs.check();
		await rm(dataDir, { recursive: true });
		const s3 = createStorageFromUrl(
			"s3://bkt?endpoint=http://127.0.0.1:1&accessKeyId=a&secretAccessKey=b",
			"/d",
			noEnv,
		);
		expect(s3).toBeInstanceOf(S3Storage);
		expect(s3.kind).toBe("s3");
		(s3 as S3Storage).destroy();
	});
});
