import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import {
	countRateLimitHit,
	deleteEndedRateLimitWindows,
} from "../repositories/rate-limit-repository";

/** Ended windows are swept after this many hits in a process (cheap: an indexed delete). */
const SWEEP_EVERY_HITS = 200;
const KEEP_ENDED_MS = 60 * 60 * 1000;

/**
 * A store for @fastify/rate-limit that counts in the database, so every instance sharing it
 * counts the same hits (the limiter's own store counts per process). Keys are per route, like
 * the limiter's Redis store.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
	let hitsSinceSweep = 0;

	class DatabaseRateLimitStore implements FastifyRateLimitStore {
		constructor(
			_options?: unknown,
			private readonly prefix = "",
		) {}

		incr(
			key: string,
			callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
			timeWindow: number,
		): void {
			if (++hitsSinceSweep >= SWEEP_EVERY_HITS) {
				hitsSinceSweep = 0;
				void deleteEndedRateLimitWindows(db, KEEP_ENDED_MS).catch(() => {});
			}
			countRateLimitHit(db, `${this.prefix}${key}`, timeWindow).then(
				({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
				(error: Error) => callback(error),
			);
		}

		child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
			// The limiter passes the route's method and URL here (as it does to its own stores).
			const route = (routeOptions as unknown as { routeInfo?: { method?: string; url?: string } })
				.routeInfo;
			return new DatabaseRateLimitStore(undefined, `${this.prefix}${route?.method} ${route?.url} `);
		}
	}
	return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
