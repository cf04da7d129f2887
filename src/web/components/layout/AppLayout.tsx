import { Suspense, useCallback, useEffect, useId, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useCurrentUser } from "../../api/hooks";
import { LoadingState } from "../ui/States";
import { Header } from "./Header";
import { Menu } from "./Menu";
import "./layout.css";

const DESKTOP = "(min-width: 768px)";

function isDesktop(): boolean {
	return typeof window !== "undefined" && window.matchMedia(DESKTOP).matches;
}

/**
 * The frame of every signed-in screen: header, menu and the page (lazy-loaded, so its code
 * comes only when it is opened). The menu starts open as a sidebar on desktop and closed as a
 * drawer on phones; on phones it closes after a choice.
 */
export function AppLayout() {
	const user = useCurrentUser();
	const menuId = useId();
	const [menuOpen, setMenuOpen] = useState(isDesktop);
	const location = useLocation();

	useEffect(() => {
		const query = window.matchMedia(DESKTOP);
		const onChange = () => setMenuOpen(query.matches);
		query.addEventListener("change", onChange);
		return () => query.removeEventListener("change", onChange);
	}, []);

	useEffect(() => {
		if (!menuOpen || isDesktop()) return;
		const onKey = (event: KeyboardEvent) => {
			if (event.key === "Escape") setMenuOpen(false);
		};
		window.addEventListener("keydown", onKey);
		return () => window.removeEventListener("keydown", onKey);
	}, [menuOpen]);

	const closeOnPhone = useCallback(() => {
		if (!isDesktop()) setMenuOpen(false);
	}, []);

	if (!user) return null;
	return (
		<div className={menuOpen ? "app app--menu-open" : "app"}>
			<a className="skip-link" href="#conteudo">
				Pular para o conteúdo
			</a>
			<Header
				user={user}
				menuOpen={menuOpen}
				onToggleMenu={() => setMenuOpen((o) => !o)}
				menuId={menuId}
			/>
			<Menu id={menuId} user={user} open={menuOpen} onNavigate={closeOnPhone} />
			{menuOpen ? (
				<button
					type="button"
					className="app-menu__backdrop"
					aria-label="Fechar menu"
					tabIndex={-1}
					onClick={() => setMenuOpen(false)}
				/>
			) : null}
			<main className="app-main" id="conteudo" tabIndex={-1}>
				<Suspense fallback={<LoadingState text="Carregando a página…" />} key={location.pathname}>
					<Outlet />
				</Suspense>
			</main>
		</div>
	);
}
