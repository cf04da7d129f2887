import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError } from "./data-dir-lock";

describe("acquireDataDirLock", () => {
	it("refuses a second holder while the first one is alive, naming it", () => {
		const dir = mkdtempSync(join(tmpdir(), "lapsix-lock-"));
		const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
		try {
			writeFileSync(
				join(dir, "lapsix.lock"),
				JSON.stringify({
					pid: child.pid,
					role: "server",
					url: "http://localhost:3000",
					startedAt: "x",
				}),
			);
			expect(() => acquireDataDirLock(dir, { role: "cli" })).toThrow(DataDirBusyError);
			expect(() => acquireDataDirLock(dir, { role: "cli" })).toThrow(
				/pelo servidor lapsix \(pid \d+, http:\/\/localhost:3000\)/,
			);
		} finally {
			child.kill("SIGKILL");
		}
	});

	it("takes over a lock left by a dead process and releases it", () => {
		const dir = mkdtempSync(join(tmpdir(), "lapsix-lock-"));
		writeFileSync(
			join(dir, "lapsix.lock"),
			JSON.stringify({ pid: 2 ** 22 + 12345, role: "server", startedAt: "x" }),
		);
		const lock = acquireDataDirLock(dir, { role: "server" });
		// No temp file or takeover marker is left beside the lock.
		expect(readdirSync(dir)).toEqual(["lapsix.lock"]);
		expect(JSON.parse(readFileSync(join(dir, "lapsix.lock"), "utf8")).pid).toBe(process.pid);
		lock.release();
		expect(readdirSync(dir)).toEqual([]);
		const again = acquireDataDirLock(dir, { role: "cli" });
		again.release();
	});
});
