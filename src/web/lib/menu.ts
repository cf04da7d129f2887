/** The menu behind the top-left toggle; role entries follow the user's flags (spec section 6). */
import { flaggedRoles, type Role, type RoleFlags } from "../../shared/roles";

export interface MenuItem {
	to: string;
	label: string;
}

export type MenuUser = RoleFlags;

/** Screen names, shared by the menu and the screens' headings. */
export const SCREEN_NAMES = {
	home: "Início",
	enroll: "Meus Dados",
	laps: "Voltas",
	analytics: "Análise",
	seller: "Revenda",
	adm: "Pilotos e loggers",
	sellerAdm: "Pilotos e revendedores",
	hardware: "Loggers",
} as const;

/** The screens each role's flag adds to the menu (access itself: `hasRole`). */
const ROLE_ITEMS: Record<Role, readonly MenuItem[]> = {
	seller: [{ to: "/seller", label: SCREEN_NAMES.seller }],
	admin: [
		{ to: "/adm", label: SCREEN_NAMES.adm },
		{ to: "/seller-adm", label: SCREEN_NAMES.sellerAdm },
		{ to: "/hardware", label: SCREEN_NAMES.hardware },
	],
};

export function menuItemsFor(user: MenuUser): MenuItem[] {
	const items: MenuItem[] = [
		{ to: "/user", label: SCREEN_NAMES.home },
		{ to: "/enroll", label: SCREEN_NAMES.enroll },
		{ to: "/laps", label: SCREEN_NAMES.laps },
		{ to: "/analytics", label: SCREEN_NAMES.analytics },
	];
	for (const role of flaggedRoles(user)) items.push(...ROLE_ITEMS[role]);
	return items;
}
