import { refuseDatabaseDrivers } from "./database-guard";

// The `unit` project: its test files open no database (see database-guard.ts).
refuseDatabaseDrivers({ pglite: true, postgres: true });
