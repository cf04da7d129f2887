import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";
import { loadModule, parseSync } from "libpg-query";
import type { Database } from "./schema";

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");
// Any constant works; it only has to be the same for every instance sharing the database.
const MIGRATION_LOCK_ID = 0x6c617073;
const parserReady = loadModule();

export interface Migration {
	name: string;
	sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
	return readdirSync(dir)
		.filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
		.sort()
		.map((file) => ({
			name: file.replace(/\.sql$/, ""),
			sql: readFileSync(join(dir, file), "utf8"),
		}));
}

/**
 * Applies pending migrations in order, each in its own transaction, under an advisory lock so
 * several instances starting at once apply each migration exactly once. Returns the names applied.
 */
export async function migrate(
	db: Kysely<Database>,
	migrations: Migration[] = readMigrations(),
): Promise<string[]> {
	await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
		name text PRIMARY KEY,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`.execute(db);
	const applied: string[] = [];
	for (const migration of migrations) {
		const done = await db.transaction().execute(async (trx) => {
			await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
			const existing = await sql<{ name: string }>`
				SELECT name FROM schema_migrations WHERE name = ${migration.name}`.execute(trx);
			if (existing.rows.length > 0) return false;
			for (const statement of await splitSqlStatements(migration.sql)) {
				await sql.raw(statement).execute(trx);
			}
			await sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`.execute(trx);
			return true;
		});
		if (done) applied.push(migration.name);
	}
	return applied;
}

/**
 * Splits a migration into statements (both drivers run one statement per extended-protocol
 * query) with PostgreSQL's own parser (libpg_query): quotes, `E''` escapes, comments, nested
 * and tagged dollar quotes (`$a1$ ... $a1$`) are read exactly as the server reads them, and a
 * migration with a syntax error is refused before any of it runs.
 */
export async function splitSqlStatements(text: string): Promise<string[]> {
	await parserReady;
	const bytes = Buffer.from(text, "utf8");
	const { stmts = [] } = parseSync(text) as {
		stmts?: { stmt_location?: number; stmt_len?: number }[];
	};
	// Locations are byte offsets into the UTF-8 text; a length of 0 means "to the end".
	return stmts
		.map(({ stmt_location: start = 0, stmt_len: length = 0 }) =>
			bytes.subarray(start, length === 0 ? bytes.length : start + length).toString("utf8"),
		)
		.map((statement) => stripLeadingComments(statement).trim())
		.filter((statement) => statement !== "");
}

/** A statement's location starts right after the previous `;`: drop the comments before it. */
function stripLeadingComments(statement: string): string {
	let rest = statement;
	for (;;) {
		const trimmed = rest.trimStart();
		if (trimmed.startsWith("--")) {
			const end = trimmed.indexOf("\n");
			rest = end === -1 ? "" : trimmed.slice(end + 1);
		} else if (trimmed.startsWith("/*")) {
			const end = trimmed.indexOf("*/");
			rest = end === -1 ? "" : trimmed.slice(end + 2);
		} else {
			return trimmed;
		}
	}
}
