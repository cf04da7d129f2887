/**
 * The roles, in one place for the server's access policies and the web client's menu and
 * guards (spec: roles are flags of the user record, not a role field).
 *
 * - seller: sells loggers and follows their riders; held by sellers, and by admins;
 * - admin: manages loggers, users and assignments; held by admins.
 */
export type Role = "seller" | "admin";

export interface RoleFlags {
	isAdmin: boolean;
	isSeller: boolean;
}

export const ROLES: readonly Role[] = ["seller", "admin"];

/** May this user act in `role`: an admin may do whatever a seller may. */
export function hasRole(user: RoleFlags, role: Role): boolean {
	return role === "admin" ? user.isAdmin : user.isSeller || user.isAdmin;
}

/**
 * The roles a user carries a flag for: the menu shows each one's screens (spec: a non-empty seller
 * value shows the seller button; a non-empty adm value the adm, adm-seller and hardware buttons).
 * An admin may open the seller screen without it being in the menu.
 */
export function flaggedRoles(user: RoleFlags): Role[] {
	return ROLES.filter((role) => (role === "admin" ? user.isAdmin : user.isSeller));
}
