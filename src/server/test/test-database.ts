import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { KyselyPGlite } from "kysely-pglite";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/database";
import { migrate, readMigrations } from "../db/migrate";
import type { Database } from "../db/schema";

/**
 * The engine database tests run on: PGlite by default; PostgreSQL when TEST_DB_ENGINE=postgres
 * (the test runner runs the database tests a second time that way when TEST_DATABASE_URL is set).
 */
export function testEngine(): "pglite" | "postgres" {
	return process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";
}

function adminUrl(): string {
	const url = process.env.TEST_DATABASE_URL;
	if (!url) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
	return url;
}

/** A fresh, migrated database for one test file; close() also drops it on PostgreSQL. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
	if (testEngine() === "pglite") {
		const handle = await openPglite(undefined, await migratedTemplate());
		// A no-op on the template; it keeps "migrated" true whatever the template holds.
		await migrate(handle.db);
		return handle;
	}
	const base = new URL(adminUrl());
	const name = `lapsix_test_${randomBytes(6).toString("hex")}`;
	const admin = new pg.Client({ connectionString: base.toString() });
	await admin.connect();
	await admin.query(`CREATE DATABASE ${name}`);
	await admin.end();
	const url = new URL(base.toString());
	url.pathname = `/${name}`;
	const handle = await openPostgres(url.toString());
	await migrate(handle.db);
	return {
		...handle,
		async close() {
			await handle.close();
			const dropper = new pg.Client({ connectionString: base.toString() });
			await dropper.connect();
			await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await dropper.end();
		},
	};
}

/**
 * The data directory of a freshly migrated PGlite database, made once per set of migrations
 * and PGlite version and kept in the temp folder: starting from it skips PGlite's initdb and
 * the migrations, about half the time of opening a database, paid by every database test file.
 */
async function migratedTemplate(): Promise<Blob> {
	const file = templateFile();
	if (!existsSync(file)) await makeMigratedTemplate(file);
	return new Blob([readFileSync(file)]);
}

function templateFile(): string {
	// The engine's version: a template one PGlite wrote may not load in another.
	const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
	const name = "@electric-sql/pglite";
	const packageJson = join(entry.slice(0, entry.lastIndexOf(name) + name.length), "package.json");
	const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
	const key = createHash("sha256")
		.update(version)
		.update(JSON.stringify(readMigrations()))
		.digest("hex")
		.slice(0, 16);
	return join(tmpdir(), `lapsix-test-pglite-${key}.tar`);
}

async function makeMigratedTemplate(file: string): Promise<void> {
	const client = new PGlite();
	const db = new Kysely<Database>({ dialect: new KyselyPGlite(client).dialect });
	await migrate(db);
	const dump = await client.dumpDataDir("none");
	await db.destroy();
	// Written whole then renamed: test files starting together may each make one, and none
	// reads half of another's.
	const partial = `${file}.${process.pid}.partial`;
	writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
	renameSync(partial, file);
}
