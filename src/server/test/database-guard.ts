import { vi } from "vitest";

/**
 * Which test files may open a database is decided by their name, so no database test can be
 * left out of the PostgreSQL pass:
 *
 * - `*.db.test.ts`: opens its database through `createTestDatabase` / `createTestContext`;
 *   run on PGlite, and again on PostgreSQL (`TEST_DB_ENGINE=postgres`);
 * - `*.pglite.test.ts`: about the embedded engine itself (its files on disk, one session);
 *   run on PGlite only;
 * - any other test file: opens no database.
 *
 * This setup file makes a file break the rule fail loudly: in the `unit` project both drivers
 * refuse to connect, and in the PostgreSQL pass PGlite does.
 */
export function refuseDatabaseDrivers(drivers: { pglite: boolean; postgres: boolean }): void {
	const message = (driver: string) =>
		`${driver} opened by a test file whose name does not allow it: a test that opens a database is named *.db.test.ts (runs on PGlite and on PostgreSQL) or *.pglite.test.ts (about PGlite itself). See src/server/test/database-guard.ts.`;
	if (drivers.pglite) {
		vi.doMock("@electric-sql/pglite", async (importOriginal) => {
			const real = await importOriginal<typeof import("@electric-sql/pglite")>();
			class RefusedPGlite {
				constructor() {
					throw new Error(message("PGlite"));
				}
				static create(): never {
					throw new Error(message("PGlite"));
				}
			}
			return { ...real, PGlite: RefusedPGlite };
		});
	}
	if (drivers.postgres) {
		vi.doMock("pg", async (importOriginal) => {
			const real = (await importOriginal<{ default: typeof import("pg") }>()).default;
			class RefusedPool {
				constructor() {
					throw new Error(message("PostgreSQL (pg.Pool)"));
				}
			}
			class RefusedClient {
				constructor() {
					throw new Error(message("PostgreSQL (pg.Client)"));
				}
			}
			const refused = { ...real, Pool: RefusedPool, Client: RefusedClient };
			return { ...refused, default: refused };
		});
	}
}
