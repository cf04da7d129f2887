import type { ImportLimits } from "../config";
import { ConcurrencyGate, utcDay } from "../device/upload-limits";
import { RetryLaterError } from "../errors";
import type { ImportUsageRepository } from "../repositories/import-usage-repository";

/**
 * What people may import, as for loggers: imports in progress (per signed-in user and in the
 * process) and bytes per rider per UTC day. The rate (imports a minute per address) is the
 * route's, counted in the database by the rate limiter. Concurrency is per process (it guards
 * this instance's memory and CPU: a recording is read whole); the daily bytes are shared by
 * every instance (`import_upload_usage`).
 */

/** Seconds someone refused for concurrency is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 5;

function secondsToNextUtcDay(at: Date): number {
	const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
	return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}

function megabytes(bytes: number): string {
	return (bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 });
}

export function createImportLimits(
	limits: ImportLimits,
	usage: ImportUsageRepository,
	now: () => Date = () => new Date(),
) {
	const gate = new ConcurrencyGate(limits.concurrentPerUser, limits.concurrentTotal);

	return {
		limits,

		/** Throws 429/503 when the user or the process has too many imports in progress. */
		enter(userId: string): () => void {
			const entered = gate.enter(userId);
			if (entered === "key") {
				throw new RetryLaterError(
					429,
					"too_many_imports",
					`Você já tem ${limits.concurrentPerUser} importação(ões) em andamento. Espere terminar e tente de novo.`,
					BUSY_RETRY_AFTER_SECONDS,
				);
			}
			if (entered === "total") {
				throw new RetryLaterError(
					503,
					"server_busy",
					"O servidor está recebendo muitas importações agora. Tente de novo em alguns segundos.",
					BUSY_RETRY_AFTER_SECONDS,
				);
			}
			return entered;
		},

		activeImports: () => gate.active,

		/**
		 * Counts `bytes` against the rider's quota of today, or throws 429 (nothing counted) when
		 * they would pass it.
		 */
		async charge(riderId: string, bytes: number): Promise<void> {
			const at = now();
			const day = utcDay(at);
			const total = await usage.addWithin(
				riderId,
				day,
				Math.max(0, bytes),
				limits.dailyBytesPerRider,
			);
			if (total !== null) return;
			const used = await usage.bytesOn(riderId, day);
			throw new RetryLaterError(
				429,
				"daily_quota_exceeded",
				`Limite diário de importação atingido: ${megabytes(used)} MB já importados hoje para este piloto, e este arquivo tem ${megabytes(bytes)} MB (limite de ${megabytes(limits.dailyBytesPerRider)} MB por dia, UTC). Nada foi gravado: importe de novo depois da meia-noite UTC.`,
				secondsToNextUtcDay(at),
			);
		},

		/** Drops the counters of past days. */
		async forgetPastDays(): Promise<void> {
			await usage.deleteBefore(utcDay(now()));
		},
	};
}

export type ImportLimiter = ReturnType<typeof createImportLimits>;
