import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { KyselyPGlite } from "kysely-pglite";
import pg from "pg";
import type { Database } from "./schema";
import { serializeConnections } from "./serialized-dialect";
import { advisorySessionLocks, inProcessSessionLocks, type SessionLocks } from "./session-locks";

export type DatabaseEngine = "pglite" | "postgres";

/** Connections of the database pool right now (the embedded database is a pool of one). */
export interface PoolStats {
	max: number;
	open: number;
	idle: number;
	/** Queries waiting for a connection. */
	waiting: number;
}

export interface DatabaseHandle {
	db: Kysely<Database>;
	engine: DatabaseEngine;
	poolStats?(): PoolStats;
	/** Per-session locks that every process sharing this database respects. */
	sessionLocks: SessionLocks;
	/** PostgreSQL only: the URL the job queue connects with. */
	connectionString?: string;
	/** Where the data is: a directory for PGlite, the URL without password for PostgreSQL. */
	location: string;
	close(): Promise<void>;
}

const DATE_OID = 1082;
const INT8_OID = 20;
const keepText = (value: string) => value;

/**
 * Dates stay `yyyy-mm-dd` text (a session date is a calendar day, not an instant) and int8 stays
 * text (no silent precision loss); both drivers are set up the same way.
 */
export async function openPglite(
	dataDir: string | undefined,
	/** A data directory dumped by `dumpDataDir` to start from (tests: a migrated template). */
	loadDataDir?: Blob,
): Promise<DatabaseHandle> {
	if (dataDir) mkdirSync(dataDir, { recursive: true });
	const client = new PGlite({
		dataDir,
		loadDataDir,
		parsers: { [DATE_OID]: keepText, [INT8_OID]: keepText },
	});
	await client.waitReady;
	const { dialect } = new KyselyPGlite(client);
	const serialized = serializeConnections(dialect);
	const db = new Kysely<Database>({ dialect: serialized });
	return {
		db,
		engine: "pglite",
		location: dataDir ?? "memory://",
		// One process owns the embedded database (the data-dir lock): in-process locks suffice.
		sessionLocks: inProcessSessionLocks(),
		poolStats() {
			const { busy, waiting } = serialized.stats();
			return { max: 1, open: 1, idle: busy ? 0 : 1, waiting };
		},
		async close() {
			await db.destroy();
			if (!client.closed) await client.close();
		},
	};
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
	const types = {
		getTypeParser(oid: number, format?: "text" | "binary") {
			if (oid === DATE_OID || oid === INT8_OID) return keepText;
			return pg.types.getTypeParser(oid, format as "text");
		},
	};
	const max = 10;
	const pool = new pg.Pool({
		connectionString: url,
		max,
		types,
		connectionTimeoutMillis: 5000,
	});
	// An idle connection the server closed (restart, failover, a forced drop) is discarded by the
	// pool and the next query opens a new one; without a listener its error would end the process.
	pool.on("error", (err) => {
		process.stderr.write(`lapsix: conexão ociosa com o PostgreSQL encerrada: ${err.message}\n`);
	});
	// Fail fast with the driver's reason when the server cannot be reached.
	const probe = await pool.connect();
	probe.release();
	const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
	// Advisory locks are held for a whole ingest: on connections of their own (see SessionLocks).
	const lockPool = new pg.Pool({ connectionString: url, max: 4, types });
	lockPool.on("error", (err) => {
		process.stderr.write(`lapsix: conexão de locks com o PostgreSQL encerrada: ${err.message}\n`);
	});
	const safe = new URL(url);
	safe.password = "";
	return {
		db,
		engine: "postgres",
		location: safe.toString(),
		sessionLocks: advisorySessionLocks(lockPool),
		connectionString: url,
		poolStats: () => ({
			max,
			open: pool.totalCount,
			idle: pool.idleCount,
			waiting: pool.waitingCount,
		}),
		async close() {
			await db.destroy();
			await lockPool.end();
		},
	};
}

export function openDatabase(options: {
	databaseUrl: string | undefined;
	dataDir: string;
}): Promise<DatabaseHandle> {
	return options.databaseUrl
		? openPostgres(options.databaseUrl)
		: openPglite(join(options.dataDir, "db"));
}
