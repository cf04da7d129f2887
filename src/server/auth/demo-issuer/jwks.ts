import { generateKeyPairSync, randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const DEMO_JWKS_FILE = "demo-issuer-jwks.json";

export interface SigningJwks {
	keys: Array<Record<string, unknown> & { kid: string; kty: string }>;
}

function isJwks(value: unknown): value is SigningJwks {
	const keys = (value as { keys?: unknown } | null)?.keys;
	return (
		Array.isArray(keys) &&
		keys.length > 0 &&
		keys.every(
			(k) => typeof k?.kid === "string" && typeof k?.kty === "string" && typeof k?.d === "string",
		)
	);
}

/**
 * The demo issuer's signing key: RS256 (what Google signs ID tokens with), generated once and
 * kept in DATA_DIR so a restart does not invalidate what it signed before.
 */
export function loadOrCreateDemoJwks(dataDir: string): SigningJwks {
	const file = join(dataDir, DEMO_JWKS_FILE);
	try {
		const stored: unknown = JSON.parse(readFileSync(file, "utf8"));
		if (!isJwks(stored))
			throw new Error(`${file} is not a private JWK set; delete it to make a new key`);
		return stored;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
	}
	const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
	const jwk = {
		...privateKey.export({ format: "jwk" }),
		kid: randomUUID(),
		alg: "RS256",
		use: "sig",
	} as SigningJwks["keys"][number];
	const jwks: SigningJwks = { keys: [jwk] };
	mkdirSync(dataDir, { recursive: true });
	try {
		writeFileSync(file, `${JSON.stringify(jwks)}\n`, { mode: 0o600, flag: "wx" });
		chmodSync(file, 0o600);
	} catch (error) {
		// Another instance wrote it first: use theirs, so both sign with the same key.
		if ((error as NodeJS.ErrnoException).code === "EEXIST") return loadOrCreateDemoJwks(dataDir);
		throw error;
	}
	return jwks;
}
