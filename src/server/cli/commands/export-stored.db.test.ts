import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database";
import { createIngestService } from "../../ingest/ingest-service";
import { FilesystemStorage } from "../../storage/filesystem-storage";
import { createHardware, fileInput, simulatedFiles } from "../../test/ingest-test-support";
import { createTestDatabase } from "../../test/test-database";
import { runExportCommand } from "./export";
import { storedSessionLoader, wantsStoredSession } from "./export-stored";

let handle: DatabaseHandle;
let dir: string;
let sessionId = "";
const files = simulatedFiles(91, 3);
const key = { hardwareId: "HW-CLI-EXP", track: "Interlagos", date: "09042025" };

beforeAll(async () => {
	handle = await createTestDatabase();
	dir = await mkdtemp(join(tmpdir(), "lapsix-export-stored-"));
	const ingest = createIngestService({
		db: handle.db,
		storage: new FilesystemStorage(join(dir, "objects")),
	});
	await createHardware(handle.db, key.hardwareId, null);
	await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
	sessionId = (await ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix))).session.id;
}, 180_000);
afterAll(async () => {
	await handle?.close();
	await rm(dir, { recursive: true, force: true });
});

async function run(...args: string[]) {
	let stdout = "";
	let stderr = "";
	const io = {
		stdout: { write: (text: string) => (stdout += text) },
		stderr: { write: (text: string) => (stderr += text) },
		stdin: Readable.from([]),
		cwd: dir,
	};
	const code = await runExportCommand(args, io, { stored: storedSessionLoader(handle.db) });
	return { code, stdout, stderr };
}

describe("lapsix export --session", () => {
	it("writes a stored session under a name that says what is inside", async () => {
		const result = await run("--to", "gpx", "--session", sessionId);
		expect(result.stderr).toMatch(
			/^Exportado: .*lapsix_interlagos_2025-04-09\.gpx \(3 volta\(s\)\)\n$/,
		);
		expect(result.code).toBe(0);
		const gpx = await readFile(join(dir, "lapsix_interlagos_2025-04-09.gpx"), "utf8");
		expect(gpx.split("<trkseg>")).toHaveLength(4);
		// The session's date and the laps' time of day, as stored.
		expect(gpx).toMatch(/<time>2025-04-09T\d\d:\d\d:\d\d\.\d{3}Z<\/time>/);
	});

	it("exports one lap to --out, or to standard output", async () => {
		const out = join(dir, "volta2.vbo");
		const one = await run("--to", "vbo", "--lap", "2", "--out", out, `--session=${sessionId}`);
		expect(one.code).toBe(0);
		const vbo = await readFile(out, "utf8");
		expect(vbo).toContain("[laptiming]");
		const piped = await run("--to", "csv", "--lap", "1", "--out", "-", "--session", sessionId);
		expect(piped.code).toBe(0);
		const rows = piped.stdout.trim().split("\r\n");
		expect(rows[0]).toMatch(/^pista,volta,hora_utc,/);
		expect(rows.slice(1).every((row) => row.split(",")[1] === "1")).toBe(true);
	});

	it("says what is wrong: unknown session, bad id, absent lap, files and --session together", async () => {
		const absent = await run("--to", "gpx", "--session", "00000000-0000-4000-8000-000000000000");
		expect(absent.code).toBe(1);
		expect(absent.stderr).toContain("não encontrada");
		const badId = await run("--to", "gpx", "--session", "abc");
		expect(badId.code).toBe(2);
		expect(badId.stderr).toContain("identificador da sessão");
		const lap = await run("--to", "kml", "--lap", "9", "--session", sessionId);
		expect(lap.code).toBe(1);
		expect(lap.stderr).toContain("volta 9");
		const both = await run("--to", "gpx", "--session", sessionId, "gps.six");
		expect(both.code).toBe(2);
		const names = await readdir(dir);
		expect(names.some((name) => name.includes(".parcial-"))).toBe(false);
	});

	it("opens the database only when --session is given", () => {
		expect(wantsStoredSession(["--to", "gpx", "a.vbo"])).toBe(false);
		expect(wantsStoredSession(["--to", "gpx", "--session", "x"])).toBe(true);
		expect(wantsStoredSession(["--session=x"])).toBe(true);
	});
});
