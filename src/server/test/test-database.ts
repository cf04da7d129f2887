import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/database";
import { migrate } from "../db/migrate";

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
		const handle = await openPglite(undefined);
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
