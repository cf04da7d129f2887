import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database";
import { createIngestService, type IngestService } from "../../ingest/ingest-service";
import { FilesystemStorage } from "../../storage/filesystem-storage";
import { createHardware, simulatedFiles } from "../../test/ingest-test-support";
import { createTestDatabase } from "../../test/test-database";
import { runImportCommand } from "./import";

let handle: DatabaseHandle;
let ingest: IngestService;
let dir: string;
const files = simulatedFiles(31, 3);

beforeAll(async () => {
	handle = await createTestDatabase();
	dir = await mkdtemp(join(tmpdir(), "lapsix-import-"));
	ingest = createIngestService({
		db: handle.db,
		storage: new FilesystemStorage(join(dir, "objects")),
	});
	await createHardware(handle.db, "A7F3", null);
	await writeFile(join(dir, "lap.six"), files.lapSix);
	await writeFile(join(dir, "gps.six"), files.gpsSix);
	await writeFile(join(dir, "broken.six"), "nada|aqui\n");
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
	};
	const code = await runImportCommand(args, { ingest, db: handle.db }, io);
	return { code, stdout, stderr };
}

const base = ["--hardware", "A7F3", "--track", "Interlagos", "--date", "01022025"];

describe("lapsix import", () => {
	it("imports both files through the ingest and prints a summary", async () => {
		const result = await run(...base, join(dir, "lap.six"), join(dir, "gps.six"));
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(
			/^lap\.six: \d+ bytes\ngps\.six: \d+ bytes\nSessão [0-9a-f-]{36}: processada, versão 2, 3 voltas \(3 com trajeto\), \d+ linhas no relatório\.\n$/,
		);
		const again = await run(...base, join(dir, "gps.six"), join(dir, "lap.six"));
		expect(again.stdout).toContain("gps.six: ");
		expect(again.stdout).toContain("(sem alteração)");
		expect(again.stdout).toContain("versão 2, 3 voltas");
	});

	it("says why a file could not be read and keeps the previous version", async () => {
		const result = await run(...base, join(dir, "broken.six"));
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("processada, versão 2, 3 voltas");
		expect(result.stdout).toMatch(/Atenção: Não foi possível ler lap\.six: nenhuma linha válida/);
	});

	it("refuses an unknown logger, bad arguments and missing files", async () => {
		const unknown = await run(
			"--hardware",
			"NOPE",
			"--track",
			"X",
			"--date",
			"01022025",
			join(dir, "lap.six"),
		);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain('logger "NOPE" não cadastrado');
		expect((await run("--track", "X", join(dir, "lap.six"))).code).toBe(2);
		const badDate = await run(
			"--hardware",
			"A7F3",
			"--track",
			"X",
			"--date",
			"31022025",
			join(dir, "lap.six"),
		);
		expect(badDate).toMatchObject({ code: 2, stderr: expect.stringContaining("Data inválida") });
		const missing = await run(...base, join(dir, "absent", "lap.six"));
		expect(missing).toMatchObject({
			code: 1,
			stderr: expect.stringContaining("não foi possível ler"),
		});
		expect((await run(...base, join(dir, "lap.six"), join(dir, "lap.six"))).code).toBe(2);
	});
});
