import { createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export type NodeEnv = "development" | "production" | "test";

export interface OidcConfig {
	/** "external": a real OpenID provider (Google by default). "demo": the in-process issuer. */
	mode: "external" | "demo";
	issuerUrl: string;
	clientId: string;
	clientSecret: string;
}

export interface Config {
	nodeEnv: NodeEnv;
	host: string;
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
	logLevel: string;
	/** Seed the demo accounts and sessions into an empty database at start. */
	seedDemo: boolean;
	/** Bearer token that opens /metrics; unset: /metrics refuses everyone. */
	metricsToken: string | undefined;
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

export function loadConfig(env: Env = process.env): Config {
	const nodeEnv = readNodeEnv(env);
	const port = readPort(env);
	const host = env.HOST?.trim() || "0.0.0.0";
	const publicUrlRaw = env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
	const publicUrl = readUrl("PUBLIC_URL", publicUrlRaw, ["http:", "https:"]).origin;
	const dataDir = resolve(env.DATA_DIR?.trim() || "./data");

	const databaseUrl = env.DATABASE_URL?.trim() || undefined;
	if (databaseUrl) readUrl("DATABASE_URL", databaseUrl, ["postgres:", "postgresql:"]);
	const storageUrl = env.STORAGE_URL?.trim() || undefined;
	if (storageUrl) readUrl("STORAGE_URL", storageUrl, ["s3:", "file:"]);

	const oidc = readOidc(env, nodeEnv, publicUrl);
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
		port,
		publicUrl,
		secureCookies: publicUrl.startsWith("https:"),
		dataDir,
		databaseUrl,
		storageUrl,
		secretKey,
		oidc,
		uploadMaxBytes: readPositiveInt(env, "UPLOAD_MAX_BYTES", 64 * 1024 * 1024),
		logLevel,
		seedDemo,
		metricsToken: readMetricsToken(env),
	};
}
