import { hasRole, type RoleFlags } from "../../shared/roles";

/**
 * Must this user fill "Meus Dados" before anything else: a rider whose logger has no Wi-Fi to
 * upload over yet. Sellers and admins work without a logger of their own. Computed here only;
 * the web client follows `needsEnrollment` as the server sends it.
 */
export function needsEnrollment(user: RoleFlags & { wifiSsid: string }): boolean {
	return user.wifiSsid === "" && !hasRole(user, "seller");
}
