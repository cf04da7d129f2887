import type { Kysely } from "kysely";
import type { AuditAction, AuditEntry } from "../../shared/api/admin";
import type { CommandLineActor, UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { conflict } from "../errors";
import { createAuditRepository } from "../repositories/audit-repository";

/** Who made a change, as the audit log keeps it. */
export interface AuditActor {
	id: string | null;
	/** An e-mail, or "cli" for the command line. */
	label: string;
}

export const CLI_ACTOR: CommandLineActor = Object.freeze({
	kind: "commandLine",
	id: null,
	label: "cli",
});

/** Who may make a management change: a signed-in user (as `auth/access.ts` allows) or the CLI. */
export type ManagingActor = UserActor | CommandLineActor;

export function auditActorOf(actor: ManagingActor): AuditActor {
	if (actor.kind === "commandLine") return { id: null, label: actor.label };
	return { id: actor.user.id, label: actor.user.email };
}

export interface AuditRecord {
	action: AuditAction;
	targetType: "hardware" | "user" | "track" | "session";
	targetId: string;
	details: { before?: unknown; after?: unknown; [key: string]: unknown };
}

/** A transaction in progress: its database handle and the audit log of the same transaction. */
export interface AuditedTransaction {
	trx: Kysely<Database>;
	record(entry: AuditRecord): Promise<void>;
}

const RETRYABLE_CODES = new Set([
	"23505", // unique_violation: another change took the same logger or e-mail first
	"40001", // serialization_failure
	"40P01", // deadlock_detected
]);

function isConcurrentChange(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code;
	return typeof code === "string" && RETRYABLE_CODES.has(code);
}

/**
 * Runs one management change and its audit rows in a single transaction: either both are
 * written or neither is. A change that collided with another one at the same moment becomes a
 * 409 the user can simply retry.
 */
export async function runAudited<T>(
	db: Kysely<Database>,
	actor: AuditActor,
	work: (tx: AuditedTransaction) => Promise<T>,
): Promise<T> {
	try {
		return await db.transaction().execute(async (trx) => {
			const audit = createAuditRepository(trx);
			return work({
				trx,
				record: (entry) => audit.insert({ ...entry, actorId: actor.id, actorLabel: actor.label }),
			});
		});
	} catch (error) {
		if (isConcurrentChange(error)) {
			throw conflict(
				"Outra alteração foi feita ao mesmo tempo. Recarregue e tente de novo.",
				"concurrent_change",
			);
		}
		throw error;
	}
}

export function createAuditService(db: Kysely<Database>) {
	const repo = createAuditRepository(db);
	return {
		async listLatest(limit: number, beforeId?: string): Promise<AuditEntry[]> {
			const rows = await repo.listLatest(limit, beforeId);
			return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
		},
	};
}

export type AuditService = ReturnType<typeof createAuditService>;
