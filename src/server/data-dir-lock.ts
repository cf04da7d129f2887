import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

function readHolder(file: string): DataDirLockHolder | null {
	try {
		const holder = JSON.parse(readFileSync(file, "utf8")) as DataDirLockHolder;
		return typeof holder.pid === "number" ? holder : null;
	} catch {
		return null;
	}
}

export interface DataDirLock {
	release(): void;
}

export function acquireDataDirLock(
	dataDir: string,
	holder: Omit<DataDirLockHolder, "pid" | "startedAt">,
): DataDirLock {
	mkdirSync(dataDir, { recursive: true });
	const file = join(dataDir, "lapsix.lock");
	const mine: DataDirLockHolder = {
		...holder,
		pid: process.pid,
		startedAt: new Date().toISOString(),
	};
	for (let attempt = 0; attempt < 2; attempt += 1) {
		try {
			writeFileSync(file, JSON.stringify(mine), { flag: "wx" });
			let released = false;
			return {
				release() {
					if (released) return;
					released = true;
					if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
				},
			};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			const current = readHolder(file);
			if (current && current.pid !== process.pid && isAlive(current.pid)) {
				throw new DataDirBusyError(current, dataDir);
			}
			rmSync(file, { force: true });
		}
	}
	throw new Error(`não foi possível criar ${file}`);
}
