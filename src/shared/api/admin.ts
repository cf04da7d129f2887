import { z } from "zod";
import { defineEndpoint } from "../endpoint";

/**
 * Management API: the /adm, /seller, /seller-adm and /hardware screens, roles, logger
 * registration and key rotation, and the audit log. Every `/api/admin/...` endpoint is for
 * admins; every `/api/seller/...` endpoint is for sellers (an admin calling them acts as a seller
 * with their own riders and stock). After a change the response carries the updated rows, so a
 * screen refreshes by merging them by `id`, without reloading.
 */

// ---- Shared fields ----------------------------------------------------------------------------

/** A logger id (FORMATS.md): 1..64 letters, digits, `-` and `_`. */
export const HARDWARE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const HardwareId = z
	.string()
	.regex(HARDWARE_ID_PATTERN, "O código do logger deve ter de 1 a 64 letras, números, '-' ou '_'.");

const userId = z.string().uuid("Identificador de usuário inválido.");

export const UserEmail = z
	.string()
	.trim()
	.toLowerCase()
	.max(320, "O e-mail tem no máximo 320 caracteres.")
	.email("E-mail inválido.");

/** A logger's display name; blank means "no name" (null). */
export const HardwareName = z
	.string()
	.trim()
	.max(60, "O nome do logger tem no máximo 60 caracteres.")
	.transform((name) => (name === "" ? null : name));

// ---- Rows -------------------------------------------------------------------------------------

/** One user on the /adm table. The Wi-Fi password never leaves its owner's "Meus Dados". */
export const AdminUserRow = z.object({
	id: z.string(),
	email: z.string(),
	displayName: z.string().nullable(),
	/** The logger assigned to the user; null when none. */
	hardwareId: z.string().nullable(),
	isAdmin: z.boolean(),
	isSeller: z.boolean(),
	pilotName: z.string(),
	bikeNumber: z.string(),
	wifiSsid: z.string(),
	/** The rider's seller (the spec's "userSeller"). */
	sellerId: z.string().nullable(),
	sellerEmail: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

/** One logger on the /hardware table. */
export const AdminHardwareRow = z.object({
	id: z.string(),
	name: z.string().nullable(),
	/** The rider who has it; null = company stock. */
	ownerId: z.string().nullable(),
	ownerEmail: z.string().nullable(),
	sellerId: z.string().nullable(),
	sellerEmail: z.string().nullable(),
	/** ISO 8601; the spec's "Up". */
	lastSeenAt: z.string().nullable(),
	/** The spec's "Version". */
	firmwareVersion: z.string().nullable(),
	/** false: the logger has no device key yet and cannot upload. */
	hasKey: z.boolean(),
});
export type AdminHardwareRow = z.infer<typeof AdminHardwareRow>;

export const SellerSummary = z.object({
	id: z.string(),
	email: z.string(),
	displayName: z.string().nullable(),
});
export type SellerSummary = z.infer<typeof SellerSummary>;

/** The users and loggers an assignment changed (a previous owner, a logger back in stock...). */
export const AdminAssignmentResult = z.object({
	users: z.array(AdminUserRow),
	hardware: z.array(AdminHardwareRow),
});
export type AdminAssignmentResult = z.infer<typeof AdminAssignmentResult>;

// ---- /adm: riders and logger assignment --------------------------------------------------------

export const listAdminUsers = defineEndpoint({
	method: "GET",
	path: "/api/admin/users",
	/** Ordered by e-mail. */
	response: z.object({ users: z.array(AdminUserRow) }),
});

export const listAdminSellers = defineEndpoint({
	method: "GET",
	path: "/api/admin/sellers",
	/** Users with the seller flag, ordered by e-mail. */
	response: z.object({ sellers: z.array(SellerSummary) }),
});

/**
 * "Cadastrar" on /adm: the logger goes to the rider. Its previous owner loses it, and a logger the
 * rider had before returns to stock. Sessions already recorded stay with whoever recorded them.
 * Assigning a logger to the rider who already has it changes nothing.
 */
export const assignAdminHardwareOwner = defineEndpoint({
	method: "PUT",
	path: "/api/admin/hardware/:hardwareId/owner",
	params: z.object({ hardwareId: HardwareId }),
	body: z.object({ riderId: userId }),
	response: AdminAssignmentResult,
});

/** The logger goes back to stock (no owner). */
export const unassignAdminHardwareOwner = defineEndpoint({
	method: "DELETE",
	path: "/api/admin/hardware/:hardwareId/owner",
	params: z.object({ hardwareId: HardwareId }),
	response: AdminAssignmentResult,
});

// ---- /seller-adm: riders to sellers ------------------------------------------------------------

/** `sellerId` null clears the rider's seller. The seller must have the seller flag. */
export const setAdminUserSeller = defineEndpoint({
	method: "PUT",
	path: "/api/admin/users/:userId/seller",
	params: z.object({ userId }),
	body: z.object({ sellerId: userId.nullable() }),
	response: z.object({ user: AdminUserRow }),
});

// ---- Roles and users ---------------------------------------------------------------------------

/** Omitted flags stay as they are. An admin cannot remove their own admin flag (409). */
export const setAdminUserRoles = defineEndpoint({
	method: "PATCH",
	path: "/api/admin/users/:userId/roles",
	params: z.object({ userId }),
	body: z.object({ isAdmin: z.boolean().optional(), isSeller: z.boolean().optional() }),
	response: z.object({ user: AdminUserRow }),
});

/**
 * Signs the user out everywhere: every sign-in session of theirs (all browsers and devices) ends
 * at once, and they must sign in again. Audited; 404 for an unknown user.
 */
export const signOutAdminUserEverywhere = defineEndpoint({
	method: "POST",
	path: "/api/admin/users/:userId/sign-out",
	params: z.object({ userId }),
	/** No body needed (an empty JSON object is accepted too). */
	body: z.object({}).strict().nullish(),
	response: z.object({ endedSessions: z.number().int().nonnegative() }),
});

/** Pre-creates a user by e-mail (lower-cased) before they ever sign in; 409 if it exists. */
export const createAdminUser = defineEndpoint({
	method: "POST",
	path: "/api/admin/users",
	body: z.object({
		email: UserEmail,
		isAdmin: z.boolean().optional(),
		isSeller: z.boolean().optional(),
	}),
	/** Status 201. */
	response: z.object({ user: AdminUserRow }),
});

// ---- /hardware: loggers ------------------------------------------------------------------------

export const listAdminHardware = defineEndpoint({
	method: "GET",
	path: "/api/admin/hardware",
	/** Ordered by id. */
	response: z.object({ hardware: z.array(AdminHardwareRow) }),
});

/**
 * Registers a logger and returns its device key. The key is shown only this once: the server keeps
 * only its hash. Status 201; 409 if the id exists.
 */
export const registerAdminHardware = defineEndpoint({
	method: "POST",
	path: "/api/admin/hardware",
	body: z.object({ id: HardwareId, name: HardwareName.optional() }),
	response: z.object({ hardware: AdminHardwareRow, deviceKey: z.string() }),
});

/** A new device key, shown only this once; the old key stops working at once. */
export const rotateAdminHardwareKey = defineEndpoint({
	method: "POST",
	path: "/api/admin/hardware/:hardwareId/key",
	params: z.object({ hardwareId: HardwareId }),
	/** No body needed (an empty JSON object is accepted too). */
	body: z.object({}).strict().nullish(),
	response: z.object({ hardware: AdminHardwareRow, deviceKey: z.string() }),
});

/** Renames a logger; a blank name clears it. */
export const renameAdminHardware = defineEndpoint({
	method: "PATCH",
	path: "/api/admin/hardware/:hardwareId",
	params: z.object({ hardwareId: HardwareId }),
	body: z.object({ name: HardwareName.nullable() }),
	response: z.object({ hardware: AdminHardwareRow }),
});

/** "Cadastrar" on /hardware: the logger's seller; `sellerId` null clears it. */
export const setAdminHardwareSeller = defineEndpoint({
	method: "PUT",
	path: "/api/admin/hardware/:hardwareId/seller",
	params: z.object({ hardwareId: HardwareId }),
	body: z.object({ sellerId: userId.nullable() }),
	response: z.object({ hardware: AdminHardwareRow }),
});

// ---- Audit log ---------------------------------------------------------------------------------

/** Actions the management API writes; other parts of the server may add their own. */
export const AUDIT_ACTIONS = [
	"hardware.assign_owner",
	"hardware.unassign_owner",
	"hardware.set_seller",
	"hardware.register",
	"hardware.rotate_key",
	"hardware.rename",
	"user.create",
	"user.set_roles",
	"user.set_seller",
	"user.sign_out_everywhere",
	"track.create",
	"track.update",
	"session.retime",
	"session.import",
	"session.share",
	"session.revoke_share",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z.object({
	id: z.string(),
	/** ISO 8601. */
	at: z.string(),
	actorId: z.string().nullable(),
	/** The actor's e-mail, "cli" or "device:<id>". */
	actorLabel: z.string(),
	action: z.string(),
	targetType: z.string(),
	targetId: z.string(),
	/** Usually `{ before, after }`. */
	details: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const listAdminAudit = defineEndpoint({
	method: "GET",
	path: "/api/admin/audit",
	query: z.object({
		limit: z.coerce
			.number()
			.int("O limite deve ser um número inteiro.")
			.min(1, "O limite mínimo é 1.")
			.max(200, "O limite máximo é 200.")
			.default(50),
		/** Paging: entries older than this id. */
		beforeId: z
			.string()
			.regex(/^[1-9][0-9]{0,18}$/, "Identificador de registro inválido.")
			.optional(),
	}),
	/** Newest first. */
	response: z.object({ entries: z.array(AuditEntry) }),
});

// ---- /seller -----------------------------------------------------------------------------------

export const SellerRiderRow = z.object({
	id: z.string(),
	email: z.string(),
	displayName: z.string().nullable(),
	pilotName: z.string(),
	bikeNumber: z.string(),
	hardwareId: z.string().nullable(),
});
export type SellerRiderRow = z.infer<typeof SellerRiderRow>;

export const SellerStockRow = z.object({
	id: z.string(),
	name: z.string().nullable(),
	lastSeenAt: z.string().nullable(),
	firmwareVersion: z.string().nullable(),
});
export type SellerStockRow = z.infer<typeof SellerStockRow>;

/** The seller's whole screen after a change: both lists are small. */
export const SellerBoard = z.object({
	riders: z.array(SellerRiderRow),
	stock: z.array(SellerStockRow),
});
export type SellerBoard = z.infer<typeof SellerBoard>;

/** Riders whose seller is me, ordered by e-mail. */
export const listSellerRiders = defineEndpoint({
	method: "GET",
	path: "/api/seller/riders",
	response: z.object({ riders: z.array(SellerRiderRow) }),
});

/** Loggers whose seller is me and that have no owner, ordered by id. */
export const listSellerStock = defineEndpoint({
	method: "GET",
	path: "/api/seller/stock",
	response: z.object({ stock: z.array(SellerStockRow) }),
});

/**
 * "Cadastrar" on /seller: a logger of my stock goes to my rider (a logger the rider had returns
 * to stock). 403 with the reason for another seller's logger, a logger that has an owner or
 * another seller's rider. Assigning a logger to my rider who already has it changes nothing.
 */
export const assignSellerHardware = defineEndpoint({
	method: "PUT",
	path: "/api/seller/hardware/:hardwareId/owner",
	params: z.object({ hardwareId: HardwareId }),
	body: z.object({ riderId: userId }),
	response: SellerBoard,
});

/**
 * A new device key for a logger in my stock or with one of my riders (at a hand-over), shown only
 * this once; the old key stops working at once. 403 with the reason for any other logger.
 */
export const rotateSellerHardwareKey = defineEndpoint({
	method: "POST",
	path: "/api/seller/hardware/:hardwareId/key",
	params: z.object({ hardwareId: HardwareId }),
	/** No body needed (an empty JSON object is accepted too). */
	body: z.object({}).strict().nullish(),
	response: z.object({ hardwareId: z.string(), deviceKey: z.string() }),
});
