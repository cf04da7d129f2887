import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for values stored at rest (the riders' Wi-Fi passwords). The key is derived from
 * SECRET_KEY with HKDF and a purpose label, so each use gets its own key.
 */
export function deriveSubkey(secretKey: Buffer, purpose: string): Buffer {
	return Buffer.from(hkdfSync("sha256", secretKey, Buffer.alloc(0), `lapsix:${purpose}`, 32));
}

export interface SecretBox {
	seal(plaintext: string): string;
	/** Throws when the value was tampered with or sealed with another key. */
	open(sealed: string): string;
}

export function createSecretBox(secretKey: Buffer, purpose: string): SecretBox {
	const key = deriveSubkey(secretKey, purpose);
	const aad = Buffer.from(purpose, "utf8");
	return {
		seal(plaintext) {
			const iv = randomBytes(12);
			const cipher = createCipheriv("aes-256-gcm", key, iv);
			cipher.setAAD(aad);
			const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
			return [
				"v1",
				iv.toString("base64url"),
				cipher.getAuthTag().toString("base64url"),
				body.toString("base64url"),
			].join(":");
		},
		open(sealed) {
			const [version, iv, tag, body] = sealed.split(":");
			if (version !== "v1" || iv === undefined || tag === undefined || body === undefined) {
				throw new Error("sealed value has an unknown format");
			}
			const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
			decipher.setAAD(aad);
			decipher.setAuthTag(Buffer.from(tag, "base64url"));
			return Buffer.concat([
				decipher.update(Buffer.from(body, "base64url")),
				decipher.final(),
			]).toString("utf8");
		},
	};
}
