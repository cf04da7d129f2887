import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { isErrno } from "./filesystem-files";
import { type ListEntry, rollUpKeys } from "./list-paging";

/**
 * Finds the listing entries of the filesystem store. Only the directory named by the prefix
 * is read; with the `/` delimiter sub-directories become common prefixes without being walked
 * (only probed for one object, since S3 has no empty prefixes). Symbolic links are never
 * followed: the store creates none, so one is foreign and may point outside the root.
 */
export async function findListEntries(
	baseDir: string,
	prefix: string,
	delimiter: string | undefined,
	hiddenTopNames: ReadonlySet<string>,
): Promise<ListEntry[]> {
	const dirKey = prefix.slice(0, prefix.lastIndexOf("/") + 1);
	const namePrefix = prefix.slice(dirKey.length);
	const dirents = (await readDirents(baseDir)).filter(
		(d) => d.name.startsWith(namePrefix) && !(dirKey === "" && hiddenTopNames.has(d.name)),
	);

	if (delimiter === "/") {
		const entries: ListEntry[] = [];
		for (const d of dirents) {
			if (d.isFile()) entries.push({ name: dirKey + d.name, isPrefix: false });
			else if (d.isDirectory() && (await containsFile(join(baseDir, d.name)))) {
				entries.push({ name: `${dirKey}${d.name}/`, isPrefix: true });
			}
		}
		return entries;
	}

	const keys: string[] = [];
	for (const d of dirents) {
		if (d.isFile()) keys.push(dirKey + d.name);
		else if (d.isDirectory()) await collectKeys(join(baseDir, d.name), `${dirKey}${d.name}/`, keys);
	}
	return rollUpKeys(keys, prefix, delimiter);
}

async function readDirents(dir: string): Promise<Dirent[]> {
	try {
		return await readdir(dir, { withFileTypes: true });
	} catch (error) {
		if (isErrno(error, "ENOENT", "ENOTDIR")) return [];
		throw error;
	}
}

async function collectKeys(dir: string, keyPrefix: string, out: string[]): Promise<void> {
	for (const d of await readDirents(dir)) {
		if (d.isFile()) out.push(keyPrefix + d.name);
		else if (d.isDirectory()) await collectKeys(join(dir, d.name), `${keyPrefix}${d.name}/`, out);
	}
}

async function containsFile(dir: string): Promise<boolean> {
	const dirents = await readDirents(dir);
	if (dirents.some((d) => d.isFile())) return true;
	for (const d of dirents) {
		if (d.isDirectory() && (await containsFile(join(dir, d.name)))) return true;
	}
	return false;
}
