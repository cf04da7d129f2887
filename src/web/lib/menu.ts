/** The menu behind the top-left toggle; role entries follow the user's flags (spec section 6). */
import { flaggedRoles, type Role, type RoleFlags } from "../../shared/roles";

export interface MenuItem {
	to: string;
	label: string;
}

export type MenuUser = RoleFlags;

/** The screens each role's flag adds to the menu (access itself: `hasRole`). */
const ROLE_ITEMS: Record<Role, readonly MenuItem[]> = {
	seller: [{ to: "/seller", label: "Seller" }],
	admin: [
		{ to: "/adm", label: "Adm" },
		{ to: "/seller-adm", label: "Adm-Seller" },
		{ to: "/hardware", label: "Hardware" },
	],
};

export function menuItemsFor(user: MenuUser): MenuItem[] {
	const items: MenuItem[] = [
		{ to: "/user", label: "Home" },
		{ to: "/enroll", label: "Meus Dados" },
		{ to: "/laps", label: "Laps" },
		{ to: "/analytics", label: "Analytics" },
	];
	for (const role of flaggedRoles(user)) items.push(...ROLE_ITEMS[role]);
	return items;
}
