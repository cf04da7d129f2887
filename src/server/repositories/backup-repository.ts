import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

/**
 * The SQL of backup and restore: generic over the schema. Tables, columns, keys and sequences
 * are read from the catalog of the current schema, so a table added by a later migration is
 * backed up and restored without code changes. Rows travel as PostgreSQL's own JSON
 * (`to_jsonb`: timestamps ISO 8601, jsonb as JSON, numbers exact) except bytea, sent as base64;
 * a restore converts them back with the target's own column types.
 */

type Db = Kysely<Database>;

export interface CatalogColumn {
	name: string;
	/** As `format_type` writes it: `uuid`, `timestamp with time zone`, `text[]`... */
	type: string;
	bytea: boolean;
	/** json or jsonb: archived wrapped in a one-element array, so JSON null stays apart from NULL. */
	json: boolean;
	notNull: boolean;
}

export interface CatalogTable {
	name: string;
	columns: CatalogColumn[];
	primaryKey: string[];
}

export interface CatalogForeignKey {
	table: string;
	columns: string[];
	references: string;
}

/** The table of applied migrations is the migrator's: it is never copied as data. */
const MIGRATIONS_TABLE = "schema_migrations";

export function quoteIdent(name: string): string {
	return `"${name.replaceAll('"', '""')}"`;
}

export async function listTables(db: Db): Promise<CatalogTable[]> {
	const result = await sql<{
		name: string;
		columns: CatalogColumn[] | null;
		primary_key: string[] | null;
	}>`
		SELECT c.relname AS name,
			(SELECT json_agg(json_build_object(
					'name', a.attname,
					'type', format_type(a.atttypid, a.atttypmod),
					'bytea', a.atttypid = 'bytea'::regtype,
					'json', a.atttypid IN ('json'::regtype, 'jsonb'::regtype),
					'notNull', a.attnotnull) ORDER BY a.attnum)
				FROM pg_attribute a
				WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
					AND a.attgenerated = '') AS columns,
			(SELECT json_agg(a.attname ORDER BY k.ord)
				FROM pg_index i
				CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
				JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
				WHERE i.indrelid = c.oid AND i.indisprimary) AS primary_key
		FROM pg_class c
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
			AND c.relname <> ${MIGRATIONS_TABLE}
		ORDER BY c.relname`.execute(db);
	return result.rows.map((row) => ({
		name: row.name,
		columns: row.columns ?? [],
		primaryKey: row.primary_key ?? [],
	}));
}

export async function listForeignKeys(db: Db): Promise<CatalogForeignKey[]> {
	const result = await sql<{ table: string; references: string; columns: string[] }>`
		SELECT src.relname AS table, dst.relname AS references,
			(SELECT json_agg(a.attname ORDER BY k.ord)
				FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
				JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns
		FROM pg_constraint con
		JOIN pg_class src ON src.oid = con.conrelid
		JOIN pg_class dst ON dst.oid = con.confrelid
		JOIN pg_namespace n ON n.oid = src.relnamespace
		WHERE con.contype = 'f' AND n.nspname = current_schema()
		ORDER BY src.relname, con.conname`.execute(db);
	return result.rows;
}

export async function listSequences(
	db: Db,
): Promise<Array<{ name: string; value: string | null }>> {
	const result = await sql<{ name: string; value: string | null }>`
		SELECT sequencename AS name, last_value::text AS value
		FROM pg_sequences WHERE schemaname = current_schema()
		ORDER BY sequencename`.execute(db);
	return result.rows;
}

/** Names of the applied migrations; none when the database was never migrated. */
export async function listAppliedMigrations(db: Db): Promise<string[]> {
	const exists = await sql<{ present: boolean }>`
		SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS present`.execute(db);
	if (!exists.rows[0]?.present) return [];
	const result = await sql<{ name: string }>`
		SELECT name FROM schema_migrations ORDER BY name`.execute(db);
	return result.rows.map((row) => row.name);
}

/**
 * Starts the backup's snapshot: every read of the transaction sees the database as of its first
 * query. UTC and shortest exact floats make the JSON the same whatever the server's settings.
 */
export async function beginSnapshot(trx: Db): Promise<void> {
	await sql`SET TRANSACTION READ ONLY`.execute(trx);
	await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
	await sql`SET LOCAL extra_float_digits = 1`.execute(trx);
	await sql`SET LOCAL IntervalStyle = 'iso_8601'`.execute(trx);
}

/**
 * A row as one JSON object: bytea columns as base64 (without line breaks), json and jsonb
 * columns as `[value]` (`to_jsonb` writes JSON null and SQL NULL alike as null).
 */
function rowJson(alias: string, columns: readonly CatalogColumn[], only?: readonly string[]) {
	const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;
	const encoded = (column: CatalogColumn) => {
		const ref = `${alias}.${quoteIdent(column.name)}`;
		if (column.bytea) return `translate(encode(${ref}, 'base64'), E'\\n', '')`;
		if (column.json) return `CASE WHEN ${ref} IS NULL THEN NULL ELSE jsonb_build_array(${ref}) END`;
		return ref;
	};
	if (only) {
		const pairs = columns
			.filter((column) => only.includes(column.name))
			.map((column) => `${literal(column.name)}, ${encoded(column)}`);
		return `jsonb_build_object(${pairs.join(", ")})`;
	}
	// jsonb_build_object takes at most 100 arguments: overrides go in groups of 50 columns.
	const special = columns.filter((column) => column.bytea || column.json);
	let expression = `to_jsonb(${alias})`;
	for (let i = 0; i < special.length; i += 50) {
		const pairs = special
			.slice(i, i + 50)
			.map((column) => `${literal(column.name)}, ${encoded(column)}`);
		expression = `(${expression} || jsonb_build_object(${pairs.join(", ")}))`;
	}
	return expression;
}

/**
 * A cursor over a table's rows as JSON text; with `only`, just those columns of the rows where
 * one of `nonNull` is set (the deferred foreign keys).
 */
export async function declareRowCursor(
	trx: Db,
	cursor: string,
	table: CatalogTable,
	subset?: { only: readonly string[]; nonNull: readonly string[] },
): Promise<void> {
	const where = subset
		? ` WHERE ${subset.nonNull.map((column) => `t.${quoteIdent(column)} IS NOT NULL`).join(" OR ")}`
		: "";
	const order =
		table.primaryKey.length > 0
			? ` ORDER BY ${table.primaryKey.map((column) => `t.${quoteIdent(column)}`).join(", ")}`
			: "";
	await sql
		.raw(
			`DECLARE ${quoteIdent(cursor)} NO SCROLL CURSOR FOR SELECT ${rowJson("t", table.columns, subset?.only)}::text AS r FROM ${quoteIdent(table.name)} t${where}${order}`,
		)
		.execute(trx);
}

export async function fetchRows(trx: Db, cursor: string, count: number): Promise<string[]> {
	const result = await sql<{
		r: string;
	}>`FETCH ${sql.raw(String(count))} FROM ${sql.raw(quoteIdent(cursor))}`.execute(trx);
	return result.rows.map((row) => row.r);
}

export async function closeCursor(trx: Db, cursor: string): Promise<void> {
	await sql.raw(`CLOSE ${quoteIdent(cursor)}`).execute(trx);
}

/** Locks the tables against writers, then names those that hold rows. */
export async function lockAndFindNonEmpty(trx: Db, tables: readonly string[]): Promise<string[]> {
	if (tables.length === 0) return [];
	await sql
		.raw(`LOCK TABLE ${tables.map(quoteIdent).join(", ")} IN SHARE ROW EXCLUSIVE MODE`)
		.execute(trx);
	const nonEmpty: string[] = [];
	for (const table of tables) {
		const result = await sql<{ found: boolean }>`
			SELECT EXISTS (SELECT 1 FROM ${sql.raw(quoteIdent(table))}) AS found`.execute(trx);
		if (result.rows[0]?.found) nonEmpty.push(table);
	}
	return nonEmpty;
}

/** `x."col"` as the target type, undoing the archive's encoding of bytea and json columns. */
function recordColumns(columns: readonly CatalogColumn[]) {
	const definitions = columns.map(
		(column) =>
			`${quoteIdent(column.name)} ${column.bytea ? "text" : column.json ? "jsonb" : column.type}`,
	);
	const value = (column: CatalogColumn) => {
		const ref = `x.${quoteIdent(column.name)}`;
		if (column.bytea) return `decode(${ref}, 'base64')`;
		if (column.json) return `(${ref} -> 0)::${column.type}`;
		return ref;
	};
	return { definitions: definitions.join(", "), value };
}

/**
 * Inserts rows given as a JSON array text; `deferred` columns are inserted NULL. Identity
 * columns keep their values. Returns how many rows were inserted.
 */
export async function insertRows(
	trx: Db,
	table: string,
	columns: readonly CatalogColumn[],
	deferred: readonly string[],
	rowsJson: string,
): Promise<number> {
	const loaded = columns.filter((column) => !deferred.includes(column.name));
	const { definitions, value } = recordColumns(loaded);
	const targets = columns.map((column) => quoteIdent(column.name)).join(", ");
	const values = columns
		.map((column) => (deferred.includes(column.name) ? "NULL" : value(column)))
		.join(", ");
	// Counted by the statement itself: drivers differ in reporting affected rows.
	const result = await sql<{ n: string | number }>`${sql.raw(
		`WITH written AS (INSERT INTO ${quoteIdent(table)} (${targets}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM jsonb_to_recordset(`,
	)}${rowsJson}${sql.raw(`::jsonb) AS x(${definitions}) RETURNING 1) SELECT count(*) AS n FROM written`)}`.execute(
		trx,
	);
	return Number(result.rows[0]?.n ?? 0);
}

/** Sets the deferred columns of rows found by their primary key; returns how many were set. */
export async function setDeferredColumns(
	trx: Db,
	table: string,
	key: readonly CatalogColumn[],
	columns: readonly CatalogColumn[],
	rowsJson: string,
): Promise<number> {
	const { definitions, value } = recordColumns([...key, ...columns]);
	const assignments = columns
		.map((column) => `${quoteIdent(column.name)} = ${value(column)}`)
		.join(", ");
	const match = key
		.map((column) => `t.${quoteIdent(column.name)} = ${value(column)}`)
		.join(" AND ");
	const result = await sql<{ n: string | number }>`${sql.raw(
		`WITH written AS (UPDATE ${quoteIdent(table)} AS t SET ${assignments} FROM jsonb_to_recordset(`,
	)}${rowsJson}${sql.raw(`::jsonb) AS x(${definitions}) WHERE ${match} RETURNING 1) SELECT count(*) AS n FROM written`)}`.execute(
		trx,
	);
	return Number(result.rows[0]?.n ?? 0);
}

export async function setSequence(trx: Db, name: string, value: string): Promise<void> {
	await sql`SELECT setval(${quoteIdent(name)}::regclass, ${value}::bigint, true)`.execute(trx);
}
