import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database";
import { createIngestService } from "../../ingest/ingest-service";
import { FilesystemStorage } from "../../storage/filesystem-storage";
import { createTestDatabase } from "../../test/test-database";
import { runImportCommand } from "./import";

let handle: DatabaseHandle;
let storage: FilesystemStorage;
let dir: string;

function gpx(points: number): string {
	const rows = Array.from({ length: points }, (_, i) => {
		const time = new Date(Date.parse("2025-05-02T09:00:00Z") + i * 1000).toISOString();
		return `<trkpt lat="${(-23.5 + i * 1e-4).toFixed(7)}" lon="-46.6"><time>${time}</time></trkpt>`;
	});
	return `<?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Kartódromo</name><trkseg>${rows.join("")}</trkseg></trk></gpx>`;
}

beforeAll(async () => {
	handle = await createTestDatabase();
	dir = await mkdtemp(join(tmpdir(), "lapsix-import-files-"));
	storage = new FilesystemStorage(join(dir, "objects"));
	await handle.db.insertInto("users").values({ email: "piloto@example.com" }).execute();
	await writeFile(join(dir, "volta.gpx"), gpx(40));
	await writeFile(join(dir, "lixo.txt"), "nada aqui\n");
}, 120_000);
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
	const ingest = createIngestService({ db: handle.db, storage });
	const code = await runImportCommand(args, { ingest, db: handle.db, storage }, io);
	return { code, stdout, stderr };
}

describe("lapsix import --rider", () => {
	it("stores each readable file as the rider's session and says why the others failed", async () => {
		const result = await run(
			"--rider",
			"Piloto@Example.com",
			join(dir, "volta.gpx"),
			join(dir, "lixo.txt"),
		);
		expect(result.code).toBe(1);
		expect(result.stdout).toMatch(
			/^volta\.gpx: sessão [0-9a-f-]{36} — Kartódromo, 2025-05-02, gpx \(x\), 0 voltas \(sem voltas cronometradas\)/m,
		);
		expect(result.stderr).toMatch(/^lixo\.txt: formato não reconhecido/m);
		const sessions = await handle.db
			.selectFrom("sessions")
			.innerJoin("users", "users.id", "sessions.rider_id")
			.select(["users.email", "sessions.source_format", "sessions.hardware_id"])
			.execute();
		expect(sessions).toEqual([
			{ email: "piloto@example.com", source_format: "gpx", hardware_id: null },
		]);
	});

	it("says a file imported before was imported, and stores nothing new", async () => {
		const result = await run("--rider", "piloto@example.com", join(dir, "volta.gpx"));
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/volta\.gpx: já importado/);
		expect(await handle.db.selectFrom("sessions").select("id").execute()).toHaveLength(1);
	});

	it("refuses an unknown rider, a missing file and missing arguments", async () => {
		expect((await run("--rider", "ninguem@example.com", join(dir, "volta.gpx"))).code).toBe(1);
		const missing = await run("--rider", "piloto@example.com", join(dir, "nao-existe.gpx"));
		expect(missing.code).toBe(1);
		expect(missing.stderr).toMatch(/não foi possível ler/);
		expect((await run("--rider", "piloto@example.com")).code).toBe(2);
	});
});
