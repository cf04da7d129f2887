import type { Kysely } from "kysely";
import type { AdminUserRow } from "../../shared/api/admin";
import { Accounts, authorize, Roles } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { conflict, notFound } from "../errors";
import { createAuthSessionRepository } from "../repositories/auth-session-repository";
import { createUserAdminRepository, type UserFacts } from "../repositories/user-admin-repository";
import {
	type AuditedTransaction,
	auditActorOf,
	type ManagingActor,
	runAudited,
} from "./audit-service";

export interface RoleChange {
	isAdmin?: boolean;
	isSeller?: boolean;
}

/** What `upsertUser` did, for the command line to report. */
export type UpsertOutcome = "created" | "updated" | "unchanged";

async function applyRoles(
	tx: AuditedTransaction,
	actor: ManagingActor,
	user: UserFacts,
	change: RoleChange,
): Promise<boolean> {
	const next = {
		isAdmin: change.isAdmin ?? user.isAdmin,
		isSeller: change.isSeller ?? user.isSeller,
	};
	authorize(
		actor,
		"change",
		Roles({ userId: user.id, isAdmin: user.isAdmin, nextIsAdmin: next.isAdmin }),
	);
	if (next.isAdmin === user.isAdmin && next.isSeller === user.isSeller) return false;
	await createUserAdminRepository(tx.trx).updateRoles(user.id, next);
	await tx.record({
		action: "user.set_roles",
		targetType: "user",
		targetId: user.id,
		details: {
			email: user.email,
			before: { isAdmin: user.isAdmin, isSeller: user.isSeller },
			after: next,
		},
	});
	return true;
}

async function insertUser(
	tx: AuditedTransaction,
	email: string,
	roles: RoleChange,
): Promise<string> {
	const flags = { isAdmin: roles.isAdmin ?? false, isSeller: roles.isSeller ?? false };
	const id = await createUserAdminRepository(tx.trx).insert({ email, ...flags });
	await tx.record({
		action: "user.create",
		targetType: "user",
		targetId: id,
		details: { after: { email, ...flags } },
	});
	return id;
}

/** Users seen by admins: the list, pre-created users and roles. E-mails arrive lower-cased. */
export function createUserAdminService(db: Kysely<Database>) {
	const repo = createUserAdminRepository(db);

	return {
		listUsers: () => repo.listAdminRows(),
		listSellers: () => repo.listSellers(),

		/** Pre-creates a user by e-mail; 409 when the e-mail exists. */
		async createUser(
			actor: ManagingActor,
			email: string,
			roles: RoleChange,
		): Promise<AdminUserRow> {
			authorize(actor, "create", Accounts);
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const users = createUserAdminRepository(tx.trx);
				if (await users.idByEmail(email)) {
					throw conflict(`Já existe um usuário com o e-mail ${email}.`, "user_exists");
				}
				return (await users.adminRowById(await insertUser(tx, email, roles)))!;
			});
		},

		/** Omitted flags stay; an admin cannot remove their own admin flag (409). */
		async setRoles(actor: UserActor, userId: string, change: RoleChange): Promise<AdminUserRow> {
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const users = createUserAdminRepository(tx.trx);
				const user = await users.lockFacts(userId);
				if (!user) throw notFound("Usuário não encontrado.", "user_not_found");
				await applyRoles(tx, actor, user, change);
				return (await users.adminRowById(user.id))!;
			});
		},

		/** Ends every sign-in session of the user; the audit log records how many. */
		async signOutEverywhere(actor: UserActor, userId: string): Promise<number> {
			authorize(actor, "signOutEverywhere", Accounts);
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const user = await createUserAdminRepository(tx.trx).lockFacts(userId);
				if (!user) throw notFound("Usuário não encontrado.", "user_not_found");
				const ended = await createAuthSessionRepository(tx.trx).deleteAllOfUser(user.id);
				await tx.record({
					action: "user.sign_out_everywhere",
					targetType: "user",
					targetId: user.id,
					details: { email: user.email, endedSessions: ended },
				});
				return ended;
			});
		},

		/** Creates the user, or changes the given flags of an existing one (the command line). */
		async upsertUser(
			actor: ManagingActor,
			email: string,
			roles: RoleChange,
		): Promise<{ outcome: UpsertOutcome; user: AdminUserRow }> {
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const users = createUserAdminRepository(tx.trx);
				const existingId = await users.idByEmail(email);
				let outcome: UpsertOutcome;
				let id: string;
				if (existingId === undefined) {
					authorize(actor, "create", Accounts);
					id = await insertUser(tx, email, roles);
					outcome = "created";
				} else {
					const user = (await users.lockFacts(existingId))!;
					id = user.id;
					outcome = (await applyRoles(tx, actor, user, roles)) ? "updated" : "unchanged";
				}
				return { outcome, user: (await users.adminRowById(id))! };
			});
		},
	};
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
