/** The menu behind the top-left toggle; role entries follow the user's flags (spec section 6). */

export interface MenuItem {
	to: string;
	label: string;
}

export interface MenuUser {
	isAdmin: boolean;
	isSeller: boolean;
}

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

export function menuItemsFor(user: MenuUser): MenuItem[] {
	const items: MenuItem[] = [
		{ to: "/user", label: SCREEN_NAMES.home },
		{ to: "/enroll", label: SCREEN_NAMES.enroll },
		{ to: "/laps", label: SCREEN_NAMES.laps },
		{ to: "/analytics", label: SCREEN_NAMES.analytics },
	];
	if (user.isSeller) items.push({ to: "/seller", label: SCREEN_NAMES.seller });
	if (user.isAdmin) {
		items.push(
			{ to: "/adm", label: SCREEN_NAMES.adm },
			{ to: "/seller-adm", label: SCREEN_NAMES.sellerAdm },
			{ to: "/hardware", label: SCREEN_NAMES.hardware },
		);
	}
	return items;
}

export type Role = "admin" | "seller";

/** /adm, /seller-adm and /hardware need an admin; /seller a seller or an admin. */
export function hasRole(user: MenuUser, role: Role): boolean {
	return role === "admin" ? user.isAdmin : user.isSeller || user.isAdmin;
}
