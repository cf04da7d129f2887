import { createHash, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The embedded database belongs to one process. A lock file in DATA_DIR names the process that
 * holds it, so a second server or a CLI command refuses with a message naming the running one
 * instead of corrupting the database. A lock left by a dead process is taken over.
 */
export interface DataDirLockHolder {
	pid: number;
	role: "server" | "cli";
	url?: string;
	startedAt: string;
}

export class DataDirBusyError extends Error {
	constructor(
		readonly holder: DataDirLockHolder,
		dataDir: string,
	) {
		const what =
			holder.role === "server"
				? `pelo servidor lapsix (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ""})`
				: `por um comando lapsix (pid ${holder.pid})`;
		super(
			`O banco embutido em ${dataDir} está em uso ${what}. Pare-o antes, ou use DATABASE_URL com um PostgreSQL.`,
		);
		this.name = "DataDirBusyError";
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

function readText(file: string): string | null {
	try {
		return readFileSync(file, "utf8");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
		throw error;
	}
}

function parseHolder(text: string): DataDirLockHolder | null {
	try {
		const holder = JSON.parse(text) as DataDirLockHolder;
		return typeof holder.pid === "number" ? holder : null;
	} catch {
		return null;
	}
}

function removeQuietly(file: string): void {
	rmSync(file, { force: true });
}

function isCode(error: unknown, code: string): boolean {
	return (error as NodeJS.ErrnoException).code === code;
}

export interface DataDirLock {
	release(): void;
}

/**
 * Taking the lock is one link(2) of a fully written temp file: it either creates the lock file,
 * complete, or fails because one exists (never a half-written file another process could read
 * as empty). A lock whose holder is dead is taken over only by the process that creates the
 * takeover marker named after that lock's exact content (O_EXCL): it alone may delete that
 * lock, after checking it is still the same one, so two processes can never both take over.
 */
export function acquireDataDirLock(
	dataDir: string,
	holder: Omit<DataDirLockHolder, "pid" | "startedAt">,
): DataDirLock {
	mkdirSync(dataDir, { recursive: true });
	const file = join(dataDir, "lapsix.lock");
	const token = randomBytes(12).toString("hex");
	const mine = JSON.stringify({
		...holder,
		pid: process.pid,
		startedAt: new Date().toISOString(),
		token,
	});
	const temp = `${file}.${process.pid}.${token}.tmp`;
	writeFileSync(temp, mine, { flag: "wx" });
	try {
		for (let attempt = 0; attempt < 5; attempt += 1) {
			try {
				linkSync(temp, file);
				return ownLock(file, mine);
			} catch (error) {
				if (!isCode(error, "EEXIST")) throw error;
			}
			const text = readText(file);
			if (text === null) continue;
			const current = parseHolder(text);
			if (current && current.pid !== process.pid && isAlive(current.pid)) {
				throw new DataDirBusyError(current, dataDir);
			}
			takeOverStale(file, text);
		}
	} finally {
		removeQuietly(temp);
	}
	throw new Error(
		`não foi possível criar ${file}: se nenhum lapsix está rodando, apague ${file} e ${file}.takeover-*`,
	);
}

/** Deletes the lock file if it still holds `staleText`, and only if no one else is doing so. */
function takeOverStale(file: string, staleText: string): void {
	const identity = createHash("sha256").update(staleText).digest("hex").slice(0, 24);
	const marker = `${file}.takeover-${identity}`;
	try {
		writeFileSync(marker, String(process.pid), { flag: "wx" });
	} catch (error) {
		if (isCode(error, "EEXIST")) {
			waitBriefly();
			return;
		}
		throw error;
	}
	try {
		if (readText(file) === staleText) removeQuietly(file);
	} finally {
		removeQuietly(marker);
	}
}

/** Another process is taking the stale lock over; give it a moment before looking again. */
function waitBriefly(): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
}

function ownLock(file: string, mine: string): DataDirLock {
	let released = false;
	return {
		release() {
			if (released) return;
			released = true;
			if (readText(file) === mine) removeQuietly(file);
		},
	};
}
