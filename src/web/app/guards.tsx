import type { ReactNode } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { hasRole, type Role } from "../../shared/roles";
import { useMe } from "../api/hooks";
import { Page } from "../components/layout/Page";
import { ErrorState, LoadingState } from "../components/ui/States";

function FullPageLoading() {
	return (
		<div className="page page--center">
			<LoadingState text="Verificando sua sessão…" />
		</div>
	);
}

/**
 * Signed-in screens: nobody signed in (GET /api/me 401) goes to /login; a rider who has not
 * filled "Meus Dados" yet goes to /enroll.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
	const me = useMe();
	const location = useLocation();
	if (me.isPending) return <FullPageLoading />;
	if (me.isError) {
		return (
			<div className="page page--center">
				<ErrorState
					what="Não foi possível verificar sua sessão."
					error={me.error}
					onRetry={() => void me.refetch()}
				/>
			</div>
		);
	}
	if (!me.data) return <Navigate to="/login" replace />;
	// The server decides who must fill "Meus Dados" first (riders without Wi-Fi).
	if (me.data.user.needsEnrollment && location.pathname !== "/enroll") {
		// The state tells /enroll why the rider is there and where to go once it is saved.
		const state: EnrollRedirect = { from: `${location.pathname}${location.search}` };
		return <Navigate to="/enroll" replace state={state} />;
	}
	return children;
}

/** /login: a signed-in user is sent to /user. */
export function GuestOnly({ children }: { children: ReactNode }) {
	const me = useMe();
	if (me.isPending) return <FullPageLoading />;
	if (me.data) return <Navigate to="/user" replace />;
	return children;
}

const ROLE_NAMES: Record<Role, string> = {
	admin: "administradores",
	seller: "revendedores e administradores",
};

/** Why a rider landed on /enroll: sent from `from`, which they may go back to after saving. */
export interface EnrollRedirect {
	from: string;
}

export function enrollRedirectOf(state: unknown): EnrollRedirect | null {
	const from = (state as { from?: unknown } | null)?.from;
	return typeof from === "string" && from.startsWith("/") && !from.startsWith("//")
		? { from }
		: null;
}

/** Role screens show "Sem permissão" to others (the server refuses their calls anyway). */
export function RequireRole({ need, children }: { need: Role; children: ReactNode }) {
	const me = useMe();
	const user = me.data?.user;
	if (!user) return null;
	if (!hasRole(user, need)) {
		return (
			<Page title="Sem permissão">
				<div className="state state--error" role="alert">
					<span className="state__text">Esta tela é só para {ROLE_NAMES[need]}.</span>
					<Link to="/user" className="btn btn--small">
						Voltar ao início
					</Link>
				</div>
			</Page>
		);
	}
	return children;
}
