import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema";

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");
// Any constant works; it only has to be the same for every instance sharing the database.
const MIGRATION_LOCK_ID = 0x6c617073;

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
			for (const statement of splitSqlStatements(migration.sql)) {
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
 * Splits a migration into statements (both drivers run one statement per query) at `;` outside
 * quotes, comments and dollar-quoted bodies.
 */
export function splitSqlStatements(text: string): string[] {
	const statements: string[] = [];
	let current = "";
	let i = 0;
	while (i < text.length) {
		const ch = text[i] as string;
		const next = text[i + 1];
		if (ch === "-" && next === "-") {
			const end = text.indexOf("\n", i);
			i = end === -1 ? text.length : end + 1;
			current += "\n";
			continue;
		}
		if (ch === "/" && next === "*") {
			const end = text.indexOf("*/", i + 2);
			i = end === -1 ? text.length : end + 2;
			current += " ";
			continue;
		}
		if (ch === "'" || ch === '"') {
			let j = i + 1;
			while (j < text.length) {
				if (text[j] === ch && text[j + 1] === ch) j += 2;
				else if (text[j] === ch) break;
				else j += 1;
			}
			current += text.slice(i, j + 1);
			i = j + 1;
			continue;
		}
		if (ch === "$") {
			const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i));
			if (tag) {
				const end = text.indexOf(tag[0], i + tag[0].length);
				const stop = end === -1 ? text.length : end + tag[0].length;
				current += text.slice(i, stop);
				i = stop;
				continue;
			}
		}
		if (ch === ";") {
			if (current.trim()) statements.push(current.trim());
			current = "";
			i += 1;
			continue;
		}
		current += ch;
		i += 1;
	}
	if (current.trim()) statements.push(current.trim());
	return statements;
}
