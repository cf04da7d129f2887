import type pg from "pg";
import { KeyedMutex } from "../ingest/keyed-mutex";

/**
 * Named locks that serialise the work on one session (an upload's record, an ingest).
 * One process (the embedded database): an in-process mutex. PostgreSQL: the same mutex, then a
 * session-level advisory lock held on a connection of its own, so every instance and worker
 * sharing the database waits for the others; a process that dies loses its connection and
 * PostgreSQL releases its locks.
 */
export interface SessionLocks {
	run<T>(name: string, task: () => Promise<T>): Promise<T>;
}

export function inProcessSessionLocks(): SessionLocks {
	const mutex = new KeyedMutex();
	return { run: (name, task) => mutex.run(name, task) };
}

/**
 * `pool` is for the locks only: a holder never needs a second connection from it, so waiting for
 * one cannot deadlock with the queries the task runs on the main pool. The in-process mutex
 * in front keeps one connection per session name at most.
 */
export function advisorySessionLocks(pool: pg.Pool): SessionLocks {
	const mutex = new KeyedMutex();
	return {
		run: (name, task) =>
			mutex.run(name, async () => {
				const client = await pool.connect();
				try {
					// 64-bit key from the name; a collision only makes two sessions wait for each other.
					await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [name]);
				} catch (error) {
					client.release(error as Error);
					throw error;
				}
				try {
					return await task();
				} finally {
					try {
						await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [name]);
						client.release();
					} catch (error) {
						// Dropping the connection releases the lock.
						client.release(error as Error);
					}
				}
			}),
	};
}
