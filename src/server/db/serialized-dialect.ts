import type { DatabaseConnection, Dialect, Driver } from "kysely";

/**
 * PGlite is one PostgreSQL session. Kysely's PGlite driver hands that session to every caller at
 * once, so a BEGIN of one request would take in the statements of another, and one request's
 * rollback would discard another's writes. This wrapper lends the session to one caller at a time
 * (a whole transaction, or one query), in arrival order, like a pool of size one.
 *
 * A wait longer than `acquireTimeoutMs` fails with a clear error instead of hanging: it almost
 * always means code used the root `db` inside a transaction instead of its `trx`.
 */
export function serializeConnections(
	dialect: Dialect,
	acquireTimeoutMs = 30_000,
): Dialect & { stats(): { busy: boolean; waiting: number } } {
	let driver: SerializedDriver | null = null;
	return {
		createAdapter: () => dialect.createAdapter(),
		createIntrospector: (db) => dialect.createIntrospector(db),
		createQueryCompiler: () => dialect.createQueryCompiler(),
		createDriver: () => {
			driver = new SerializedDriver(dialect.createDriver(), acquireTimeoutMs);
			return driver;
		},
		/** For metrics: whether the session is lent out, and how many callers wait for it. */
		stats: () => ({ busy: driver?.isBusy ?? false, waiting: driver?.waiting ?? 0 }),
	};
}

class SerializedDriver implements Driver {
	private busy = false;
	private readonly waiters: Array<{ grant: () => void }> = [];

	constructor(
		private readonly inner: Driver,
		private readonly acquireTimeoutMs: number,
	) {}

	get isBusy(): boolean {
		return this.busy;
	}

	get waiting(): number {
		return this.waiters.length;
	}

	init() {
		return this.inner.init();
	}

	async acquireConnection(): Promise<DatabaseConnection> {
		await this.lock();
		try {
			return await this.inner.acquireConnection();
		} catch (error) {
			this.unlock();
			throw error;
		}
	}

	async releaseConnection(connection: DatabaseConnection): Promise<void> {
		try {
			await this.inner.releaseConnection(connection);
		} finally {
			this.unlock();
		}
	}

	beginTransaction(...args: Parameters<Driver["beginTransaction"]>) {
		return this.inner.beginTransaction(...args);
	}

	commitTransaction(...args: Parameters<Driver["commitTransaction"]>) {
		return this.inner.commitTransaction(...args);
	}

	rollbackTransaction(...args: Parameters<Driver["rollbackTransaction"]>) {
		return this.inner.rollbackTransaction(...args);
	}

	destroy() {
		return this.inner.destroy();
	}

	private lock(): Promise<void> {
		if (!this.busy) {
			this.busy = true;
			return Promise.resolve();
		}
		return new Promise<void>((resolve, reject) => {
			const waiter = {
				grant: () => {
					clearTimeout(timer);
					resolve();
				},
			};
			const timer = setTimeout(() => {
				const index = this.waiters.indexOf(waiter);
				if (index !== -1) this.waiters.splice(index, 1);
				reject(
					new Error(
						`waited ${this.acquireTimeoutMs} ms for the embedded database: is the root db used inside a transaction instead of trx?`,
					),
				);
			}, this.acquireTimeoutMs);
			this.waiters.push(waiter);
		});
	}

	private unlock(): void {
		const next = this.waiters.shift();
		if (next) next.grant();
		else this.busy = false;
	}
}
