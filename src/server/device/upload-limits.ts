import type { UploadLimits } from "../config";
import { RetryLaterError } from "../errors";
import type { UploadUsageRepository } from "../repositories/upload-usage-repository";

/**
 * What loggers may ask of the server at once and per period: uploads in progress (per logger and
 * in total), requests per minute (uploads, heartbeats, tus creations) and bytes per UTC day.
 * Concurrency is per process (it protects this instance's memory and sockets); the rates
 * (`RateCounter`: the app counts in the database) and the daily bytes are shared by every
 * instance.
 */

/** At most `perKey` holders per key and `total` overall; `enter` answers a release or null. */
export class ConcurrencyGate {
	private readonly byKey = new Map<string, number>();
	private inUse = 0;

	constructor(
		private readonly perKey: number,
		private readonly total: number,
	) {}

	/** "key" when the key is at its limit, "total" when the process is, else a release. */
	enter(key: string): (() => void) | "key" | "total" {
		const held = this.byKey.get(key) ?? 0;
		if (held >= this.perKey) return "key";
		if (this.inUse >= this.total) return "total";
		this.byKey.set(key, held + 1);
		this.inUse += 1;
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.inUse -= 1;
			const left = (this.byKey.get(key) ?? 1) - 1;
			if (left <= 0) this.byKey.delete(key);
			else this.byKey.set(key, left);
		};
	}

	get active(): number {
		return this.inUse;
	}
}

/** `limit` hits per key in each fixed window of `windowMs`. */
export class FixedWindowLimiter {
	private readonly windows = new Map<string, { start: number; count: number }>();

	constructor(
		private readonly limit: number,
		private readonly windowMs: number,
		private readonly now: () => number = Date.now,
	) {}

	/** null when allowed (and counted); otherwise the seconds until the window ends. */
	hit(key: string): number | null {
		const now = this.now();
		let window = this.windows.get(key);
		if (window === undefined || now - window.start >= this.windowMs) {
			if (this.windows.size > 10_000) this.sweep(now);
			window = { start: now, count: 0 };
			this.windows.set(key, window);
		}
		if (window.count >= this.limit) {
			return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
		}
		window.count += 1;
		return null;
	}

	private sweep(now: number): void {
		for (const [key, window] of this.windows) {
			if (now - window.start >= this.windowMs) this.windows.delete(key);
		}
	}
}

/** Counts a hit of `key` in fixed windows; null when allowed, else the seconds to wait. */
export interface RateCounter {
	hit(key: string, limit: number, windowMs: number): Promise<number | null>;
}

/** In this process only (one instance, tests). */
export function inMemoryRateCounter(now: () => number = Date.now): RateCounter {
	const limiters = new Map<string, FixedWindowLimiter>();
	return {
		async hit(key, limit, windowMs) {
			const id = `${limit}/${windowMs}`;
			let limiter = limiters.get(id);
			if (!limiter) {
				limiter = new FixedWindowLimiter(limit, windowMs, now);
				limiters.set(id, limiter);
			}
			return limiter.hit(key);
		},
	};
}

export type RateKind = "upload" | "heartbeat" | "tusCreate";

const RATE_WHAT: Record<RateKind, string> = {
	upload: "envios de arquivo",
	heartbeat: "heartbeats",
	tusCreate: "criações de envio retomável (tus)",
};

/** `yyyy-mm-dd` of an instant, UTC. */
export function utcDay(at: Date): string {
	return at.toISOString().slice(0, 10);
}

function secondsToNextUtcDay(at: Date): number {
	const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
	return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}

/** Seconds a logger refused for concurrency is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 5;
const MINUTE_MS = 60_000;

export function createUploadLimits(
	limits: UploadLimits,
	usage: UploadUsageRepository,
	now: () => Date = () => new Date(),
	rates: RateCounter = inMemoryRateCounter(() => now().getTime()),
) {
	const gate = new ConcurrencyGate(limits.concurrentPerLogger, limits.concurrentTotal);

	function quotaExceeded(used: number): RetryLaterError {
		const at = now();
		return new RetryLaterError(
			429,
			"daily_quota_exceeded",
			`Este logger já enviou ${used} bytes hoje (limite diário de ${limits.dailyBytesPerLogger} bytes, UTC). Nada foi gravado: envie de novo depois da meia-noite UTC.`,
			secondsToNextUtcDay(at),
		);
	}

	return {
		limits,

		/** Throws 429/503 when the logger or the process has too many uploads in progress. */
		enterUpload(hardwareId: string): () => void {
			const entered = gate.enter(hardwareId);
			if (entered === "key") {
				throw new RetryLaterError(
					429,
					"too_many_uploads",
					`Este logger já tem ${limits.concurrentPerLogger} envio(s) em andamento. Espere terminar e tente de novo.`,
					BUSY_RETRY_AFTER_SECONDS,
				);
			}
			if (entered === "total") {
				throw new RetryLaterError(
					503,
					"server_busy",
					"O servidor está recebendo muitos envios agora. Tente de novo em alguns segundos.",
					BUSY_RETRY_AFTER_SECONDS,
				);
			}
			return entered;
		},

		activeUploads: () => gate.active,

		/** Throws 429 when the logger made too many requests of this kind this minute. */
		async checkRate(kind: RateKind, hardwareId: string): Promise<void> {
			const limit = {
				upload: limits.uploadsPerMinute,
				heartbeat: limits.heartbeatsPerMinute,
				tusCreate: limits.tusCreationsPerMinute,
			}[kind];
			const wait = await rates.hit(`device ${kind} ${hardwareId}`, limit, MINUTE_MS);
			if (wait === null) return;
			throw new RetryLaterError(
				429,
				"rate_limited",
				`Muitos ${RATE_WHAT[kind]}: no máximo ${limit} por minuto por logger. Tente de novo em ${wait} s.`,
				wait,
			);
		},

		/** Bytes the logger may still send today (0 or more). */
		async remainingToday(hardwareId: string): Promise<number> {
			const used = await usage.bytesOn(hardwareId, utcDay(now()));
			return Math.max(0, limits.dailyBytesPerLogger - used);
		},

		/** Throws 429 when `bytes` more would pass today's quota. */
		async assertQuota(hardwareId: string, bytes: number): Promise<void> {
			const used = await usage.bytesOn(hardwareId, utcDay(now()));
			if (used + bytes > limits.dailyBytesPerLogger) throw quotaExceeded(used);
		},

		quotaExceeded,

		/** Counts bytes against today's quota. */
		async charge(hardwareId: string, bytes: number): Promise<void> {
			if (bytes <= 0) return;
			const today = now();
			await usage.add(hardwareId, utcDay(today), bytes);
		},

		/** Drops the counters of past days. */
		async forgetPastDays(): Promise<void> {
			await usage.deleteBefore(utcDay(now()));
		},
	};
}

export type UploadLimiter = ReturnType<typeof createUploadLimits>;
