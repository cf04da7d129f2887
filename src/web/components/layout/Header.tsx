import { useNavigate } from "react-router";
import type { MeUser } from "../../../shared/api/me";
import { errorMessage } from "../../api/client";
import { useLogout } from "../../api/hooks";
import { loggerLabel } from "../../lib/format";
import { Avatar } from "./Avatar";

/**
 * The fixed top bar: the menu toggle on the left; photo, name, logger code and "Sair" on the
 * right.
 */
export function Header({
	user,
	menuOpen,
	onToggleMenu,
	menuId,
}: {
	user: MeUser;
	menuOpen: boolean;
	onToggleMenu: () => void;
	menuId: string;
}) {
	const navigate = useNavigate();
	const logout = useLogout();
	const name = user.displayName ?? user.email;
	const onLogout = () => {
		logout.mutate(undefined, { onSuccess: () => navigate("/login", { replace: true }) });
	};
	return (
		<header className="app-header">
			<button
				type="button"
				className="app-header__toggle"
				aria-expanded={menuOpen}
				aria-controls={menuId}
				aria-label={menuOpen ? "Fechar menu" : "Abrir menu"}
				onClick={onToggleMenu}
			>
				<span className="hamburger" aria-hidden="true">
					<span />
					<span />
					<span />
				</span>
			</button>
			<span className="app-header__brand">
				lap<span className="app-header__brand-accent">six</span>
			</span>
			<div className="app-header__user">
				<Avatar photoUrl={user.photoUrl} name={user.displayName} email={user.email} />
				<span className="app-header__who">
					<span className="app-header__name" data-testid="header-name">
						{name}
					</span>
					{/* Admins and sellers work without a logger of their own: no "Sem logger" for them. */}
					{user.hardwareId || !(user.isAdmin || user.isSeller) ? (
						<span className="app-header__logger" data-testid="header-logger">
							{loggerLabel(user.hardwareId)}
						</span>
					) : null}
				</span>
				<button
					type="button"
					className="btn btn--small"
					onClick={onLogout}
					disabled={logout.isPending}
				>
					Sair
				</button>
			</div>
			{logout.isError ? (
				<p className="app-header__error" role="alert">
					Não foi possível sair. {errorMessage(logout.error)}
				</p>
			) : null}
		</header>
	);
}
