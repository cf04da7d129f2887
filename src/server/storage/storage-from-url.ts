import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../config";
import { FilesystemStorage } from "./filesystem-storage";
import type { ObjectStorage } from "./object-storage";
import { S3Storage, type S3StorageOptions } from "./s3-storage";

type Env = Readonly<Record<string, string | undefined>>;

const VARIABLE = "STORAGE_URL";
const S3_PARAMS = new Set([
	"endpoint",
	"region",
	"forcePathStyle",
	"accessKeyId",
	"secretAccessKey",
]);
// S3 bucket naming rules: 3-63 lower-case letters, digits, dots and hyphens.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export type StorageTarget =
	| { kind: "filesystem"; rootDir: string }
	| ({ kind: "s3" } & S3StorageOptions);

function fail(message: string): never {
	throw new ConfigError(VARIABLE, message);
}

/**
 * Where objects go, from `STORAGE_URL`:
 * - unset: the filesystem at `<dataDir>/objects`;
 * - `file:///abs/path`: the filesystem at that path;
 * - `s3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true`: an
 *   S3-compatible service. Credentials come from the SDK's usual sources (AWS_ACCESS_KEY_ID /
 *   AWS_SECRET_ACCESS_KEY, profiles, instance roles) or, for local test servers, from the
 *   `accessKeyId` and `secretAccessKey` parameters. Region: `region`, else AWS_REGION, else
 *   us-east-1. Path-style addressing defaults to on when an endpoint is given (MinIO & co.).
 * Error messages never repeat the URL, which may hold a secret.
 */
export function parseStorageUrl(
	url: string | undefined,
	dataDir: string,
	env: Env = process.env,
): StorageTarget {
	const raw = url?.trim();
	if (!raw) return { kind: "filesystem", rootDir: join(dataDir, "objects") };
	let parsed: URL;
	try {
		parsed = new URL(raw);
	} catch {
		fail("não é uma URL válida (use file:///caminho/absoluto ou s3://bucket?...)");
	}
	if (parsed.protocol === "file:") return parseFileUrl(parsed);
	if (parsed.protocol === "s3:") return parseS3Url(parsed, env);
	return fail(`protocolo "${parsed.protocol}" não suportado (use file: ou s3:)`);
}

function parseFileUrl(url: URL): StorageTarget {
	if (url.host !== "" && url.host !== "localhost")
		fail("uma URL file: não pode ter servidor (use file:///caminho)");
	if (url.search || url.hash) fail("uma URL file: não aceita parâmetros");
	const rootDir = fileURLToPath(url);
	if (!isAbsolute(rootDir) || rootDir === "/")
		fail("file: precisa de um caminho absoluto de pasta");
	return { kind: "filesystem", rootDir };
}

function parseS3Url(url: URL, env: Env): StorageTarget {
	const bucket = url.hostname;
	if (!bucket) fail("falta o nome do bucket (s3://bucket?...)");
	if (!BUCKET_NAME.test(bucket) || bucket.includes(".."))
		fail(`"${bucket}" não é um nome de bucket S3 válido`);
	if (url.port || url.username || url.password)
		fail("o endereço do serviço vai em ?endpoint=, não na URL s3:");
	if (url.pathname !== "" && url.pathname !== "/")
		fail("caminhos dentro do bucket não são suportados (s3://bucket)");
	if (url.hash) fail("uma URL s3: não aceita fragmento (#)");

	const params = url.searchParams;
	for (const name of params.keys()) {
		if (!S3_PARAMS.has(name))
			fail(`parâmetro "${name}" desconhecido (aceitos: ${[...S3_PARAMS].join(", ")})`);
		if (params.getAll(name).length > 1) fail(`parâmetro "${name}" repetido`);
	}

	const endpoint = params.get("endpoint") ?? undefined;
	if (endpoint !== undefined) {
		let parsed: URL | null = null;
		try {
			parsed = new URL(endpoint);
		} catch {}
		if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
			fail("endpoint deve ser uma URL http:// ou https://");
		}
	}

	const region = params.get("region") || env.AWS_REGION?.trim() || "us-east-1";
	if (!/^[a-z0-9-]+$/.test(region)) fail(`região "${region}" inválida`);

	const pathStyle = params.get("forcePathStyle");
	if (pathStyle !== null && pathStyle !== "true" && pathStyle !== "false") {
		fail("forcePathStyle deve ser true ou false");
	}
	const forcePathStyle = pathStyle === null ? endpoint !== undefined : pathStyle === "true";

	const accessKeyId = params.get("accessKeyId");
	const secretAccessKey = params.get("secretAccessKey");
	if ((accessKeyId === null) !== (secretAccessKey === null)) {
		fail("accessKeyId e secretAccessKey vão juntos (ou nenhum dos dois: variáveis AWS_*)");
	}
	const credentials = readCredentials(accessKeyId, secretAccessKey, env);
	return {
		kind: "s3",
		bucket,
		region,
		forcePathStyle,
		...(endpoint ? { endpoint } : {}),
		...(credentials ? { credentials } : {}),
	};
}

/** URL parameters first, then the standard env vars; else the SDK's own provider chain. */
function readCredentials(
	accessKeyId: string | null,
	secretAccessKey: string | null,
	env: Env,
): S3StorageOptions["credentials"] {
	if (accessKeyId && secretAccessKey) return { accessKeyId, secretAccessKey };
	if (accessKeyId !== null || secretAccessKey !== null)
		fail("accessKeyId e secretAccessKey não podem ser vazios");
	const envKey = env.AWS_ACCESS_KEY_ID?.trim();
	const envSecret = env.AWS_SECRET_ACCESS_KEY?.trim();
	if (!envKey || !envSecret) return undefined;
	const sessionToken = env.AWS_SESSION_TOKEN?.trim();
	return {
		accessKeyId: envKey,
		secretAccessKey: envSecret,
		...(sessionToken ? { sessionToken } : {}),
	};
}

export function createStorageFromUrl(
	url: string | undefined,
	dataDir: string,
	env: Env = process.env,
): ObjectStorage {
	const target = parseStorageUrl(url, dataDir, env);
	if (target.kind === "filesystem") return new FilesystemStorage(target.rootDir);
	const { kind: _kind, ...options } = target;
	return new S3Storage(options);
}
