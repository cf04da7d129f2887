import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database";
import type { DatabaseHandle } from "./database";
import { migrate, readMigrations, splitSqlStatements } from "./migrate";

describe("splitSqlStatements", () => {
	it("splits at semicolons outside quotes, comments and dollar quotes", async () => {
		const text = `-- a; comment
CREATE TABLE a (x text DEFAULT 'a;b'); /* b; */ SELECT "we;ird" FROM a;
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;`;
		expect(await splitSqlStatements(text)).toEqual([
			"CREATE TABLE a (x text DEFAULT 'a;b')",
			'SELECT "we;ird" FROM a',
			"CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql",
		]);
	});

	it("reads tagged dollar quotes with digits, nested ones, E'' escapes and non-ASCII text", async () => {
		const text = `CREATE FUNCTION f() RETURNS text AS $a1$ SELECT $b$;$b$; $a1$ LANGUAGE sql;
SELECT E'it\\'s; here';
-- comentário; com ponto e vírgula
CREATE TABLE "pista; são" (nome text DEFAULT 'ação;');
SELECT 1`;
		expect(await splitSqlStatements(text)).toEqual([
			"CREATE FUNCTION f() RETURNS text AS $a1$ SELECT $b$;$b$; $a1$ LANGUAGE sql",
			"SELECT E'it\\'s; here'",
			`CREATE TABLE "pista; são" (nome text DEFAULT 'ação;')`,
			"SELECT 1",
		]);
	});

	it("refuses a migration with a syntax error", async () => {
		await expect(splitSqlStatements("CREATE TABLE ok (x int); CREATE TABLE (;")).rejects.toThrow(
			/syntax error/,
		);
	});
});

describe("migrate", () => {
	let handle: DatabaseHandle;
	beforeAll(async () => {
		handle = await createTestDatabase();
	});
	afterAll(() => handle.close());

	it("has applied every migration and applies nothing twice", async () => {
		expect(await migrate(handle.db)).toEqual([]);
		const rows = await sql<{
			name: string;
		}>`SELECT name FROM schema_migrations ORDER BY name`.execute(handle.db);
		expect(rows.rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));
	});

	it("creates the tables of the data model", async () => {
		const rows = await sql<{ table_name: string }>`
			SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(
			handle.db,
		);
		expect(rows.rows.map((r) => r.table_name)).toEqual(
			expect.arrayContaining([
				"audit_log",
				"auth_sessions",
				"hardware",
				"laps",
				"sessions",
				"users",
			]),
		);
	});

	it("enforces lower-case unique e-mails and valid hardware ids", async () => {
		await handle.db.insertInto("users").values({ email: "ana@example.com" }).execute();
		await expect(
			handle.db.insertInto("users").values({ email: "ana@example.com" }).execute(),
		).rejects.toThrow();
		await expect(
			handle.db.insertInto("users").values({ email: "Ana@Example.com" }).execute(),
		).rejects.toThrow();
		await expect(
			handle.db.insertInto("hardware").values({ id: "bad/id" }).execute(),
		).rejects.toThrow();
		await handle.db.insertInto("hardware").values({ id: "A7F3_1" }).execute();
	});

	it("keeps one session per logger, track and date", async () => {
		await handle.db.insertInto("hardware").values({ id: "H1" }).execute();
		const row = { hardware_id: "H1", track: "Interlagos", date: "2025-03-01" };
		await handle.db.insertInto("sessions").values(row).execute();
		await expect(handle.db.insertInto("sessions").values(row).execute()).rejects.toThrow();
		const back = await handle.db.selectFrom("sessions").select("date").executeTakeFirstOrThrow();
		expect(back.date).toBe("2025-03-01");
	});
});
