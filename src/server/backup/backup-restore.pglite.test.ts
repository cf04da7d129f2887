import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/database";
import { type Migration, migrate, readMigrations } from "../db/migrate";
import { FilesystemStorage } from "../storage/filesystem-storage";
import { createEmptyPostgresDatabase } from "../test/backup-test-support";
import { BackupError } from "./archive";
import { writeBackup } from "./backup";
import { restoreBackup } from "./restore";

/**
 * Backup and restore are generic over the schema: a table added by a later migration, with
 * every awkward type, travels without code changes; and every way an archive can be wrong is
 * refused with the database left empty.
 */

const KEY = Buffer.alloc(32, 7);
const EXTRA: Migration = {
	name: "9000_extra_types",
	sql: `
		CREATE TABLE extra_kinds (code text PRIMARY KEY);
		CREATE TABLE extra_things (
			id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
			kind text NOT NULL REFERENCES extra_kinds (code),
			parent_id bigint REFERENCES extra_things (id),
			owner_id uuid REFERENCES users (id),
			blob bytea,
			doc jsonb,
			at timestamptz,
			day date,
			amount numeric(30, 10),
			ratio real,
			tags text[],
			span interval,
			note text,
			doubled integer GENERATED ALWAYS AS (length(note) * 2) STORED
		);`,
};
const MIGRATIONS = [...readMigrations(), EXTRA];

let work: string;
let counter = 0;

beforeAll(async () => {
	work = await mkdtemp(join(tmpdir(), "lapsix-backup-"));
});
afterAll(async () => {
	await rm(work, { recursive: true, force: true });
});

async function install(migrations: readonly Migration[] = MIGRATIONS) {
	counter += 1;
	const database = await openPglite(undefined);
	await migrate(database.db, [...migrations]);
	const storage = new FilesystemStorage(join(work, `objects-${counter}`));
	return { database, storage, migrations };
}

type Install = Awaited<ReturnType<typeof install>>;

async function backup(source: Install, name = `b${++counter}.backup`) {
	const file = join(work, name);
	await writeBackup(
		{
			db: source.database.db,
			storage: source.storage,
			migrations: source.migrations.map((m) => m.name),
			secretKey: KEY,
			source: { database: "pglite", storage: "filesystem" },
		},
		file,
	);
	return file;
}

function restore(target: Install, file: string, migrations = target.migrations) {
	return restoreBackup(
		{ db: target.database.db, storage: target.storage, migrations, secretKey: KEY },
		file,
	);
}

async function rowsOf(database: DatabaseHandle, table: string): Promise<string[]> {
	const result = await sql<{ r: string }>`
		SELECT t::text AS r FROM ${sql.table(table)} t ORDER BY 1`.execute(database.db);
	return result.rows.map((row) => row.r);
}

async function countAll(database: DatabaseHandle): Promise<number> {
	const result = await sql<{ n: string }>`
		SELECT ((SELECT count(*) FROM users) + (SELECT count(*) FROM extra_things)
			+ (SELECT count(*) FROM hardware))::text AS n`.execute(database.db);
	return Number(result.rows[0]?.n);
}

async function seedAwkwardRows(source: Install) {
	const db = source.database.db;
	await sql`INSERT INTO users (email, wifi_ssid) VALUES ('a@x.example', 'Box "A"'),
		('b@x.example', E'linha\\nnova')`.execute(db);
	await sql`UPDATE users SET seller_id = (SELECT id FROM users WHERE email = 'a@x.example')
		WHERE email = 'b@x.example'`.execute(db);
	await sql`INSERT INTO hardware (id, owner_id) SELECT 'H1', id FROM users WHERE email = 'b@x.example'`.execute(
		db,
	);
	await sql`UPDATE users SET hardware_id = 'H1' WHERE email = 'b@x.example'`.execute(db);
	await sql`INSERT INTO extra_kinds VALUES ('k1'), ('k2')`.execute(db);
	await sql`INSERT INTO extra_things (kind, blob, doc, at, day, amount, ratio, tags, span, note, owner_id)
		VALUES
		('k1', '\\x00ff0a0d5c22'::bytea, '{"a": [1, 2.5, null, "x\\"y"], "b": {"c": true}}',
			'2024-02-29 23:59:59.123456+00', '2024-02-29', 12345678901234567890.0123456789,
			0.1, ARRAY['um', 'dois "2"', NULL, 'três,3'], '1 day 02:03:04.5', 'nota',
			(SELECT id FROM users WHERE email = 'a@x.example')),
		('k2', '', '"just a string"', '1999-12-31 22:00:00-03', '0001-01-01', -0.5, -3.4e38,
			'{}', '-1 mon', NULL, NULL),
		('k2', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '', NULL),
		('k1', NULL, 'null', NULL, NULL, NULL, NULL, NULL, NULL, 'JSON null', NULL),
		('k1', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'SQL NULL', NULL)`.execute(db);
	// A row pointing at a later row of its own table.
	await sql`UPDATE extra_things SET parent_id = (SELECT id FROM extra_things WHERE amount = -0.5)
		WHERE id = (SELECT min(id) FROM extra_things)`.execute(db);
	await sql`DELETE FROM extra_things WHERE note = ''`.execute(db);
	await source.storage.put("1/Pista/01022024/lap.six", Buffer.from("lap\n"), {
		contentType: "text/plain",
	});
	const big = Buffer.alloc(2_500_000);
	for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
	await source.storage.put("big/file.bin", big);
	await source.storage.put("empty", Buffer.alloc(0));
}

// Each test opens one or two embedded databases: slow on a busy machine.
describe("backup and restore of any table", { timeout: 120_000 }, () => {
	let source: Install;
	let file: string;
	/** Every refused restore goes here, and must leave it empty for the next one. */
	let empty: Install;

	beforeAll(async () => {
		source = await install();
		empty = await install();
		await seedAwkwardRows(source);
		file = await backup(source);
	}, 120_000);
	afterAll(async () => {
		await source?.database.close();
		await empty?.database.close();
	});

	it("restores every column of every table exactly, and the objects with their digests", async () => {
		const target = await install();
		try {
			const summary = await restore(target, file);
			expect(summary).toMatchObject({ objects: 3, objectBytes: 2_500_004 });
			for (const table of ["users", "hardware", "extra_kinds", "extra_things"]) {
				expect(await rowsOf(target.database, table)).toEqual(await rowsOf(source.database, table));
			}
			const big = await target.storage.get("big/file.bin");
			expect(
				Buffer.from(big ?? []).equals(
					Buffer.from((await source.storage.get("big/file.bin")) ?? []),
				),
			).toBe(true);
			expect((await target.storage.head("1/Pista/01022024/lap.six"))?.contentType).toBe(
				"text/plain",
			);
			expect((await target.storage.head("empty"))?.size).toBe(0);
			// The identity sequence goes on from where the source was (a deleted row's id included).
			const next = await sql<{ id: string }>`
				INSERT INTO extra_things (kind) VALUES ('k1') RETURNING id::text AS id`.execute(
				target.database.db,
			);
			const sourceNext = await sql<{ id: string }>`
				INSERT INTO extra_things (kind) VALUES ('k1') RETURNING id::text AS id`.execute(
				source.database.db,
			);
			expect(next.rows[0]?.id).toBe(sourceNext.rows[0]?.id);
			await sql`DELETE FROM extra_things WHERE id = ${sourceNext.rows[0]?.id}::bigint`.execute(
				source.database.db,
			);
		} finally {
			await target.database.close();
		}
	});

	it("refuses a database that is not empty", async () => {
		await sql`INSERT INTO extra_kinds VALUES ('mine')`.execute(empty.database.db);
		try {
			await expect(restore(empty, file)).rejects.toThrow(
				/não está vazio \(tabelas com dados: extra_kinds\)/,
			);
		} finally {
			await sql`DELETE FROM extra_kinds`.execute(empty.database.db);
		}
	});

	it("refuses an archive of a newer schema than the code knows", async () => {
		await expect(restore(empty, file, readMigrations())).rejects.toThrow(
			/esquema mais novo \(migração 9000_extra_types desconhecida\)/,
		);
	});

	it("refuses an archive made with another secret key", async () => {
		await expect(
			restoreBackup(
				{
					db: empty.database.db,
					storage: empty.storage,
					migrations: MIGRATIONS,
					secretKey: Buffer.alloc(32, 8),
				},
				file,
			),
		).rejects.toThrow(/SECRET_KEY/);
	});

	async function tampered(edit: (lines: string[]) => string[], compress = true) {
		const lines = gunzipSync(await readFile(file))
			.toString("utf8")
			.split("\n");
		const out = Buffer.from(edit(lines).join("\n"), "utf8");
		const name = join(work, `tampered-${++counter}.backup`);
		await writeFile(name, compress ? gzipSync(out) : out);
		return name;
	}

	async function expectRefusedAndEmpty(archive: string, reason: RegExp) {
		const error = await restore(empty, archive).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(BackupError);
		expect((error as Error).message).toMatch(reason);
		expect(await countAll(empty.database)).toBe(0);
	}

	it("refuses an object whose bytes do not match its SHA-256, and keeps the database empty", async () => {
		const archive = await tampered((lines) =>
			lines.map((line) =>
				line === `{"c":"${Buffer.from("lap\n").toString("base64")}"}`
					? `{"c":"${Buffer.from("pal\n").toString("base64")}"}`
					: line,
			),
		);
		await expectRefusedAndEmpty(archive, /o objeto 1\/Pista\/01022024\/lap.six não confere/);
		expect(await empty.storage.head("1/Pista/01022024/lap.six")).toBeNull();
	});

	it("refuses a truncated archive, naming the line", async () => {
		await expectRefusedAndEmpty(
			await tampered((lines) => lines.slice(0, -2).concat("")),
			/arquivo truncado: termina na linha \d+ sem o registro final/,
		);
		const cut = (await readFile(file)).subarray(0, 2000);
		const name = join(work, "cut.backup");
		await writeFile(name, cut);
		await expectRefusedAndEmpty(name, /não é um backup lapsix íntegro \(gzip/);
	});

	it("refuses a row count that does not match, and a row the target cannot take", async () => {
		await expectRefusedAndEmpty(
			await tampered((lines) =>
				lines.map((line) =>
					line.startsWith('{"tableEnd":{"name":"users"')
						? line.replace(/"rows":\d+/, '"rows":9')
						: line,
				),
			),
			/a tabela users deveria ter 9 linhas, o arquivo tem 2/,
		);
		await expectRefusedAndEmpty(
			await tampered((lines) =>
				lines.map((line) =>
					line.includes('"a@x.example"') ? line.replace('"a@x.example"', '"A@X"') : line,
				),
			),
			/linha \d+: tabela users: .*check constraint/,
		);
	});

	it("refuses what is not an archive", async () => {
		const name = join(work, "not-an-archive");
		await writeFile(name, gzipSync(Buffer.from('{"hello":1}\n')));
		await expectRefusedAndEmpty(name, /não é um backup lapsix \(cabeçalho inválido na linha 1\)/);
		await expectRefusedAndEmpty(
			await tampered((lines) => [
				lines[0]?.replace('"version":1', '"version":2') ?? "",
				...lines.slice(1),
			]),
			/formato 2, mais novo que este lapsix/,
		);
	});

	it("says so when the archive is missing or cannot be created", async () => {
		await expectRefusedAndEmpty(join(work, "missing.backup"), /arquivo não encontrado/);
		await expect(backup(source, "no/such/dir/x.backup")).rejects.toThrow(
			/não foi possível criar .*x\.backup\.partial/,
		);
	});

	it("never overwrites an existing file", async () => {
		await expect(backup(source, file.split("/").pop())).rejects.toThrow(/já existe/);
	});
});

describe("restoring an archive of an older version", { timeout: 120_000 }, () => {
	const older = readMigrations().slice(0, 2);
	let source: Install;
	let file: string;

	beforeAll(async () => {
		source = await install(older);
		await sql`INSERT INTO users (email) VALUES ('old@x.example')`.execute(source.database.db);
		file = await backup(source);
	}, 120_000);
	afterAll(() => source?.database.close());

	it("loads it at its own version, then applies the newer migrations", async () => {
		const target = await install([]);
		try {
			const summary = await restore(target, file, readMigrations());
			expect(summary.migrationsApplied).toEqual(
				readMigrations()
					.slice(2)
					.map((m) => m.name),
			);
			expect(await rowsOf(target.database, "users")).toEqual(
				await rowsOf(source.database, "users"),
			);
		} finally {
			await target.database.close();
		}
	});

	it("refuses a target already migrated past the archive", async () => {
		const target = await install(readMigrations());
		try {
			await expect(restore(target, file, readMigrations())).rejects.toThrow(
				/o banco de destino já tem a migração 0003_session_ingest_pending/,
			);
		} finally {
			await target.database.close();
		}
	});
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)(
	"between engines (needs TEST_DATABASE_URL)",
	{ timeout: 120_000 },
	() => {
		it("backs up PostgreSQL and restores it into the embedded database, every row the same", async () => {
			const database = await createEmptyPostgresDatabase(postgresUrl as string);
			const handle = await openPostgres(database.url);
			const target = await install();
			try {
				await migrate(handle.db, MIGRATIONS);
				const source: Install = {
					database: handle,
					storage: new FilesystemStorage(join(work, `objects-pg-${++counter}`)),
					migrations: MIGRATIONS,
				};
				await seedAwkwardRows(source);
				const file = await backup(source);
				await restore(target, file);
				for (const table of ["users", "hardware", "extra_kinds", "extra_things"]) {
					expect(await rowsOf(target.database, table)).toEqual(await rowsOf(handle, table));
				}
			} finally {
				await handle.close();
				await database.drop();
				await target.database.close();
			}
		});
	},
);
