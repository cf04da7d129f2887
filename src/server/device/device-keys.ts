import { createHash, randomBytes } from "node:crypto";

/** Device keys: `lsx_` + 256 random bits in base64url (43 characters). */
export const DEVICE_KEY_PREFIX = "lsx_";
const DEVICE_KEY_PATTERN = /^lsx_[A-Za-z0-9_-]{43}$/;

export function generateDeviceKey(): string {
	return `${DEVICE_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/**
 * sha256 (hex) of the key, as stored in `hardware.device_key_hash`. The key is 256 random bits,
 * so a fast hash cannot be brute-forced and no salt or slow hash is needed.
 */
export function hashDeviceKey(key: string): string {
	return createHash("sha256").update(key, "utf8").digest("hex");
}

/** True when the text has the shape of a key we issue: lets the server refuse junk without a query. */
export function isWellFormedDeviceKey(key: string): boolean {
	return DEVICE_KEY_PATTERN.test(key);
}
