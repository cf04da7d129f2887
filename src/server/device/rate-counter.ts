import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { countRateLimitHit } from "../repositories/rate-limit-repository";
import type { RateCounter } from "./upload-limits";

/** Fixed-window counts in `rate_limit_hits`, shared by every instance of the database. */
export function databaseRateCounter(db: Kysely<Database>): RateCounter {
	return {
		async hit(key, limit, windowMs) {
			const { hits, ttlMs } = await countRateLimitHit(db, key, windowMs);
			return hits <= limit ? null : Math.max(1, Math.ceil(ttlMs / 1000));
		},
	};
}
