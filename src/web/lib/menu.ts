/** The menu behind the top-left toggle; role entries follow the user's flags (spec section 6). */

export interface MenuItem {
	to: string;
	label: string;
}

export interface MenuUser {
	isAdmin: boolean;
	isSeller: boolean;
}

export function menuItemsFor(user: MenuUser): MenuItem[] {
	const items: MenuItem[] = [
		{ to: "/user", label: "Home" },
		{ to: "/enroll", label: "Meus Dados" },
		{ to: "/laps", label: "Laps" },
		{ to: "/analytics", label: "Analytics" },
	];
	if (user.isSeller) items.push({ to: "/seller", label: "Seller" });
	if (user.isAdmin) {
		items.push(
			{ to: "/adm", label: "Adm" },
			{ to: "/seller-adm", label: "Adm-Seller" },
			{ to: "/hardware", label: "Hardware" },
		);
	}
	return items;
}

export type Role = "admin" | "seller";

/** /adm, /seller-adm and /hardware need an admin; /seller a seller or an admin. */
export function hasRole(user: MenuUser, role: Role): boolean {
	return role === "admin" ? user.isAdmin : user.isSeller || user.isAdmin;
}
