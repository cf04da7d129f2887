/**
 * The real recordings of other lap timers kept beside the repository in `../shared/real/`
 * (never copied into it: their licences). Tests that read them call `describeReal`, which
 * skips the whole block, with a message saying why, where the folder is absent.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe } from "vitest";

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** `LAPSIX_REAL_DIR` when set, else `../shared/real` beside the repository. */
export const REAL_DIR = process.env.LAPSIX_REAL_DIR ?? join(repositoryRoot, "../shared/real");

export function hasRealRecordings(): boolean {
	return existsSync(join(REAL_DIR, "README.md"));
}

/** The bytes of `relativePath` under the real-recordings folder. */
export function readReal(relativePath: string): Uint8Array {
	return new Uint8Array(readFileSync(join(REAL_DIR, relativePath)));
}

export function realPath(relativePath: string): string {
	return join(REAL_DIR, relativePath);
}

/** `describe` that skips, with a clear message, where the real recordings are absent. */
export function describeReal(name: string, body: () => void): void {
	if (hasRealRecordings()) {
		describe(name, body);
		return;
	}
	describe.skip(`${name} (skipped: real recordings not found at ${REAL_DIR})`, body);
}
