import { createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";

export type NodeEnv = "development" | "production" | "test";

export interface OidcConfig {
	/** "external": a real OpenID provider (Google by default). "demo": the in-process issuer. */
	mode: "external" | "demo";
	issuerUrl: string;
	clientId: string;
	clientSecret: string;
}

/** Bounds on every HTTP connection, so slow or silent clients cannot hold the server. */
export interface HttpLimits {
	/** Whole request head (request line and headers) must arrive within this. */
	headersTimeoutMs: number;
	/** Whole request, body included, must arrive within this. */
	requestTimeoutMs: number;
	/** An idle kept-alive connection is closed after this. */
	keepAliveTimeoutMs: number;
	/** A connection on which nothing moves either way is closed after this. */
	idleTimeoutMs: number;
	/** A body arriving slower than this (bytes per second, over each window) is cut. */
	bodyMinBytesPerSecond: number;
	bodyRateWindowMs: number;
	/** Connections beyond this are closed at once, before they cost a file descriptor for long. */
	maxConnections: number;
}

export interface Config {
	nodeEnv: NodeEnv;
	host: string;
	/**
	 * Demo sign-in (anyone enters, admin included) listening beyond this machine, as asked with
	 * DEMO_ALLOW_REMOTE=1: the start warns loudly and every page shows a banner.
	 */
	demoExposed: boolean;
	port: number;
	publicUrl: string;
	/** True when PUBLIC_URL is https: cookies become Secure and `__Host-` prefixed. */
	secureCookies: boolean;
	dataDir: string;
	databaseUrl: string | undefined;
	storageUrl: string | undefined;
	/** 32 bytes; every other key (cookies, Wi-Fi password encryption) is derived from it. */
	secretKey: Buffer;
	oidc: OidcConfig;
	uploadMaxBytes: number;
	uploadLimits: UploadLimits;
	importLimits: ImportLimits;
	logLevel: string;
	/** Seed the demo accounts and sessions into an empty database at start. */
	seedDemo: boolean;
	/** Bearer token that opens /metrics; unset: /metrics refuses everyone. */
	metricsToken: string | undefined;
	/**
	 * Ingest jobs this process runs at once (INGEST_WORKERS; 0 on PostgreSQL: web only, the jobs
	 * go to `lapsix worker` processes). The embedded database always runs at least one.
	 */
	ingestWorkers: number;
	/** Bytes the ingest parses of this process may hold at once (INGEST_MEMORY_MB). */
	ingestMemoryBytes: number;
	/** A running ingest job not done after this long is taken as lost and run again. */
	ingestJobTimeoutSeconds: number;
	/**
	 * Which proxies' X-Forwarded-For is believed (Fastify's trustProxy): false trusts none (the
	 * peer address is the client), a number trusts that many hops, a list trusts those
	 * addresses/CIDRs.
	 */
	trustProxy: false | number | string[];
	http: HttpLimits;
	/** How often expired and idle sign-in sessions are deleted. */
	sessionPurgeIntervalMs: number;
	/**
	 * Bytes this process keeps of answers that only change with a new version of a session (its
	 * lap paths, encoded and compressed); 0 keeps none.
	 */
	answerCacheMaxBytes: number;
}

/** Bounds on what loggers may send (README, "Limites de upload"). */
export interface UploadLimits {
	/** Uploads (PUT, tus creation and PATCH) one logger may have in progress at once. */
	concurrentPerLogger: number;
	/** Uploads in progress in the whole process. */
	concurrentTotal: number;
	/** PUTs of session files per logger per minute. */
	uploadsPerMinute: number;
	/** Heartbeats per logger per minute. */
	heartbeatsPerMinute: number;
	/** tus creations per logger per minute. */
	tusCreationsPerMinute: number;
	/** Bytes a logger may send per UTC day (a tus upload counts its whole length at creation). */
	dailyBytesPerLogger: number;
}

/** Bounds on what people may import (README, "Limites de importação"). */
export interface ImportLimits {
	/** Imports (POST, tus creation and PATCH) one signed-in user may have in progress at once. */
	concurrentPerUser: number;
	/** Imports in progress in the whole process (reading a recording takes CPU and memory). */
	concurrentTotal: number;
	/**
	 * Bytes imported per rider (the sessions' owner, whoever sends them) per UTC day; a resumable
	 * upload counts its whole length at creation, finished or not.
	 */
	dailyBytesPerRider: number;
}

/** A configuration error names the variable, so the start can end with one clear line. */
export class ConfigError extends Error {
	constructor(
		readonly variable: string,
		message: string,
	) {
		super(`${variable}: ${message}`);
		this.name = "ConfigError";
	}
}

export const DEFAULT_GOOGLE_ISSUER = "https://accounts.google.com";
export const DEMO_CLIENT_ID = "lapsix-demo";

type Env = Readonly<Record<string, string | undefined>>;

function readPort(env: Env): number {
	const raw = env.PORT?.trim();
	if (raw === undefined || raw === "") return 3000;
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) {
		throw new ConfigError("PORT", `"${raw}" não é uma porta válida (1 a 65535)`);
	}
	return Number(raw);
}

function readNodeEnv(env: Env): NodeEnv {
	const raw = env.NODE_ENV?.trim() || "development";
	if (raw !== "development" && raw !== "production" && raw !== "test") {
		throw new ConfigError("NODE_ENV", `"${raw}" deve ser development, production ou test`);
	}
	return raw;
}

function readUrl(variable: string, raw: string, protocols: readonly string[]): URL {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		throw new ConfigError(variable, `"${raw}" não é uma URL válida`);
	}
	if (!protocols.includes(url.protocol)) {
		throw new ConfigError(
			variable,
			`protocolo "${url.protocol}" não suportado (use ${protocols.join(" ou ")})`,
		);
	}
	return url;
}

function readCount(env: Env, variable: string, fallback: number): number {
	const raw = env[variable]?.trim();
	if (raw === undefined || raw === "") return fallback;
	if (!/^\d+$/.test(raw) || Number(raw) > 64) {
		throw new ConfigError(variable, `"${raw}" deve ser um número inteiro de 0 a 64`);
	}
	return Number(raw);
}

/** A size in bytes, 0 allowed. */
function readByteCount(env: Env, variable: string, fallback: number): number {
	const raw = env[variable]?.trim();
	if (raw === undefined || raw === "") return fallback;
	if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
		throw new ConfigError(variable, `"${raw}" deve ser um número inteiro de bytes (0 ou mais)`);
	}
	return Number(raw);
}

function readPositiveInt(env: Env, variable: string, fallback: number): number {
	const raw = env[variable]?.trim();
	if (raw === undefined || raw === "") return fallback;
	if (!/^\d+$/.test(raw) || Number(raw) < 1) {
		throw new ConfigError(variable, `"${raw}" deve ser um número inteiro positivo`);
	}
	return Number(raw);
}

/**
 * SECRET_KEY: required in production (a lost key would make stored Wi-Fi passwords unreadable,
 * so it must be managed by whoever runs the service); elsewhere generated once into DATA_DIR.
 */
function readSecretKey(env: Env, nodeEnv: NodeEnv, dataDir: string): Buffer {
	const keyFile = env.SECRET_KEY_FILE?.trim();
	const raw = env.SECRET_KEY?.trim();
	if (keyFile && raw)
		throw new ConfigError("SECRET_KEY_FILE", "defina SECRET_KEY ou SECRET_KEY_FILE, não os dois");
	if (keyFile) return readSecretKeyFile("SECRET_KEY_FILE", resolve(keyFile));
	if (raw) {
		if (raw.length < 32) {
			throw new ConfigError("SECRET_KEY", "deve ter pelo menos 32 caracteres");
		}
		return Buffer.from(raw, "utf8").length === 32 ? Buffer.from(raw, "utf8") : deriveKey(raw);
	}
	if (nodeEnv === "production") {
		throw new ConfigError(
			"SECRET_KEY",
			"obrigatória em produção (pelo menos 32 caracteres aleatórios)",
		);
	}
	const file = join(dataDir, "secret.key");
	if (existsSync(file)) return readSecretKeyFile("SECRET_KEY", file);
	mkdirSync(dataDir, { recursive: true });
	const key = randomBytes(32);
	writeFileSync(file, `${key.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
	chmodSync(file, 0o600);
	return key;
}

/**
 * A key file as generated into DATA_DIR/secret.key (64 hex digits). SECRET_KEY_FILE names one,
 * so an install moved from a laptop keeps the key its data was encrypted with.
 */
function readSecretKeyFile(variable: string, file: string): Buffer {
	let stored: string;
	try {
		stored = readFileSync(file, "utf8").trim();
	} catch (error) {
		throw new ConfigError(variable, `não foi possível ler ${file}: ${(error as Error).message}`);
	}
	if (!/^[0-9a-f]{64}$/.test(stored)) {
		throw new ConfigError(variable, `o arquivo ${file} está corrompido (esperados 64 dígitos hex)`);
	}
	return Buffer.from(stored, "hex");
}

function readMetricsToken(env: Env): string | undefined {
	const token = env.METRICS_TOKEN?.trim();
	if (!token) return undefined;
	if (token.length < 32)
		throw new ConfigError("METRICS_TOKEN", "deve ter pelo menos 32 caracteres");
	return token;
}

function readHttpLimits(env: Env): HttpLimits {
	const limits: HttpLimits = {
		headersTimeoutMs: readPositiveInt(env, "HTTP_HEADERS_TIMEOUT_MS", 15_000),
		requestTimeoutMs: readPositiveInt(env, "HTTP_REQUEST_TIMEOUT_MS", 600_000),
		keepAliveTimeoutMs: readPositiveInt(env, "HTTP_KEEP_ALIVE_TIMEOUT_MS", 5_000),
		idleTimeoutMs: readPositiveInt(env, "HTTP_IDLE_TIMEOUT_MS", 20_000),
		bodyMinBytesPerSecond: readPositiveInt(env, "HTTP_BODY_MIN_BYTES_PER_SECOND", 1024),
		bodyRateWindowMs: readPositiveInt(env, "HTTP_BODY_RATE_WINDOW_MS", 10_000),
		maxConnections: readPositiveInt(env, "HTTP_MAX_CONNECTIONS", 1000),
	};
	// Node refuses a request timeout shorter than the headers timeout.
	if (limits.requestTimeoutMs < limits.headersTimeoutMs) {
		throw new ConfigError(
			"HTTP_REQUEST_TIMEOUT_MS",
			`deve ser pelo menos HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs})`,
		);
	}
	return limits;
}

/** Names proxy-addr understands for whole address ranges. */
const TRUST_PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
	if (TRUST_PROXY_RANGES.has(entry)) return true;
	const [address = "", prefix, ...rest] = entry.split("/");
	const version = isIP(address);
	if (version === 0 || rest.length > 0) return false;
	if (prefix === undefined) return true;
	return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset trusts nobody's X-Forwarded-For; a hop count; or addresses/CIDRs. */
function readTrustProxy(env: Env): false | number | string[] {
	const raw = env.TRUST_PROXY?.trim();
	if (raw === undefined || raw === "") return false;
	if (/^\d+$/.test(raw)) return Number(raw) === 0 ? false : Number(raw);
	const entries = raw
		.split(",")
		.map((entry) => entry.trim())
		.filter((entry) => entry !== "");
	const bad = entries.find((entry) => !isAddressOrCidr(entry));
	if (bad !== undefined || entries.length === 0) {
		throw new ConfigError(
			"TRUST_PROXY",
			`"${bad ?? raw}" não é um número de saltos nem um endereço/CIDR (ex.: 1, ou 10.0.0.1,192.168.0.0/16)`,
		);
	}
	return entries;
}

function deriveKey(text: string): Buffer {
	// A long passphrase is reduced to 32 bytes; sha256 is enough for a high-entropy input.
	return createHash("sha256").update(text, "utf8").digest();
}

function readOidc(env: Env, nodeEnv: NodeEnv, publicUrl: string): OidcConfig {
	const clientId = env.OIDC_CLIENT_ID?.trim() ?? "";
	const clientSecret = env.OIDC_CLIENT_SECRET?.trim() ?? "";
	const issuerRaw = env.OIDC_ISSUER_URL?.trim() ?? "";
	if (clientId === "") {
		if (nodeEnv === "production") {
			throw new ConfigError(
				"OIDC_CLIENT_ID",
				"obrigatório em produção (registre o lapsix no Google e defina OIDC_CLIENT_ID e OIDC_CLIENT_SECRET)",
			);
		}
		return {
			mode: "demo",
			issuerUrl: `${publicUrl}/oidc`,
			clientId: DEMO_CLIENT_ID,
			clientSecret: "",
		};
	}
	if (clientSecret === "") {
		throw new ConfigError("OIDC_CLIENT_SECRET", "obrigatório quando OIDC_CLIENT_ID está definido");
	}
	const issuerUrl = issuerRaw === "" ? DEFAULT_GOOGLE_ISSUER : issuerRaw;
	readUrl("OIDC_ISSUER_URL", issuerUrl, ["https:", "http:"]);
	return { mode: "external", issuerUrl: issuerUrl.replace(/\/$/, ""), clientId, clientSecret };
}

/** Addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
	const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
	if (bare === "localhost" || bare === "::1") return true;
	const v4 = bare.startsWith("::ffff:") ? bare.slice("::ffff:".length) : bare;
	return isIP(v4) === 4 && v4.startsWith("127.");
}

/**
 * The demo sign-in lets anyone in as anyone, admin included: it listens on loopback unless HOST
 * says otherwise, and a HOST others can reach needs DEMO_ALLOW_REMOTE=1.
 */
function readHost(env: Env, demo: boolean): { host: string; demoExposed: boolean } {
	const allowRaw = env.DEMO_ALLOW_REMOTE?.trim() ?? "";
	if (allowRaw !== "" && allowRaw !== "0" && allowRaw !== "1") {
		throw new ConfigError("DEMO_ALLOW_REMOTE", `"${allowRaw}" deve ser 0 ou 1`);
	}
	const set = env.HOST?.trim() || undefined;
	const host = set ?? (demo ? "127.0.0.1" : "0.0.0.0");
	if (!demo || isLoopbackHost(host)) return { host, demoExposed: false };
	if (allowRaw !== "1") {
		throw new ConfigError(
			"HOST",
			`"${host}" abriria o modo demonstração (entrada sem senha, inclusive como administrador) para a rede; use HOST=127.0.0.1, configure OIDC_CLIENT_ID, ou defina DEMO_ALLOW_REMOTE=1 se é isso mesmo que quer`,
		);
	}
	return { host, demoExposed: true };
}

function readUploadLimits(env: Env): UploadLimits {
	return {
		concurrentPerLogger: readPositiveInt(env, "UPLOAD_CONCURRENCY_PER_LOGGER", 2),
		concurrentTotal: readPositiveInt(env, "UPLOAD_CONCURRENCY_TOTAL", 32),
		uploadsPerMinute: readPositiveInt(env, "UPLOAD_RATE_PER_MINUTE", 30),
		heartbeatsPerMinute: readPositiveInt(env, "HEARTBEAT_RATE_PER_MINUTE", 12),
		tusCreationsPerMinute: readPositiveInt(env, "TUS_CREATE_RATE_PER_MINUTE", 10),
		dailyBytesPerLogger: readPositiveInt(env, "UPLOAD_DAILY_QUOTA_BYTES", 2 * 1024 * 1024 * 1024),
	};
}

function readImportLimits(env: Env): ImportLimits {
	return {
		concurrentPerUser: readPositiveInt(env, "IMPORT_CONCURRENCY_PER_USER", 2),
		concurrentTotal: readPositiveInt(env, "IMPORT_CONCURRENCY_TOTAL", 8),
		dailyBytesPerRider: readPositiveInt(env, "IMPORT_DAILY_QUOTA_BYTES", 1024 * 1024 * 1024),
	};
}

export function loadConfig(env: Env = process.env): Config {
	const nodeEnv = readNodeEnv(env);
	const port = readPort(env);
	const publicUrlRaw = env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
	const publicUrl = readUrl("PUBLIC_URL", publicUrlRaw, ["http:", "https:"]).origin;
	const dataDir = resolve(env.DATA_DIR?.trim() || "./data");

	const databaseUrl = env.DATABASE_URL?.trim() || undefined;
	if (databaseUrl) readUrl("DATABASE_URL", databaseUrl, ["postgres:", "postgresql:"]);
	const storageUrl = env.STORAGE_URL?.trim() || undefined;
	if (storageUrl) readUrl("STORAGE_URL", storageUrl, ["s3:", "file:"]);

	const oidc = readOidc(env, nodeEnv, publicUrl);
	const { host, demoExposed } = readHost(env, oidc.mode === "demo");
	const secretKey = readSecretKey(env, nodeEnv, dataDir);
	const logLevel = env.LOG_LEVEL?.trim() || (nodeEnv === "test" ? "warn" : "info");
	const seedRaw = env.SEED_DEMO?.trim();
	if (seedRaw !== undefined && seedRaw !== "" && seedRaw !== "0" && seedRaw !== "1") {
		throw new ConfigError("SEED_DEMO", `"${seedRaw}" deve ser 0 ou 1`);
	}
	const seedDemo =
		seedRaw === undefined || seedRaw === "" ? nodeEnv !== "production" : seedRaw === "1";

	return {
		nodeEnv,
		host,
		demoExposed,
		port,
		publicUrl,
		secureCookies: publicUrl.startsWith("https:"),
		dataDir,
		databaseUrl,
		storageUrl,
		secretKey,
		oidc,
		uploadMaxBytes: readPositiveInt(env, "UPLOAD_MAX_BYTES", 64 * 1024 * 1024),
		uploadLimits: readUploadLimits(env),
		importLimits: readImportLimits(env),
		logLevel,
		seedDemo,
		metricsToken: readMetricsToken(env),
		ingestWorkers: readCount(env, "INGEST_WORKERS", 2),
		ingestMemoryBytes: readPositiveInt(env, "INGEST_MEMORY_MB", 128) * 1024 * 1024,
		ingestJobTimeoutSeconds: readPositiveInt(env, "INGEST_JOB_TIMEOUT_SECONDS", 300),
		trustProxy: readTrustProxy(env),
		http: readHttpLimits(env),
		sessionPurgeIntervalMs: readPositiveInt(env, "SESSION_PURGE_INTERVAL_MS", 60 * 60 * 1000),
		answerCacheMaxBytes: readByteCount(env, "ANSWER_CACHE_MAX_BYTES", 32 * 1024 * 1024),
	};
}
