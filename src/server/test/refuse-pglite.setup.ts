import { refuseDatabaseDrivers } from "./database-guard";

// The PostgreSQL pass of the `db` project: a database test that opened PGlite directly would
// pass there without ever touching PostgreSQL (see database-guard.ts).
refuseDatabaseDrivers({ pglite: true, postgres: false });
