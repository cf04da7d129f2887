import { NavLink } from "react-router";
import { type MenuUser, menuItemsFor } from "../../lib/menu";

/** The navigation behind the toggle: a drawer on phones, a sidebar from 768 px up. */
export function Menu({
	id,
	user,
	open,
	onNavigate,
}: {
	id: string;
	user: MenuUser;
	open: boolean;
	onNavigate: () => void;
}) {
	return (
		<nav
			id={id}
			className={open ? "app-menu app-menu--open" : "app-menu"}
			aria-label="Menu principal"
		>
			<ul className="app-menu__list">
				{menuItemsFor(user).map((item) => (
					<li key={item.to}>
						<NavLink
							to={item.to}
							className={({ isActive }) =>
								isActive ? "app-menu__link is-active" : "app-menu__link"
							}
							onClick={onNavigate}
						>
							{item.label}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	);
}
